import { describe, expect, it } from 'vitest';
import {
  SearchableCatalogue,
  type KeylessEntryRow,
  type MediaIndex,
  type NumberedEntryRow,
} from '../../src/modules/media/searchable-catalogue.js';

type Row = NumberedEntryRow & { entry: string };
type KeylessRow = KeylessEntryRow & { entry: string | null };

class MapIndex implements MediaIndex<string> {
  readonly entries = new Map<string, string>();
  add(mediaId: string, entry: string): void {
    this.entries.set(mediaId, entry);
  }
  remove(mediaId: string): void {
    this.entries.delete(mediaId);
  }
}

/** Tables in memory, as the catalogue's queries would answer them; `asked` records each keyless-change read. */
function fakeTables() {
  const tables = {
    entries: [] as Row[],
    changes: [] as { seq: string; planet: string; asset_id: string }[],
    /** What the keyless queries answer per asset. */
    keyless: new Map<string, KeylessRow[]>(),
    changesAskedAfter: [] as number[],
  };
  const numbered = <T extends { seq: string }>(
    rows: T[],
    after: number,
    gaps: readonly number[],
    limit: number,
  ) => rows.filter((row) => Number(row.seq) > after || gaps.includes(Number(row.seq))).slice(0, limit);
  const sources = {
    listEntries: async (after: number, gaps: readonly number[], limit: number) =>
      numbered(tables.entries, after, gaps, limit),
    entryOf: (row: Row) => row.entry,
    listKeylessChanges: async (after: number, gaps: readonly number[], limit: number) => {
      tables.changesAskedAfter.push(after);
      return numbered(tables.changes, after, gaps, limit);
    },
    lastKeylessChange: async () => tables.changes.length,
    listKeylessSearchable: async () => [...tables.keyless.values()].flat().filter((row) => row.tracked),
    listKeylessSearchableOf: async (assets: readonly { id: string }[]) =>
      assets.flatMap((asset) => tables.keyless.get(asset.id) ?? []),
    keylessEntryOf: (row: KeylessRow) => row.entry!,
  };
  return { tables, sources };
}

const change = (seq: number, assetId: string) => ({
  seq: String(seq),
  planet: 'artworks',
  asset_id: assetId,
});
const medium = (assetId: string, mediaId: string, searchable: boolean): KeylessRow => ({
  planet: 'artworks',
  asset_id: assetId,
  tracked: true,
  media_id: mediaId,
  searchable,
  entry: `words of ${mediaId}`,
});

describe('a searchable catalogue (the fingerprints and the recognition index keep current by it)', () => {
  it('starts reading the keyless changes near the last one, not from the first of thousands', async () => {
    const { tables, sources } = fakeTables();
    for (let seq = 1; seq <= 25_000; seq++) tables.changes.push(change(seq, 'old-asset'));
    const catalogue = new SearchableCatalogue(new MapIndex(), new MapIndex(), sources);
    await catalogue.catchUp();
    expect(Math.min(...tables.changesAskedAfter)).toBe(24_000);
  });

  it('holds in its keyless index only the searchable media of a tracked asset, and reads it again on its change', async () => {
    const { tables, sources } = fakeTables();
    tables.keyless.set('a1', [medium('a1', 'm-public', true), medium('a1', 'm-private', false)]);
    const keyless = new MapIndex();
    const catalogue = new SearchableCatalogue(new MapIndex(), keyless, sources);
    await catalogue.catchUp();
    expect([...keyless.entries.keys()]).toEqual(['m-public']);

    // The public one made private: its change row brings the asset back as it is now.
    tables.keyless.set('a1', [medium('a1', 'm-public', false), medium('a1', 'm-private', false)]);
    tables.changes.push(change(1, 'a1'));
    await catalogue.catchUp();
    expect([...keyless.entries.keys()]).toEqual([]);
  });

  it("reads a tracked asset again when one of its media's entries arrives (written after the asset's change)", async () => {
    const { tables, sources } = fakeTables();
    tables.keyless.set('a1', [{ ...medium('a1', 'x', false), media_id: null, entry: null }]);
    const index = new MapIndex();
    const keyless = new MapIndex();
    const catalogue = new SearchableCatalogue(index, keyless, sources);
    await catalogue.catchUp();
    expect(keyless.entries.size).toBe(0);

    // The entry is written later than the change that tracked the asset (the features job describes after upload).
    tables.entries.push({ seq: '1', media_id: 'm-new', asset_id: 'a1', entry: 'words of m-new' });
    tables.keyless.set('a1', [medium('a1', 'm-new', true)]);
    await catalogue.catchUp();
    expect(index.entries.get('m-new')).toBe('words of m-new');
    expect(keyless.entries.get('m-new')).toBe('words of m-new');
  });
});
