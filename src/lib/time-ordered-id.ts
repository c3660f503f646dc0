import { randomFillSync } from 'node:crypto';

let lastMillis = 0;
let sequence = 0;

// Random bytes drawn 4 KiB at a time, as randomUUID does: one call into the system's generator per 512 ids, not
// one per id (a verification makes two; the per-id call was 1.4 % of a verify run's CPU, docs/performance.md).
const RANDOM_POOL = Buffer.alloc(4096);
// Bytes 8 to 15 of an id are random (its variant bits aside); the rest are time, version and sequence.
const RANDOM_BYTES_PER_ID = 8;
let poolOffset = RANDOM_POOL.length;

function randomTail(into: Buffer): void {
  if (poolOffset + RANDOM_BYTES_PER_ID > RANDOM_POOL.length) {
    randomFillSync(RANDOM_POOL);
    poolOffset = 0;
  }
  RANDOM_POOL.copy(into, 8, poolOffset, poolOffset + RANDOM_BYTES_PER_ID);
  poolOffset += RANDOM_BYTES_PER_ID;
}

/**
 * A UUIDv7 (RFC 9562): milliseconds first, then a 12-bit sequence that counts up within one millisecond, so ids made
 * by one process sort in the order they were made even when their timestamps tie (the database keeps milliseconds).
 */
export function timeOrderedId(): string {
  const now = Date.now();
  if (now > lastMillis) {
    lastMillis = now;
    sequence = 0;
  } else if (++sequence > 0xfff) {
    // Past 4,096 ids in one millisecond: borrow the next millisecond rather than go out of order.
    lastMillis += 1;
    sequence = 0;
  }
  const bytes = Buffer.allocUnsafe(16);
  randomTail(bytes);
  bytes.writeUIntBE(lastMillis, 0, 6);
  bytes[6] = 0x70 | (sequence >> 8);
  bytes[7] = sequence & 0xff;
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The millisecond a UUIDv7 was made in (its first 48 bits), or undefined for an id of another version. */
export function millisecondOfOrderedId(id: string): number | undefined {
  if (id[14] !== '7') return undefined;
  return Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
}
