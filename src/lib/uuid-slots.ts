const UUID = /^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})$/i;
/** No slot. */
export const NO_SLOT = -1;
const EMPTY = -1;
const MIN_CAPACITY = 1024;

function hex8(word: number): string {
  return (word >>> 0).toString(16).padStart(8, '0');
}

function parseUuid(mediaId: string): Uint32Array {
  const parts = UUID.exec(mediaId);
  if (!parts) throw new TypeError(`media id is not a uuid: ${mediaId}`);
  const hex = (parts[1]! + parts[2]! + parts[3]! + parts[4]! + parts[5]!).toLowerCase();
  const key = new Uint32Array(4);
  for (let i = 0; i < 4; i++) key[i] = Number.parseInt(hex.slice(i * 8, i * 8 + 8), 16);
  return key;
}

/**
 * uuid → slot number for the in-memory indexes (the pHash index, the recognition index): the uuid as four 32-bit
 * words per slot, a free list, and an open-addressing table (linear probing, at most half full, deletion by
 * backward shift) that finds a uuid's slot. No object per entry. An index keeps its own per-slot typed arrays and
 * widens them when `capacity` grows (see `claim`).
 */
export class UuidSlots {
  private slotCapacity = 0;
  private count = 0;
  /** Slots in use at least once; slots below this that are free sit on the free list. */
  private highWater = 0;
  private ids = new Uint32Array(0);
  private used = new Uint8Array(0);
  private freeSlots = new Int32Array(0);
  private freeCount = 0;
  private table = new Int32Array(0);
  private tableMask = 0;

  get size(): number {
    return this.count;
  }

  /** Slots the per-slot arrays must hold: every slot number is below it. */
  get capacity(): number {
    return this.slotCapacity;
  }

  /** Every slot number in use is below this. */
  get end(): number {
    return this.highWater;
  }

  get memoryBytes(): number {
    return this.ids.byteLength + this.used.byteLength + this.freeSlots.byteLength + this.table.byteLength;
  }

  isUsed(slot: number): boolean {
    return this.used[slot] === 1;
  }

  /** The uuid's slot, or NO_SLOT. Throws on a string that is not a uuid. */
  find(mediaId: string): number {
    return this.findKey(parseUuid(mediaId));
  }

  /** A fresh slot for a uuid not held (find it first); `capacity` may have grown. */
  claim(mediaId: string): number {
    const key = parseUuid(mediaId);
    if (this.freeCount === 0 && this.highWater === this.slotCapacity) this.grow();
    const slot = this.freeCount > 0 ? this.freeSlots[--this.freeCount]! : this.highWater++;
    this.ids.set(key, slot * 4);
    this.used[slot] = 1;
    this.insertKey(slot);
    this.count++;
    return slot;
  }

  release(slot: number): void {
    this.deleteKey(slot);
    this.used[slot] = 0;
    this.freeSlots[this.freeCount++] = slot;
    this.count--;
  }

  mediaIdAt(slot: number): string {
    const a = hex8(this.ids[slot * 4]!);
    const b = hex8(this.ids[slot * 4 + 1]!);
    const c = hex8(this.ids[slot * 4 + 2]!);
    const d = hex8(this.ids[slot * 4 + 3]!);
    return `${a}-${b.slice(0, 4)}-${b.slice(4)}-${c.slice(0, 4)}-${c.slice(4)}${d}`;
  }

  private grow(): void {
    const capacity = Math.max(MIN_CAPACITY, this.slotCapacity * 2);
    this.ids = widen(this.ids, capacity * 4);
    this.used = widen(this.used, capacity);
    this.freeSlots = widen(this.freeSlots, capacity);
    this.slotCapacity = capacity;
    // The key table stays at most half full so linear probing stays short.
    this.table = new Int32Array(capacity * 2).fill(EMPTY);
    this.tableMask = capacity * 2 - 1;
    for (let slot = 0; slot < this.highWater; slot++) if (this.used[slot] === 1) this.insertKey(slot);
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

  private findKey(key: Uint32Array): number {
    if (this.slotCapacity === 0) return NO_SLOT;
    for (let i = this.keyHash(key, 0); ; i = (i + 1) & this.tableMask) {
      const slot = this.table[i]!;
      if (slot === EMPTY) return NO_SLOT;
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
}

/** A copy of `old` with room for `length` elements. */
export function widen<T extends Uint8Array | Uint16Array | Uint32Array | Int32Array | Float32Array>(
  old: T,
  length: number,
): T {
  const grown = new (old.constructor as new (length: number) => T)(length);
  grown.set(old);
  return grown;
}
