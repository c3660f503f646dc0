import { beforeAll, describe, expect, it } from 'vitest';
import {
  assetRecordPageQuery,
  listAccountAssetRecords,
  listAccountAssets,
} from '../../src/modules/assets/asset-list.repository.js';
import { toAssetRecord } from '../../src/modules/assets/asset-record.js';
import { createAssetViaApi, type CreatedAsset } from '../helpers/asset-factory.js';
import { useTestContext, type TestContext } from '../helpers/test-app.js';

// The asset list's records are written as JSON by the database (ASSET_RECORD_JSON_COLUMNS); every other answer
// builds them with toAssetRecord. These hold the two to one record, with the awkward values each could get wrong.
const context = useTestContext();
type Account = Awaited<ReturnType<TestContext['createAccountWithKey']>>;

const awkwardAttributes: Record<string, unknown>[] = [
  {},
  { artist: 'Hokusai', year: 1831, medium: 'woodblock print' },
  {
    note: 'quote " backslash \\ slash / tab \t newline \n bell \u0007 nul-free',
    emoji: '🗻 富士',
    rtl: 'שלום',
  },
  { price: 1234.5, tiny: 1e-7, big: 1e21, negative: -42, zero: 0, ratio: 0.1 + 0.2 },
  { nested: { deeper: { list: [1, 'two', null, true, { three: 3 }] } }, empty: {}, none: [] },
  { yes: true, no: false, nothing: null },
  { '10': 'ten', '2': 'two', a: 'letter', 'key with spaces': 1, ключ: 'unicode key' },
];

// Stored fields named like fixed ones: the record shows the fixed value (docs/api.md), written either way.
const shadowing = {
  id: 'not-the-id',
  title: 'not the title',
  alert: 'no alert',
  created_at: 'never',
  kept: 'yes',
};

describe('the asset list: records written by the database', () => {
  let owner: Account;
  const assets: CreatedAsset[] = [];

  beforeAll(async () => {
    owner = await context.createAccountWithKey();
    for (const [index, attributes] of awkwardAttributes.entries()) {
      assets.push(
        await createAssetViaApi(context.app, owner.auth, 'artworks', {
          title: index === 2 ? 'Title "quoted" \\ with\ttab and ünïcödé' : `Work ${index}`,
          ...attributes,
        }),
      );
    }
    const [shadowed, alerted] = [assets[0]!, assets[1]!];
    // Neither can be made through the API: stored directly, as an old row or a restored archive could hold them.
    await context.db.query(`UPDATE assets SET attributes = $1 WHERE id = $2`, [shadowing, shadowed.id]);
    await context.db.query(
      `UPDATE assets SET alert_kind = 'stolen', alert_since = '0050-03-01T12:34:56.789Z' WHERE id = $1`,
      [alerted.id],
    );
  });

  const filter = () => ({ planet: 'artworks', accountId: owner.accountId });

  it('writes each record as toAssetRecord makes it from the row', async () => {
    const rows = await listAccountAssets(context.db, filter(), { limit: 100 });
    const texts = await listAccountAssetRecords(context.db, filter(), { limit: 100 });
    expect(texts.map((row) => row.id)).toEqual(rows.map((row) => row.id));
    expect(texts).toHaveLength(awkwardAttributes.length);
    for (const [index, row] of rows.entries()) {
      const text = texts[index]!;
      expect(JSON.parse(text.record), text.record).toEqual(toAssetRecord(row));
      expect(text.created_at).toBe(row.created_at.toISOString());
    }
  });

  it('shows the fixed fields over stored ones of the same name, and keeps the rest', async () => {
    const texts = await listAccountAssetRecords(context.db, filter(), { limit: 100 });
    const record = JSON.parse(texts.find((row) => row.id === assets[0]!.id)!.record);
    expect(record).toMatchObject({ id: assets[0]!.id, title: 'Work 0', alert: null, kept: 'yes' });
    expect(record.created_at).toBe(assets[0]!.created_at);
  });

  it('writes an open alert with its date as the API does, even in year 50', async () => {
    const texts = await listAccountAssetRecords(context.db, filter(), { limit: 100 });
    const record = JSON.parse(texts.find((row) => row.id === assets[1]!.id)!.record);
    expect(record.alert).toEqual({ kind: 'stolen', since: '0050-03-01T12:34:56.789Z' });
  });

  it('answers GET /api/v1/assets/{planet} with the records a get of each asset answers', async () => {
    const response = await context.app.inject({
      method: 'GET',
      url: '/api/v1/assets/artworks?limit=3',
      headers: owner.auth,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const page = response.json<{ data: { id: string }[]; has_more: boolean; next_cursor: string | null }>();
    expect(page.has_more).toBe(true);
    expect(typeof page.next_cursor).toBe('string');
    for (const record of page.data) {
      const single = await context.app.inject({
        method: 'GET',
        url: `/api/v1/assets/artworks/${record.id}`,
        headers: owner.auth,
      });
      expect(record).toEqual(single.json());
    }
  });

  it('walks the account index with no sort and writes the records of the page only', async () => {
    const busy = await context.createAccountWithKey();
    await context.db.query(
      `INSERT INTO assets (id, planet, title, account_id, certificate_number, certificate_status, status, attributes,
                           created_by, updated_by)
       SELECT gen_random_uuid(), 'artworks', 'Work ' || n, $1, 'ART-2026-9' || lpad(n::text, 5, '0'), 'pending',
              'active', '{"artist": "many"}', $1, $1
       FROM generate_series(1, 400) n`,
      [busy.accountId],
    );
    const query = assetRecordPageQuery({ planet: 'artworks', accountId: busy.accountId }, { limit: 11 });
    // A page is the account's index walked from the cursor (migration 161), sorted by nothing: ordered by the record's
    // created_at text instead, it sorted a million assets (4 s a page in the bench). Sorting made dear, as it is
    // at a million, PostgreSQL must still find a plan without one.
    const { rows } = await context.db.transaction(async (tx) => {
      await tx.exec('SET LOCAL enable_sort = off');
      return tx.query<{ 'QUERY PLAN': unknown }>(
        `EXPLAIN (ANALYZE, FORMAT JSON) ${query.text}`,
        query.params,
      );
    });
    const plan = JSON.stringify(rows[0]!['QUERY PLAN']);
    expect(plan).not.toContain('"Node Type":"Sort"');
    expect(plan).toContain('assets_artworks_account_created_idx');
    // Each record's pass-through fields are one call of jsonb_each: as many calls as rows on the page.
    const loops = [...plan.matchAll(/"Function Name":"jsonb_each"[^}]*?"Actual Loops":(\d+)/g)].map((m) =>
      Number(m[1]),
    );
    expect(loops, plan).toEqual([11]);
  });
});
