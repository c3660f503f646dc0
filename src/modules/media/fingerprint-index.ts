import { NO_SLOT, UuidSlots, widen } from '../../lib/uuid-slots.js';
import { FEATURELESS_PHASH, popcount32, type ImageFingerprint } from './perceptual-hash.js';

export type MatchConfidence = 'exact' | 'likely' | 'possible';

// From the measured quality (docs/media.md, "Photo search: measured quality"): a resized or re-compressed copy
// lands within 4 bits, a brighter, darker or grey copy within 8 (all but one), a 5 % crop mostly within 10;
// unrelated pictures come within 10 bits in about 1 of 40,000 pairs, within 12 in 1 of 27,000, and a radius of
// 10 keeps the band probes at ⌊10/4⌋ = 2 bits.
const EXACT_DISTANCE = 4;
const LIKELY_DISTANCE = 8;
/** Largest distance that is still a match ('possible'). */
export const MAX_MATCH_DISTANCE = 10;

/** distance → confidence, or null when the distance is beyond 'possible'. */
export function confidenceOf(distance: number): MatchConfidence | null {
  if (distance <= EXACT_DISTANCE) return 'exact';
  if (distance <= LIKELY_DISTANCE) return 'likely';
  if (distance <= MAX_MATCH_DISTANCE) return 'possible';
  return null;
}

const BANDS = 4;
const BAND_VALUES = 1 << 16;
const NONE = -1;
const DEFAULT_LIMIT = 50;
// Above this radius per band the probes (Σ C(16, i)) outnumber a scan of a small index: scan instead.
const MAX_PROBE_RADIUS = 3;

// Every 16-bit mask of at most MAX_PROBE_RADIUS set bits, fewest bits first, and where each radius ends.
const PROBE_MASKS: number[] = [];
const PROBES_WITHIN: number[] = [];
for (let radius = 0; radius <= MAX_PROBE_RADIUS; radius++) {
  for (let mask = 0; mask < BAND_VALUES; mask++) if (popcount32(mask) === radius) PROBE_MASKS.push(mask);
  PROBES_WITHIN.push(PROBE_MASKS.length);
}

function bandOf(hi: number, lo: number, band: number): number {
  const word = band < 2 ? hi : lo;
  return band % 2 === 0 ? word >>> 16 : word & 0xffff;
}

/**
 * In-memory, exact within maxDistance: multi-index hashing on the four 16-bit bands of the 64-bit pHash. Two
 * hashes within r bits agree within ⌊r/4⌋ bits on at least one band (pigeonhole), so a search probes, in each
 * band, the buckets within that radius of the query's band value and checks the whole distance of what it finds.
 *
 * Everything sits in typed arrays indexed by a slot number (no object per entry): the hash as two 32-bit words,
 * the media id as four, and per band a doubly linked bucket list (head per band value, next/prev per slot);
 * UuidSlots (src/lib/uuid-slots.ts) finds a media id's slot for replace and remove. About 72 bytes an entry.
 * Keys are media ids (uuid strings); re-adding a key replaces it. A featureless image is neither stored nor found.
 */
export class FingerprintIndex {
  private readonly slots = new UuidSlots();
  private capacity = 0;
  private hashHi = new Uint32Array(0);
  private hashLo = new Uint32Array(0);
  private next = new Int32Array(0);
  private prev = new Int32Array(0);
  private readonly heads = new Int32Array(BANDS * BAND_VALUES).fill(NONE);

  get size(): number {
    return this.slots.size;
  }

  /** Bytes the index holds (approximate), for the memory figure. */
  get memoryBytes(): number {
    return (
      this.hashHi.byteLength +
      this.hashLo.byteLength +
      this.next.byteLength +
      this.prev.byteLength +
      this.heads.byteLength +
      this.slots.memoryBytes
    );
  }

  /** Every media id held, in no particular order. */
  *mediaIds(): Generator<string> {
    for (let slot = 0; slot < this.slots.end; slot++)
      if (this.slots.isUsed(slot)) yield this.slots.mediaIdAt(slot);
  }

  /** A featureless image (FEATURELESS_PHASH) is not stored: it would match every other blank picture. */
  add(mediaId: string, fingerprint: ImageFingerprint): void {
    const existing = this.slots.find(mediaId);
    if (existing !== NO_SLOT) this.removeSlot(existing);
    if (fingerprint.phash === FEATURELESS_PHASH) return;
    const slot = this.slots.claim(mediaId);
    if (this.slots.capacity > this.capacity) this.grow();
    const hi = Number((fingerprint.phash >> 32n) & 0xffffffffn);
    const lo = Number(fingerprint.phash & 0xffffffffn);
    this.hashHi[slot] = hi;
    this.hashLo[slot] = lo;
    for (let band = 0; band < BANDS; band++) this.link(slot, band, bandOf(hi, lo, band));
  }

