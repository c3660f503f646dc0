import { describe, expect, it } from 'vitest';
import { millisecondOfOrderedId, timeOrderedId } from '../../src/lib/time-ordered-id.js';

describe('timeOrderedId', () => {
  it('makes version-7 UUIDs that sort in the order they were made, thousands within one millisecond', () => {
    const ids = Array.from({ length: 10_000 }, () => timeOrderedId());
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('draws a fresh random tail for every id, across the refills of its pool of random bytes', () => {
    const tails = Array.from({ length: 10_000 }, () => timeOrderedId().slice(19).replace('-', ''));
    // 62 random bits each: 10,000 tails collide with a chance below one in 10^10.
    expect(new Set(tails).size).toBe(tails.length);
  });

  it('gives back the millisecond an id was made in, and nothing for an id of another version', () => {
    const before = Date.now();
    const made = millisecondOfOrderedId(timeOrderedId())!;
    expect(made).toBeGreaterThanOrEqual(before);
    // Ahead of the clock only by the milliseconds borrowed past 4,096 ids in one (the tests above make 20,000).
    expect(made).toBeLessThanOrEqual(Date.now() + 1000);
    expect(millisecondOfOrderedId('0190a1b2-c3d4-7e5f-8a6b-7c8d9e0f1a2b')).toBe(0x0190a1b2c3d4);
    expect(millisecondOfOrderedId('3f0e8a0c-5a3d-4b8e-9c1f-2d7e6b5a4c3b')).toBeUndefined();
  });
});
