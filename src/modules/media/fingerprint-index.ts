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
const EMPTY = -1;
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

const UUID = /^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})$/i;

function hex8(word: number): string {
  return (word >>> 0).toString(16).padStart(8, '0');
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
 * an open-addressing table finds a media id's slot for replace and remove. About 72 bytes an entry.
 * Keys are media ids (uuid strings); re-adding a key replaces it. A featureless image is neither stored nor found.
 */
export class FingerprintIndex {
  private capacity = 0;
  private count = 0;
  /** Slots in use at least once; slots below this that are free sit on the free list. */
  private highWater = 0;
  private hashHi = new Uint32Array(0);
  private hashLo = new Uint32Array(0);
  private ids = new Uint32Array(0);
  private next = new Int32Array(0);
  private prev = new Int32Array(0);
  private readonly heads = new Int32Array(BANDS * BAND_VALUES).fill(NONE);
  private freeSlots = new Int32Array(0);
  private freeCount = 0;
  private table = new Int32Array(0).fill(EMPTY);
  private tableMask = 0;

  get size(): number {
    return this.count;
  }

  /** Bytes the index holds (approximate), for the memory figure. */
  get memoryBytes(): number {
    return (
      this.hashHi.byteLength +
      this.hashLo.byteLength +
      this.ids.byteLength +
      this.next.byteLength +
      this.prev.byteLength +
      this.heads.byteLength +
      this.freeSlots.byteLength +
      this.table.byteLength
    );
  }

  /** Every media id held, in no particular order. */
  *mediaIds(): Generator<string> {
    for (let slot = 0; slot < this.highWater; slot++)
      if (this.prev[slot * BANDS] !== FREE) yield this.mediaIdAt(slot);
  }

  /** A featureless image (FEATURELESS_PHASH) is not stored: it would match every other blank picture. */
  add(mediaId: string, fingerprint: ImageFingerprint): void {
    const key = parseUuid(mediaId);
    const existing = this.findSlot(key);
    if (existing !== NONE) this.removeSlot(existing);
    if (fingerprint.phash === FEATURELESS_PHASH) return;
    if (this.freeCount === 0 && this.highWater === this.capacity) this.grow();
    const slot = this.freeCount > 0 ? this.freeSlots[--this.freeCount]! : this.highWater++;
    const hi = Number((fingerprint.phash >> 32n) & 0xffffffffn);
    const lo = Number(fingerprint.phash & 0xffffffffn);
    this.hashHi[slot] = hi;
    this.hashLo[slot] = lo;
    this.ids.set(key, slot * 4);
    for (let band = 0; band < BANDS; band++) this.link(slot, band, bandOf(hi, lo, band));
    this.insertKey(slot);
    this.count++;
  }

  remove(mediaId: string): void {
    const slot = this.findSlot(parseUuid(mediaId));
    if (slot !== NONE) this.removeSlot(slot);
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
      matches.push({ mediaId: this.mediaIdAt(found[i]!), distance: found[i + 1]! });
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
    for (let slot = 0; slot < this.highWater; slot++) {
      if (this.prev[slot * BANDS] === FREE) continue;
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
    this.deleteKey(slot);
    this.prev[slot * BANDS] = FREE;
    this.freeSlots[this.freeCount++] = slot;
    this.count--;
  }

  private grow(): void {
    const capacity = Math.max(1024, this.capacity * 2);
    const widen = <T extends Uint32Array | Int32Array>(
      old: T,
      make: (length: number) => T,
      perSlot: number,
    ): T => {
      const grown = make(capacity * perSlot);
      grown.set(old);
      return grown;
    };
    this.hashHi = widen(this.hashHi, (n) => new Uint32Array(n), 1);
    this.hashLo = widen(this.hashLo, (n) => new Uint32Array(n), 1);
    this.ids = widen(this.ids, (n) => new Uint32Array(n), 4);
    this.next = widen(this.next, (n) => new Int32Array(n), BANDS);
    this.prev = widen(this.prev, (n) => new Int32Array(n), BANDS);
    this.freeSlots = widen(this.freeSlots, (n) => new Int32Array(n), 1);
    this.capacity = capacity;
    // The key table stays at most half full so linear probing stays short.
    this.table = new Int32Array(capacity * 2).fill(EMPTY);
    this.tableMask = capacity * 2 - 1;
    for (let slot = 0; slot < this.highWater; slot++)
      if (this.prev[slot * BANDS] !== FREE) this.insertKey(slot);
  }

  private keyHash(words: ArrayLike<number>, offset: number): number {
    // uuid v4 is random and v7 random in its last 8 bytes: mixing the last two words spreads either kind.
    let h = Math.imul(words[offset + 2]! ^ 0x9e3779b9, 0x85ebca6b) ^ words[offset + 3]!;
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    return (h ^ (h >>> 16)) & this.tableMask;
  }

  private sameKey(slot: number, key: Uint32Array): boolean {
    const at = slot * 4;
    const ids = this.ids;
    return ids[at] === key[0] && ids[at + 1] === key[1] && ids[at + 2] === key[2] && ids[at + 3] === key[3];
  }

  private findSlot(key: Uint32Array): number {
    if (this.capacity === 0) return NONE;
    for (let i = this.keyHash(key, 0); ; i = (i + 1) & this.tableMask) {
      const slot = this.table[i]!;
      if (slot === EMPTY) return NONE;
      if (this.sameKey(slot, key)) return slot;
    }
  }

  private insertKey(slot: number): void {
    let i = this.keyHash(this.ids, slot * 4);
    while (this.table[i] !== EMPTY) i = (i + 1) & this.tableMask;
    this.table[i] = slot;
  }

  /** Linear-probing delete with backward shift: no tombstones, so probe runs never lengthen. */
  private deleteKey(slot: number): void {
    const { table, tableMask } = this;
    let i = this.keyHash(this.ids, slot * 4);
    while (table[i] !== slot) i = (i + 1) & tableMask;
    let hole = i;
    for (let j = (hole + 1) & tableMask; table[j] !== EMPTY; j = (j + 1) & tableMask) {
      const home = this.keyHash(this.ids, table[j]! * 4);
      // Move j back into the hole unless its home lies cyclically in (hole, j].
      const stays = hole <= j ? home > hole && home <= j : home > hole || home <= j;
      if (!stays) {
        table[hole] = table[j]!;
        hole = j;
      }
    }
    table[hole] = EMPTY;
  }

  private mediaIdAt(slot: number): string {
    const a = hex8(this.ids[slot * 4]!);
    const b = hex8(this.ids[slot * 4 + 1]!);
    const c = hex8(this.ids[slot * 4 + 2]!);
    const d = hex8(this.ids[slot * 4 + 3]!);
    return `${a}-${b.slice(0, 4)}-${b.slice(4)}-${c.slice(0, 4)}-${c.slice(4)}${d}`;
  }
}

/** prev of a bucket's first slot, and of band 0 of a free slot (a slot can be neither twice). */
const HEAD = -2;
const FREE = -3;

function parseUuid(mediaId: string): Uint32Array {
  const parts = UUID.exec(mediaId);
  if (!parts) throw new TypeError(`media id is not a uuid: ${mediaId}`);
  const hex = (parts[1]! + parts[2]! + parts[3]! + parts[4]! + parts[5]!).toLowerCase();
  const key = new Uint32Array(4);
  for (let i = 0; i < 4; i++) key[i] = Number.parseInt(hex.slice(i * 8, i * 8 + 8), 16);
  return key;
}
