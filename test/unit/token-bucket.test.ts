import { describe, expect, it } from 'vitest';
import { MemoryTokenBuckets } from '../../src/lib/token-bucket.js';

describe('in-memory token buckets', () => {
  function bucketsAt(clock: { now: number }) {
    return new MemoryTokenBuckets(() => clock.now);
  }

  it('refuses once the burst is used and allows again after one token refills', () => {
    const clock = { now: 0 };
    const buckets = bucketsAt(clock);
    const policy = { ratePerSecond: 0.5, burst: 2 };
    expect([1, 2, 3].map(() => buckets.takeSync('k', policy).allowed)).toEqual([true, true, false]);
    expect(buckets.takeSync('k', policy).retryAfterSeconds).toBe(2);
    clock.now += 1_999;
    expect(buckets.takeSync('k', policy).allowed).toBe(false);
    clock.now += 2_001;
    expect(buckets.takeSync('k', policy).allowed).toBe(true);
    buckets.close();
  });

  it('sweeps a bucket only once it has refilled completely, however slow its rate', () => {
    const clock = { now: 0 };
    const buckets = bucketsAt(clock);
    const slow = { ratePerSecond: 0.001, burst: 1 };
    buckets.takeSync('slow', slow);
    clock.now = 999_000;
    buckets.sweep();
    expect(buckets.size).toBe(1);
    expect(buckets.takeSync('slow', slow).allowed).toBe(false);
    clock.now = 2_999_000;
    buckets.sweep();
    expect(buckets.size).toBe(0);
    buckets.close();
  });

  it('a costlier take is served while a token remains, takes its whole cost and leaves a debt to wait out', () => {
    const clock = { now: 0 };
    const buckets = bucketsAt(clock);
    const policy = { ratePerSecond: 1, burst: 3 };
    const costly = buckets.takeSync('k', policy, 5);
    expect(costly).toMatchObject({ allowed: true, remaining: 0 });
    const refused = buckets.takeSync('k', policy);
    // 3 - 5 = -2 tokens: one token is 3 s away, and the refusal took nothing.
    expect(refused).toMatchObject({ allowed: false, retryAfterSeconds: 3 });
    clock.now += 2_999;
    expect(buckets.takeSync('k', policy).allowed).toBe(false);
    clock.now += 2;
    expect(buckets.takeSync('k', policy, 4).allowed).toBe(true);
    expect(buckets.takeSync('k', policy).retryAfterSeconds).toBe(4);
    buckets.close();
  });
});
