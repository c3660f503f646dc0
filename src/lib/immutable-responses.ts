import { sha256 } from './sha256.js';

export interface CachedBody {
  body: string | Buffer;
  /** A strong validator: the body's SHA-256, quoted (RFC 9110 8.8.3). */
  etag: string;
}

/**
 * Public answers that never change once they exist (a signed credential, a transparency-log tile), kept in
 * memory so that a repeated read costs no query: no invalidation is needed because nothing can change them.
 * Answers that can change (a certificate page, a status list, the checkpoint) must not go here: they need
 * invalidation from the database (docs/performance.md). Bounded by total bytes: emptied when full.
 */
export class ImmutableResponses {
  private readonly entries = new Map<string, CachedBody>();
  private bytes = 0;

  constructor(private readonly maxBytes = 32 * 1024 * 1024) {}

  get(key: string): CachedBody | undefined {
    return this.entries.get(key);
  }

  /** Keeps the body and returns it with its ETag (computed once here). */
  put(key: string, body: string | Buffer): CachedBody {
    const entry = { body, etag: etagOf(body) };
    const size = typeof body === 'string' ? Buffer.byteLength(body) : body.length;
    if (size > this.maxBytes) return entry;
    if (this.bytes + size > this.maxBytes) this.clear();
    this.entries.set(key, entry);
    this.bytes += size;
    return entry;
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }
}

export function etagOf(body: string | Buffer): string {
  return `"${sha256(body).toString('base64url')}"`;
}

/** Whether an If-None-Match header names this ETag (or `*`): the client's copy is current (304). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  // If-None-Match compares weakly (RFC 9110 13.1.2): W/ is ignored on both sides.
  const wanted = etag.replace(/^W\//, '');
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === wanted || tag === '*');
}
