import { seededWords } from '../helpers/seeded-random.js';
import { describe, expect, it } from 'vitest';
import {
  FingerprintIndex,
  MAX_MATCH_DISTANCE,
  confidenceOf,
} from '../../src/modules/media/fingerprint-index.js';
import { FEATURELESS_PHASH, hammingDistance } from '../../src/modules/media/perceptual-hash.js';

function uuidFrom(random: () => number): string {
  const hex = [random(), random(), random(), random()].map((w) => w.toString(16).padStart(8, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
}

function hashFrom(random: () => number): bigint {
  return (BigInt(random()) << 32n) | BigInt(random());
}

/** A hash `bits` bits away from `hash`, at positions the random source picks. */
function flip(hash: bigint, bits: number, random: () => number): bigint {
  const positions = new Set<number>();
  while (positions.size < bits) positions.add(random() % 64);
  let result = hash;
  for (const position of positions) result ^= 1n << BigInt(position);
  return result;
}

function bruteForce(entries: Map<string, bigint>, query: bigint, maxDistance: number) {
  return [...entries]
    .map(([mediaId, phash]) => ({ mediaId, distance: hammingDistance(phash, query) }))
    .filter((match) => match.distance <= maxDistance)
    .sort((a, b) => a.distance - b.distance || (a.mediaId < b.mediaId ? -1 : 1));
}

describe('FingerprintIndex', () => {
  it('finds exactly what a brute-force scan finds, at every distance up to the maximum and beyond', () => {
    const random = seededWords(7);
    const index = new FingerprintIndex();
    const entries = new Map<string, bigint>();
    const centres = Array.from({ length: 40 }, () => hashFrom(random));
    // Clusters around a few centres (every distance 0..20 present) plus uniform noise.
    for (let i = 0; i < 6000; i++) {
      const phash = i % 3 === 0 ? hashFrom(random) : flip(centres[i % 40]!, random() % 21, random);
      const mediaId = uuidFrom(random);
      entries.set(mediaId, phash);
      index.add(mediaId, { phash });
    }
    expect(index.size).toBe(6000);
    for (let q = 0; q < 120; q++) {
      const query = q % 2 === 0 ? flip(centres[q % 40]!, q % 9, random) : hashFrom(random);
      const within20 = bruteForce(entries, query, 20);
      for (const maxDistance of [0, 3, 7, MAX_MATCH_DISTANCE, 15, 20]) {
        const expected = within20.filter((match) => match.distance <= maxDistance);
        expect(index.search({ phash: query }, { maxDistance, limit: 100_000 })).toEqual(expected);
      }
    }
  });

  it('uses MAX_MATCH_DISTANCE by default and returns at most `limit`, nearest first', () => {
    const random = seededWords(11);
    const index = new FingerprintIndex();
    const centre = hashFrom(random);
    for (let d = 0; d <= MAX_MATCH_DISTANCE + 3; d++)
      index.add(uuidFrom(random), { phash: flip(centre, d, random) });
    const all = index.search({ phash: centre });
    expect(all.map((m) => m.distance)).toEqual(Array.from({ length: MAX_MATCH_DISTANCE + 1 }, (_, d) => d));
    expect(index.search({ phash: centre }, { limit: 3 }).map((m) => m.distance)).toEqual([0, 1, 2]);
  });

  it('replaces an entry re-added under its id, and forgets a removed one', () => {
    const index = new FingerprintIndex();
    const id = '0190f3a4-7b1c-7def-8123-456789abcdef';
    index.add(id, { phash: 0x1234n });
    index.add(id.toUpperCase(), { phash: 0xffff_ffff_0000_0000n });
    expect(index.size).toBe(1);
    expect(index.search({ phash: 0x1234n })).toEqual([]);
    expect(index.search({ phash: 0xffff_ffff_0000_0000n })).toEqual([{ mediaId: id, distance: 0 }]);
    index.remove(id);
    index.remove(id);
    expect(index.size).toBe(0);
    expect(index.search({ phash: 0xffff_ffff_0000_0000n }, { maxDistance: 64 })).toEqual([]);
  });

  it('stays exact through many adds, replaces and removes (slots and ids reused)', () => {
    const random = seededWords(3);
    const index = new FingerprintIndex();
    const entries = new Map<string, bigint>();
    const ids: string[] = [];
    const centre = hashFrom(random);
    for (let step = 0; step < 20_000; step++) {
      const action = random() % 10;
      if (action < 5 || ids.length === 0) {
        const id = uuidFrom(random);
        ids.push(id);
        const phash = flip(centre, random() % 16, random);
        entries.set(id, phash);
        index.add(id, { phash });
      } else if (action < 7) {
        const id = ids[random() % ids.length]!;
        const phash = flip(centre, random() % 16, random);
        entries.set(id, phash);
        index.add(id, { phash });
      } else {
        const at = random() % ids.length;
        const id = ids[at]!;
        ids[at] = ids[ids.length - 1]!;
        ids.pop();
        entries.delete(id);
        index.remove(id);
      }
    }
    expect(index.size).toBe(entries.size);
    for (let q = 0; q < 30; q++) {
      const query = flip(centre, q % 12, random);
      expect(index.search({ phash: query }, { maxDistance: 9, limit: 100_000 })).toEqual(
        bruteForce(entries, query, 9),
      );
    }
  });

  it('neither stores nor finds a featureless image, and re-adding one as featureless drops the old entry', () => {
    const index = new FingerprintIndex();
    const id = '0190f3a4-7b1c-7def-8123-456789abcdef';
    index.add(id, { phash: 0xffn });
    index.add('0190f3a4-7b1c-7def-8123-000000000000', { phash: FEATURELESS_PHASH });
    expect(index.size).toBe(1);
    expect(index.search({ phash: FEATURELESS_PHASH }, { maxDistance: 64 })).toEqual([]);
    index.add(id, { phash: FEATURELESS_PHASH });
    expect(index.size).toBe(0);
  });

  it('refuses a key that is no uuid', () => {
    expect(() => new FingerprintIndex().add('media-1', { phash: 1n })).toThrow(TypeError);
  });

  it('holds an entry in under 80 bytes (a million in tens of MiB, not hundreds)', () => {
    const random = seededWords(5);
    const index = new FingerprintIndex();
    for (let i = 0; i < 131_072; i++) index.add(uuidFrom(random), { phash: hashFrom(random) });
    expect(index.size).toBe(131_072);
    expect(index.memoryBytes / index.size).toBeLessThan(80);
  });
});

describe('confidenceOf', () => {
  it('names each distance up to MAX_MATCH_DISTANCE and nothing beyond', () => {
    expect(confidenceOf(0)).toBe('exact');
    expect(confidenceOf(MAX_MATCH_DISTANCE)).toBe('possible');
    expect(confidenceOf(MAX_MATCH_DISTANCE + 1)).toBeNull();
    const order = ['exact', 'likely', 'possible'];
    for (let d = 1; d <= MAX_MATCH_DISTANCE; d++) {
      expect(order.indexOf(confidenceOf(d)!)).toBeGreaterThanOrEqual(order.indexOf(confidenceOf(d - 1)!));
    }
  });
});
