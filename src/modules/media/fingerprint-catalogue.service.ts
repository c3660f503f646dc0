import type { Database } from '../../db/database.js';
import { FingerprintIndex } from './fingerprint-index.js';
import type { ImageDecoder } from './media-processing.js';
import { fingerprintStoredImage } from './media-processing.js';
import {
  insertFingerprintIfMissing,
  listFingerprintsAfter,
  listUnfingerprintedImages,
} from './media-fingerprints.repository.js';
import { phashOfStored, readStoredBytes, storedPhash, type MediaStores } from './media.service.js';
import type { ImageFingerprint } from './perceptual-hash.js';

/** Rows read per query when catching up (the first catch-up reads the whole table, page by page). */
const CATCH_UP_PAGE = 10_000;
/**
 * A number skipped in the sequence is a transaction still open when the rows after it were read (or one rolled
 * back, or a row deleted since): its row is asked for again at each catch-up for this long. An upload's
 * transaction lasts milliseconds; statements are cut at AVS_DB_STATEMENT_TIMEOUT_MS.
 */
const GAP_WAIT_MS = 60_000;
/** Only gaps among the newest numbers can be transactions still open; older ones are deleted or rolled back rows. */
const GAP_WINDOW = 1_000;

/**
 * This process's copy of every image fingerprint (docs/media.md, "Photo search"): loaded from media_fingerprints at
 * start and kept current. An upload or removal here changes it at once; what other instances wrote is read before
 * each search, by the rows numbered past the last one read — one indexed query, empty when nothing changed. A row
 * removed elsewhere stays until a search finds its medium gone: the search re-checks every candidate in SQL, so
 * a stale entry is never shown.
 */
export class FingerprintCatalogue {
  readonly index = new FingerprintIndex();
  private lastSeq = 0;
  /** Numbers skipped in the sequence, with when they were first seen missing. */
  private readonly gaps = new Map<number, number>();
  private current?: Promise<void>;
  private queued?: Promise<void>;

  constructor(private readonly db: Database) {}

  /**
   * Reads the rows written since the last read. A caller arriving while a read is under way waits for the next
   * one (which starts after it arrived), so a search sees every fingerprint committed before it began.
   */
  catchUp(): Promise<void> {
    if (this.queued) return this.queued;
    if (this.current) {
      this.queued = this.current
        .catch(() => undefined)
        .then(() => {
          this.queued = undefined;
          return this.start();
        });
      return this.queued;
    }
    return this.start();
  }

  /** A medium stored by this process (after its transaction committed). */
  noteAdded(mediaId: string, fingerprint: ImageFingerprint): void {
    this.index.add(mediaId, fingerprint);
  }

  /** A medium removed by this process, or found gone by a search. */
  noteRemoved(mediaId: string): void {
    this.index.remove(mediaId);
  }

  private start(): Promise<void> {
    const run = this.readNewRows().finally(() => {
      if (this.current === run) this.current = undefined;
    });
    this.current = run;
    return run;
  }

  private async readNewRows(): Promise<void> {
    const now = Date.now();
    for (const [seq, since] of this.gaps) if (now - since > GAP_WAIT_MS) this.gaps.delete(seq);
    const skipped: [from: number, to: number][] = [];
    let asked = [...this.gaps.keys()];
    for (;;) {
      const rows = await listFingerprintsAfter(this.db, this.lastSeq, asked, CATCH_UP_PAGE);
      for (const row of rows) {
        const seq = Number(row.seq);
        this.index.add(row.media_id, { phash: phashOfStored(row.phash) });
        if (this.gaps.delete(seq)) continue;
        if (seq > this.lastSeq + 1) skipped.push([this.lastSeq + 1, seq - 1]);
        this.lastSeq = Math.max(this.lastSeq, seq);
      }
      asked = [];
      if (rows.length < CATCH_UP_PAGE) break;
    }
    for (const [from, to] of skipped)
      for (let seq = Math.max(from, this.lastSeq - GAP_WINDOW + 1); seq <= to; seq++) this.gaps.set(seq, now);
  }
}

/**
 * The backfill: fingerprints the image media stored before fingerprints were (or by a process that failed to),
 * in batches, oldest id first, each row its own statement. An image that cannot be decoded any more is logged and
 * skipped. Returns how many it fingerprinted.
 */
export async function fingerprintStoredMedia(
  deps: { db: Database; stores: MediaStores; decoder: ImageDecoder; catalogue: FingerprintCatalogue },
  options: {
    batchSize: number;
    shouldContinue: () => boolean;
    onUndecodable: (mediaId: string, error: unknown) => void;
  },
): Promise<number> {
  let afterId = '00000000-0000-0000-0000-000000000000';
  let done = 0;
  while (options.shouldContinue()) {
    const batch = await listUnfingerprintedImages(deps.db, afterId, options.batchSize);
    for (const row of batch) {
      if (!options.shouldContinue()) break;
      afterId = row.id;
      let fingerprint: ImageFingerprint;
      try {
        fingerprint = await fingerprintStoredImage(
          await readStoredBytes(deps.db, deps.stores, row),
          deps.decoder,
        );
      } catch (error) {
        options.onUndecodable(row.id, error);
        continue;
      }
      const phash = storedPhash(fingerprint);
      if (await insertFingerprintIfMissing(deps.db, { mediaId: row.id, assetId: row.asset_id, phash })) {
        deps.catalogue.noteAdded(row.id, fingerprint);
        done += 1;
      }
    }
    if (batch.length < options.batchSize) break;
  }
  return done;
}
