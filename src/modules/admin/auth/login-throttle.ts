/**
 * Failed log-ins counted per client address and per email, in memory, over a sliding window.
 * In memory is enough: log-in is rare, and several instances only multiply the allowance by N.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly options: { maxFailures: number; windowMs: number } = {
      maxFailures: 5,
      windowMs: 15 * 60 * 1000,
    },
  ) {}

  /** Seconds until the next attempt is allowed for this address or email; 0 when allowed now. */
  retryAfterSeconds(address: string, email: string, now = Date.now()): number {
    const waits = [this.keyFor('address', address), this.keyFor('email', email)].map((key) => {
      const recent = this.recent(key, now);
      if (recent.length < this.options.maxFailures) return 0;
      const oldestCounted = recent[recent.length - this.options.maxFailures]!;
      return Math.ceil((oldestCounted + this.options.windowMs - now) / 1000);
    });
    return Math.max(0, ...waits);
  }

  recordFailure(address: string, email: string, now = Date.now()): void {
    for (const key of [this.keyFor('address', address), this.keyFor('email', email)]) {
      this.failures.set(key, [...this.recent(key, now), now]);
    }
    if (this.failures.size > 100_000) this.prune(now);
  }

  recordSuccess(email: string): void {
    this.failures.delete(this.keyFor('email', email));
  }

  private keyFor(kind: 'address' | 'email', value: string): string {
    return `${kind}:${kind === 'email' ? value.trim().toLowerCase() : value}`;
  }

  private recent(key: string, now: number): number[] {
    return (this.failures.get(key) ?? []).filter((at) => now - at < this.options.windowMs);
  }

  private prune(now: number): void {
    for (const key of this.failures.keys()) {
      if (this.recent(key, now).length === 0) this.failures.delete(key);
    }
  }
}
