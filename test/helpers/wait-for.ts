import { vi } from 'vitest';

/** Polls (vitest's vi.waitFor) until the condition gives a truthy value and returns it, or fails after timeoutMs. */
export async function waitFor<T>(
  condition: () => T | Promise<T>,
  { timeoutMs = 15_000, intervalMs = 25, message = 'condition' } = {},
): Promise<NonNullable<T>> {
  return vi.waitFor(
    async () => {
      const value = await condition();
      if (!value) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${message}`);
      return value;
    },
    { timeout: timeoutMs, interval: intervalMs },
  );
}
