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

/** Lists a `seq`-numbered table's rows past `after` and those numbered in `gaps`, at most `limit`, by number. */
export type ListNumberedRows<Row> = (after: number, gaps: readonly number[], limit: number) => Promise<Row[]>;

/**
 * A table's rows by the number each was written with: the rows past the last one read, and again the numbers
 * skipped, for GAP_WAIT_MS (a transaction still open when later rows were read commits them late).
 */
class NumberedRows<Row extends { seq: string }> {
  private lastSeq = 0;
  /** Numbers skipped in the sequence, with when they were first seen missing. */
  private readonly gaps = new Map<number, number>();

  constructor(private readonly list: ListNumberedRows<Row>) {}

  /**
   * Reads from near `maxSeq` instead of from the start: the rows numbered before it are not wanted, only the ones
   * after (and any of the last GAP_WINDOW numbers still to commit).
   */
  startNear(maxSeq: number): void {
    this.lastSeq = Math.max(this.lastSeq, maxSeq - GAP_WINDOW);
  }

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

/** An in-memory index of media entries (a pHash, a bag of visual words). */
export interface MediaIndex<Entry> {
  add(mediaId: string, entry: Entry): void;
  remove(mediaId: string): void;
}

/** A row of an entry table (media_fingerprints, media_features), numbered in the order it was written. */
export interface NumberedEntryRow {
  seq: string;
  media_id: string;
  asset_id: string;
}

/** An asset's medium as the keyless search sees it now (media-fingerprints.repository.ts, keylessSearchableQueries). */
export interface KeylessEntryRow {
  planet: string;
  asset_id: string;
  /** The asset may have images the keyless search finds: an open alert, or issued by an account findable by photo. */
  tracked: boolean;
  /** One of its media with an entry (null: it has none). */
  media_id: string | null;
  /** The keyless search may find this medium. */
  searchable: boolean;
}

export interface CatalogueSources<Entry, Row extends NumberedEntryRow, KeylessRow extends KeylessEntryRow> {
  /** The entry table's rows numbered past `after` (and the gaps'). */
  listEntries: ListNumberedRows<Row>;
  entryOf(row: Row): Entry;
  /** keyless_search_changes numbered past `after` (and the gaps'). */
  listKeylessChanges: ListNumberedRows<{ seq: string; planet: string; asset_id: string }>;
  /** The highest number in keyless_search_changes (0: none). */
  lastKeylessChange(): Promise<number>;
  /** Every tracked asset's media, a row per medium with an entry (one with nulls when none). */
  listKeylessSearchable(): Promise<KeylessRow[]>;
  /** These assets as they are now, tracked or not; an asset not answered is gone. */
  listKeylessSearchableOf(assets: readonly { planet: string; id: string }[]): Promise<KeylessRow[]>;
  /** The entry of a keyless row with a medium. */
  keylessEntryOf(row: KeylessRow): Entry;
}

/**
 * This process's copy of every medium's search entry (docs/media.md, "Photo search"): loaded from the entry table
 * at start and kept current. An upload or removal here changes it at once; what other instances wrote is read
 * before each search, by the rows numbered past the last one read — one indexed query, empty when nothing changed.
 * A row removed elsewhere stays in `index` until a search finds its medium gone (the search re-checks every
 * candidate in SQL, so a stale entry is never shown), or, of a tracked asset, until its change is read.
 *
 * Beside it, the keyless index: only the media POST /c/search may answer (of an asset with an open alert; a public
 * image of a certificate issued by an account findable by photo), so a medium it may not answer is never its
 * candidate and costs it nothing a search for an unknown picture does not. It learns only from the tables, as
 * another instance would: the entry rows (a medium of a tracked asset: read that asset again) and
 * keyless_search_changes (anything that may change what it finds of an asset: read that asset again).
 */
export class SearchableCatalogue<Entry, Row extends NumberedEntryRow, KeylessRow extends KeylessEntryRow> {
  /** The tracked assets, each with its media in keylessIndex. */
  private readonly keylessAssets = new Map<string, { planet: string; media: Set<string> }>();
  private readonly keylessAssetOfMedia = new Map<string, string>();
  private keylessLoaded = false;
  /** Assets to read again (kept until read: a failed read is tried again). */
  private readonly keylessToRead = new Map<string, { planet: string; id: string }>();
  private readonly entries: NumberedRows<Row>;
  private readonly keylessChanges: NumberedRows<{ seq: string; planet: string; asset_id: string }>;
  private current?: Promise<void>;
  private queued?: Promise<void>;