  remove(mediaId: string): void {
    const slot = this.slots.find(mediaId);
    if (slot !== NO_SLOT) this.removeSlot(slot);
  }

  /** All entries within maxDistance (default MAX_MATCH_DISTANCE), nearest first, at most `limit`. */
  search(
    fingerprint: ImageFingerprint,
    options: { maxDistance?: number; limit?: number } = {},
  ): { mediaId: string; distance: number }[] {
    const maxDistance = Math.min(64, Math.max(0, Math.floor(options.maxDistance ?? MAX_MATCH_DISTANCE)));
    const limit = options.limit ?? DEFAULT_LIMIT;
    if (fingerprint.phash === FEATURELESS_PHASH) return [];
    const hi = Number((fingerprint.phash >> 32n) & 0xffffffffn) >>> 0;
    const lo = Number(fingerprint.phash & 0xffffffffn) >>> 0;
    const radius = Math.floor(maxDistance / BANDS);
    const found: number[] = [];
    if (radius > MAX_PROBE_RADIUS) this.scan(hi, lo, maxDistance, found);
    else this.probe(hi, lo, maxDistance, radius, found);
    const matches: { mediaId: string; distance: number }[] = [];
    for (let i = 0; i < found.length; i += 2) {
      matches.push({ mediaId: this.slots.mediaIdAt(found[i]!), distance: found[i + 1]! });
    }
    matches.sort(
      (a, b) => a.distance - b.distance || (a.mediaId < b.mediaId ? -1 : a.mediaId > b.mediaId ? 1 : 0),
    );
    return matches.slice(0, Math.max(0, limit));
  }

  private probe(hi: number, lo: number, maxDistance: number, radius: number, found: number[]): void {
    const { hashHi, hashLo, next, heads } = this;
    const probes = PROBES_WITHIN[radius]!;
    for (let band = 0; band < BANDS; band++) {
      const value = bandOf(hi, lo, band);
      for (let p = 0; p < probes; p++) {
        for (let slot = heads[band * BAND_VALUES + (value ^ PROBE_MASKS[p]!)]!; slot !== NONE;) {
          const distance = popcount32(hashHi[slot]! ^ hi) + popcount32(hashLo[slot]! ^ lo);
          // An entry also close on an earlier band was reported there: report each entry once.
          if (distance <= maxDistance && !this.nearOnEarlierBand(slot, hi, lo, band, radius)) {
            found.push(slot, distance);
          }
          slot = next[slot * BANDS + band]!;
        }
      }
    }
  }

  private nearOnEarlierBand(slot: number, hi: number, lo: number, band: number, radius: number): boolean {
    const slotHi = this.hashHi[slot]!;
    const slotLo = this.hashLo[slot]!;
    for (let earlier = 0; earlier < band; earlier++) {
      if (popcount32(bandOf(slotHi, slotLo, earlier) ^ bandOf(hi, lo, earlier)) <= radius) return true;
    }
    return false;
  }

  private scan(hi: number, lo: number, maxDistance: number, found: number[]): void {
    const { hashHi, hashLo } = this;
    for (let slot = 0; slot < this.slots.end; slot++) {
      if (!this.slots.isUsed(slot)) continue;
      const distance = popcount32(hashHi[slot]! ^ hi) + popcount32(hashLo[slot]! ^ lo);
      if (distance <= maxDistance) found.push(slot, distance);
    }
  }

  private link(slot: number, band: number, value: number): void {
    const bucket = band * BAND_VALUES + value;
    const head = this.heads[bucket]!;
    this.next[slot * BANDS + band] = head;
    this.prev[slot * BANDS + band] = HEAD;
    if (head !== NONE) this.prev[head * BANDS + band] = slot;
    this.heads[bucket] = slot;
  }

  private unlink(slot: number, band: number, value: number): void {
    const after = this.next[slot * BANDS + band]!;
    const before = this.prev[slot * BANDS + band]!;
    if (before === HEAD) this.heads[band * BAND_VALUES + value] = after;
    else this.next[before * BANDS + band] = after;
    if (after !== NONE) this.prev[after * BANDS + band] = before;
  }

  private removeSlot(slot: number): void {
    const hi = this.hashHi[slot]!;
    const lo = this.hashLo[slot]!;
    for (let band = 0; band < BANDS; band++) this.unlink(slot, band, bandOf(hi, lo, band));
    this.slots.release(slot);
  }

  private grow(): void {
    const capacity = this.slots.capacity;
    this.hashHi = widen(this.hashHi, capacity);
    this.hashLo = widen(this.hashLo, capacity);
    this.next = widen(this.next, capacity * BANDS);
    this.prev = widen(this.prev, capacity * BANDS);
    this.capacity = capacity;
  }
}

/** prev of a bucket's first slot. */
const HEAD = -2;
