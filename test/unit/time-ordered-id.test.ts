import { describe, expect, it } from 'vitest';
import { timeOrderedId } from '../../src/lib/time-ordered-id.js';

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
});
