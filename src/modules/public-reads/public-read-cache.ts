import type { Queryable } from '../../db/database.js';
import { readPublicReadVersions, type PublicReadTopic } from './public-read-versions.repository.js';

export type { PublicReadTopic } from './public-read-versions.repository.js';

export interface PublicRead<T> {
  value: T;
  /** A validator for ETag/If-None-Match, computed once per loaded value. */
  etag: string;
  /** False when the bypass hook said so: the caller answers `Cache-Control: no-store`. */
  cacheable: boolean;
}

/** Topic versions a caller read itself, in a statement that began after its request arrived. */
export type KnownVersions = ReadonlyMap<string, string>;

interface Entry {
  value: unknown;
  etag: string;
  versions: readonly string[];
}

/**
 * Public reads that can change (a certificate page, a status list, did.json/JWKS, the checkpoint), kept in
 * this instance's memory with the versions of the topics they were made from (docs/performance.md).
 *
 * Every read first learns the current versions from the database — one tiny query, shared by every read that
 * arrives while it waits (a read waits for a check that started after it arrived, so a change committed before
 * the read began is always seen, on this instance or any other, through any pooler, on PGlite too). An entry
 * whose topics' versions are unchanged is answered without loading; otherwise it is loaded again.
 */
export class PublicReadCache {
  private readonly entries = new Map<string, Entry>();
  private checking: Promise<Map<string, string>> | undefined;
  private nextCheck: Promise<Map<string, string>> | undefined;

  constructor(
    private readonly db: Queryable,
    private readonly maxEntries = 10_000,
  ) {}

  /**
   * The value of key, from memory while none of topics changed, else from load (kept with its etag unless
   * keep says no: an answer that a write the topics do not track could change, such as a 404). `versions`:
   * the topics' versions as the caller read them already (a verification, in its own statement), for no check.
   */
  async read<T>(
    key: string,
    topics: readonly PublicReadTopic[],
    load: () => Promise<T>,
    etagOf: (value: T) => string,
    options: { keep?: (value: T) => boolean; versions?: KnownVersions } = {},
  ): Promise<PublicRead<T>> {
    const current = options.versions ?? (await this.versions());
    const versions = topics.map((topic) => current.get(topic) ?? '');
    const entry = this.entries.get(key);
    if (entry && sameVersions(entry.versions, versions)) {
      return { value: entry.value as T, etag: entry.etag, cacheable: true };
    }
    // Loaded after the versions were read: at least as new as they say, so keeping it under them is safe.
    const value = await load();
    const loaded = { value, etag: etagOf(value), versions };
    if (options.keep && !options.keep(value)) {
      this.entries.delete(key);
      return { value, etag: loaded.etag, cacheable: true };
    }
    if (this.entries.size >= this.maxEntries && !this.entries.has(key)) this.entries.clear();
    this.entries.set(key, loaded);
    return { value, etag: loaded.etag, cacheable: true };
  }

  /**
   * The current versions, by a check that started after this call: joins the next check if one is already
   * running (that one may have read its snapshot before the caller's change committed).
   */
  private versions(): Promise<Map<string, string>> {
    if (!this.checking) {
      this.checking = readPublicReadVersions(this.db).finally(() => {
        this.checking = undefined;
      });
      return this.checking;
    }
    this.nextCheck ??= this.checking
      .catch(() => undefined)
      .then(() => {
        this.nextCheck = undefined;
        return this.versions();
      });
    return this.nextCheck;
  }
}

function sameVersions(a: readonly string[], b: readonly string[]): boolean {
  for (let index = 0; index < a.length; index += 1) if (a[index] !== b[index]) return false;
  return a.length === b.length;
}
