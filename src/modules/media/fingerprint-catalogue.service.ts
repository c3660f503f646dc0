import type { Database } from '../../db/database.js';
import { FingerprintIndex } from './fingerprint-index.js';
import type { ImageDecoder } from './media-processing.js';
import { fingerprintStoredImage } from './media-processing.js';
import {
  insertFingerprintIfMissing,
  listFingerprintsAfter,
  listKeylessSearchable,
  listKeylessSearchableOf,
  listKeylessSearchChangesAfter,
  listUnfingerprintedImages,
  type FingerprintRow,
  type KeylessSearchableRow,
  type KeylessSearchChangeRow,
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
 * A table's rows by the number each was written with: the rows past the last one read, and again the numbers
 * skipped, for GAP_WAIT_MS (a transaction still open when later rows were read commits them late).
 */
class NumberedRows<Row extends { seq: string }> {
  private lastSeq = 0;
  /** Numbers skipped in the sequence, with when they were first seen missing. */
  private readonly gaps = new Map<number, number>();

  constructor(
    private readonly list: (after: number, gaps: readonly number[], limit: number) => Promise<Row[]>,
  ) {}

  /** Hands the rows written since the last read to `take`, a page at a time (the first read: the whole table). */
  async readNew(take: (rows: Row[]) => void): Promise<void> {
    const now = Date.now();
    for (const [seq, since] of this.gaps) if (now - since > GAP_WAIT_MS) this.gaps.delete(seq);
    const skipped: [from: number, to: number][] = [];
    let asked = [...this.gaps.keys()];
    for (;;) {
      const rows = await this.list(this.lastSeq, asked, CATCH_UP_PAGE);
      take(rows);
      for (const row of rows) {
        const seq = Number(row.seq);
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
 * This process's copy of every image fingerprint (docs/media.md, "Photo search"): loaded from media_fingerprints at
 * start and kept current. An upload or removal here changes it at once; what other instances wrote is read before
 * each search, by the rows numbered past the last one read — one indexed query, empty when nothing changed. A row
 * removed elsewhere stays in `index` until a search finds its medium gone (the search re-checks every candidate in
 * SQL, so a stale entry is never shown), or, of an asset with an open alert, until its change is read.
 *
 * Beside it, the keyless index: only the images POST /c/search may answer (those of assets with an open alert), so
 * an image it may not answer is never its candidate and costs it nothing a search for an unknown picture does not.
 * It learns only from the tables, as another instance would: the fingerprint rows (an image of an asset it holds)
 * and keyless_search_changes (an alert raised or resolved, such an image removed: that asset is read again).
 */
export class FingerprintCatalogue {
  /** Every image: the keyed search's candidates, each checked in SQL against what the caller may find. */
  readonly index = new FingerprintIndex();
  /** Only the images the keyless search may answer. */
  readonly keylessIndex = new FingerprintIndex();
  /** The assets the keyless search may find, each with its images in keylessIndex. */
  private readonly keylessAssets = new Map<string, Set<string>>();
  private readonly keylessAssetOfMedia = new Map<string, string>();
  private keylessLoaded = false;
  /** Assets named by keyless_search_changes, to read again (kept until read: a failed read is tried again). */
  private readonly keylessToRead = new Map<string, { planet: string; id: string }>();
  private readonly fingerprints: NumberedRows<FingerprintRow>;
  private readonly keylessChanges: NumberedRows<KeylessSearchChangeRow>;
  private current?: Promise<void>;
  private queued?: Promise<void>;

  constructor(private readonly db: Database) {
    this.fingerprints = new NumberedRows((after, gaps, limit) =>
      listFingerprintsAfter(db, after, gaps, limit),
    );
    this.keylessChanges = new NumberedRows((after, gaps, limit) =>
      listKeylessSearchChangesAfter(db, after, gaps, limit),
    );
  }

  /**
   * Reads the rows written since the last read. A caller arriving while a read is under way waits for the next
   * one (which starts after it arrived), so a search sees every fingerprint and change committed before it began.
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

  /** A medium stored by this process (after its transaction committed); the keyless index learns of it by its row. */
  noteAdded(mediaId: string, fingerprint: ImageFingerprint): void {
    this.index.add(mediaId, fingerprint);
  }

  /** A medium removed by this process, or found gone by a search. */
  noteRemoved(mediaId: string): void {
    this.index.remove(mediaId);
    this.forgetKeyless(mediaId);
  }

  private start(): Promise<void> {
    const run = this.readNewRows().finally(() => {
      if (this.current === run) this.current = undefined;
    });
    this.current = run;
    return run;
  }

  private async readNewRows(): Promise<void> {
    await this.fingerprints.readNew((rows) => {
      for (const row of rows) {
        const fingerprint = { phash: phashOfStored(row.phash) };
        this.index.add(row.media_id, fingerprint);
        if (this.keylessAssets.has(row.asset_id)) this.addKeyless(row.asset_id, row.media_id, fingerprint);
      }
    });
    await this.keylessChanges.readNew((rows) => {
      for (const row of rows) this.keylessToRead.set(row.asset_id, { planet: row.planet, id: row.asset_id });
    });
    // A change committed after these reads is read by the next catch-up: its asset is read again then.
    if (!this.keylessLoaded) {
      this.applyKeyless(await listKeylessSearchable(this.db), []);
      this.keylessLoaded = true;
      this.keylessToRead.clear();
    } else if (this.keylessToRead.size > 0) {
      const assets = [...this.keylessToRead.values()];
      const rows = await listKeylessSearchableOf(this.db, assets);
      this.applyKeyless(
        rows,
        assets.map((asset) => asset.id),
      );
      for (const asset of assets) this.keylessToRead.delete(asset.id);
    }
  }

  /** The assets of `rows` as they are now; those of `asked` not among them are no longer searchable. */
  private applyKeyless(rows: readonly KeylessSearchableRow[], asked: readonly string[]): void {
    const now = new Map<string, Map<string, ImageFingerprint> | null>();
    for (const assetId of asked) now.set(assetId, null);
    for (const row of rows) {
      if (!row.searchable) continue;
      const images = now.get(row.asset_id) ?? new Map<string, ImageFingerprint>();
      if (row.media_id && row.phash) images.set(row.media_id, { phash: phashOfStored(row.phash) });
      now.set(row.asset_id, images);
    }
    for (const [assetId, images] of now) {
      for (const mediaId of this.keylessAssets.get(assetId) ?? []) {
        if (images?.has(mediaId)) continue;
        this.forgetKeyless(mediaId);
        // Still searchable but without this image: it was removed.
        if (images) this.index.remove(mediaId);
      }
      if (!images) {
        this.keylessAssets.delete(assetId);
        continue;
      }
      if (!this.keylessAssets.has(assetId)) this.keylessAssets.set(assetId, new Set());
      for (const [mediaId, fingerprint] of images) {
        this.index.add(mediaId, fingerprint);
        this.addKeyless(assetId, mediaId, fingerprint);
      }
    }
  }

  private addKeyless(assetId: string, mediaId: string, fingerprint: ImageFingerprint): void {
    this.keylessIndex.add(mediaId, fingerprint);
    this.keylessAssets.get(assetId)?.add(mediaId);
    this.keylessAssetOfMedia.set(mediaId, assetId);
  }

  private forgetKeyless(mediaId: string): void {
    this.keylessIndex.remove(mediaId);
    const assetId = this.keylessAssetOfMedia.get(mediaId);
    if (assetId === undefined) return;
    this.keylessAssetOfMedia.delete(mediaId);
    this.keylessAssets.get(assetId)?.delete(mediaId);
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
