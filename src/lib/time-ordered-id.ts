import { randomBytes } from 'node:crypto';

let lastMillis = 0;
let sequence = 0;

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
  const bytes = randomBytes(16);
  bytes.writeUIntBE(lastMillis, 0, 6);
  bytes[6] = 0x70 | (sequence >> 8);
  bytes[7] = sequence & 0xff;
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
