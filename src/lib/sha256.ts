import { hash } from 'node:crypto';

// crypto.hash makes no Hash object per digest: a third cheaper for the short inputs of the hot paths (the receipt,
// the history chain, the log's leaves, the API key), docs/performance.md "Round 3: verify".

/** SHA-256 of bytes, or of a string as UTF-8. */
export function sha256(data: string | Uint8Array): Buffer {
  return hash('sha256', data, 'buffer');
}

/** SHA-256 as lowercase hex. */
export function sha256Hex(data: string | Uint8Array): string {
  return hash('sha256', data, 'hex');
}