  constructor(
    /** Every medium: the keyed search's candidates, each checked in SQL against what the caller may find. */
    readonly index: MediaIndex<Entry>,
    /** Only the media the keyless search may answer. */
    readonly keylessIndex: MediaIndex<Entry>,
    private readonly sources: CatalogueSources<Entry, Row, KeylessRow>,
  ) {
    this.entries = new NumberedRows(sources.listEntries);
    this.keylessChanges = new NumberedRows(sources.listKeylessChanges);
  }

  /**
   * Reads the rows written since the last read. A caller arriving while a read is under way waits for the next
   * one (which starts after it arrived), so a search sees every entry and change committed before it began.
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

  /** A medium's entry written by this process (after its transaction committed); the keyless index learns of it by its row. */
  noteAdded(mediaId: string, entry: Entry): void {
    this.index.add(mediaId, entry);
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
    await this.entries.readNew((rows) => {
      for (const row of rows) {
        this.index.add(row.media_id, this.sources.entryOf(row));
        // A medium of a tracked asset may be one the keyless search finds: its asset is read again below.
        const tracked = this.keylessAssets.get(row.asset_id);
        if (tracked) this.keylessToRead.set(row.asset_id, { planet: tracked.planet, id: row.asset_id });
      }
    });
    // The first load reads every tracked asset as it is: the changes before it are not wanted (the table keeps a row
    // per certificate move, never pruned), only those from then on.
    if (!this.keylessLoaded) this.keylessChanges.startNear(await this.sources.lastKeylessChange());
    await this.keylessChanges.readNew((rows) => {
      for (const row of rows) this.keylessToRead.set(row.asset_id, { planet: row.planet, id: row.asset_id });
    });
    // A change committed after these reads is read by the next catch-up: its asset is read again then.
    if (!this.keylessLoaded) {
      this.applyKeyless(await this.sources.listKeylessSearchable(), []);
      this.keylessLoaded = true;
      this.keylessToRead.clear();
    } else if (this.keylessToRead.size > 0) {
      const assets = [...this.keylessToRead.values()];
      const rows = await this.sources.listKeylessSearchableOf(assets);
      this.applyKeyless(
        rows,
        assets.map((asset) => asset.id),
      );
      for (const asset of assets) this.keylessToRead.delete(asset.id);
    }
  }

  /** The assets of `rows` as they are now; those of `asked` not among them are gone. */
  private applyKeyless(rows: readonly KeylessRow[], asked: readonly string[]): void {
    const now = new Map<string, { planet: string; media: Map<string, Entry>; all: Set<string> } | null>();
    for (const assetId of asked) now.set(assetId, null);
    for (const row of rows) {
      if (!row.tracked) continue;
      const asset = now.get(row.asset_id) ?? { planet: row.planet, media: new Map(), all: new Set() };
      if (row.media_id) {
        asset.all.add(row.media_id);
        if (row.searchable) asset.media.set(row.media_id, this.sources.keylessEntryOf(row));
      }
      now.set(row.asset_id, asset);
    }
    for (const [assetId, asset] of now) {
      for (const mediaId of this.keylessAssets.get(assetId)?.media ?? []) {
        if (asset?.media.has(mediaId)) continue;
        this.forgetKeyless(mediaId);
        // Still tracked but without this medium at all: it was removed.
        if (asset && !asset.all.has(mediaId)) this.index.remove(mediaId);
      }
      if (!asset) {
        this.keylessAssets.delete(assetId);
        continue;
      }
      if (!this.keylessAssets.has(assetId))
        this.keylessAssets.set(assetId, { planet: asset.planet, media: new Set() });
      for (const [mediaId, entry] of asset.media) {
        this.index.add(mediaId, entry);
        this.addKeyless(assetId, mediaId, entry);
      }
    }
  }

  private addKeyless(assetId: string, mediaId: string, entry: Entry): void {
    this.keylessIndex.add(mediaId, entry);
    this.keylessAssets.get(assetId)?.media.add(mediaId);
    this.keylessAssetOfMedia.set(mediaId, assetId);
  }

  private forgetKeyless(mediaId: string): void {
    this.keylessIndex.remove(mediaId);
    const assetId = this.keylessAssetOfMedia.get(mediaId);
    if (assetId === undefined) return;
    this.keylessAssetOfMedia.delete(mediaId);
    this.keylessAssets.get(assetId)?.media.delete(mediaId);
  }
}
