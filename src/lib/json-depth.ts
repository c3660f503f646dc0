/**
 * True when a parsed JSON value nests arrays or objects more than `max` levels deep. Iterative, so a body
 * nested 32,000 deep is measured without the recursion that would overflow the stack.
 */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const pending: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (pending.length > 0) {
    const { value: current, depth } = pending.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth >= max) return true;
    for (const item of Array.isArray(current) ? current : Object.values(current)) {
      if (item !== null && typeof item === 'object') pending.push({ value: item, depth: depth + 1 });
    }
  }
  return false;
}
