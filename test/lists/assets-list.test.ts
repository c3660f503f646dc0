import { beforeAll, describe, expect, it } from 'vitest';
import {
  createAssetViaApi,
  setCertificateStatusForTest,
  type CreatedAsset,
} from '../helpers/asset-factory.js';
import { expectSecurityRefusals, securityCases } from '../helpers/security-cases.js';
import { useTestContext, type TestContext } from '../helpers/test-app.js';

// The paging tests create 250 assets with one key in a row: a fast machine would drain the key's bucket (200, then
// 100 a second) before the lists they check. Rate limits have their own tests (test/reliability/rate-limits*.test.ts).
const context = useTestContext({
  config: { AVS_RATE_LIMIT_PER_SECOND: 1_000_000, AVS_RATE_LIMIT_BURST: 1_000_000 },
});
type Account = Awaited<ReturnType<TestContext['createAccountWithKey']>>;
interface Page {
  data: CreatedAsset[];
  has_more: boolean;
  next_cursor: string | null;
}

const list = (query: string, auth: Record<string, string>, planet = 'artworks') =>
  context.app.inject({ method: 'GET', url: `/api/v1/assets/${planet}${query}`, headers: auth });

/** Every page of the list from the first, following next_cursor. */
async function allPages(query: string, auth: Record<string, string>): Promise<Page[]> {
  const pages: Page[] = [];
  let cursor: string | null = null;
  do {
    const separator = query ? '&' : '?';
    const response = await list(
      cursor ? `${query}${separator}cursor=${encodeURIComponent(cursor)}` : query,
      auth,
    );
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<Page>();
    pages.push(page);
    cursor = page.next_cursor;
    expect(page.has_more).toBe(cursor !== null);
  } while (cursor);
  return pages;
}

const newestFirst = (a: CreatedAsset, b: CreatedAsset) =>
  String(b.created_at).localeCompare(String(a.created_at)) || String(b.id).localeCompare(String(a.id));

describe('GET /api/v1/assets/{planet}: paging', () => {
  let owner: Account;
  let other: Account;
  const created: CreatedAsset[] = [];
  let foreign: CreatedAsset[];

  beforeAll(async () => {
    owner = await context.createAccountWithKey();
    other = await context.createAccountWithKey();
    for (let index = 0; index < 250; index++) {
      created.push(await createAssetViaApi(context.app, owner.auth, 'artworks', { title: `Work ${index}` }));
      // Another account's assets interleaved in time, and the owner's of another planet.
      if (index % 50 === 0) {
        await createAssetViaApi(context.app, other.auth, 'artworks', { title: `Work ${index}` });
        await createAssetViaApi(context.app, owner.auth, 'watches', { title: `Watch ${index}` });
      }
    }
    foreign = [await createAssetViaApi(context.app, other.auth, 'artworks', { title: 'Not yours' })];
  }, 120_000);

  it('yields each of 250 assets exactly once, newest first, none of another account', async () => {
    const pages = await allPages('?limit=100', owner.auth);
    expect(pages.map((page) => page.data.length)).toEqual([100, 100, 50]);
    const seen = pages.flatMap((page) => page.data);
    expect(seen.map((asset) => asset.id)).toEqual([...created].sort(newestFirst).map((asset) => asset.id));
    expect(new Set(seen.map((asset) => asset.id)).size).toBe(250);
    expect(seen.every((asset) => asset.account_id === owner.accountId && asset.planet === 'artworks')).toBe(
      true,
    );
    // Each item is the full asset record, as GET /assets/{planet}/{id} answers it.
    const one = seen[17]!;
    const read = await context.app.inject({
      url: `/api/v1/assets/artworks/${one.id}`,
      headers: owner.auth,
    });
    expect(one).toEqual(read.json());
    expect(foreign.every((asset) => !seen.some((item) => item.id === asset.id))).toBe(true);
  });

  it('defaults to 50 per page; the other account sees only its own', async () => {
    const first = (await list('', owner.auth)).json<Page>();
    expect(first.data).toHaveLength(50);
    expect(first.has_more).toBe(true);
    const theirs = (await allPages('', other.auth)).flatMap((page) => page.data);
    expect(theirs).toHaveLength(6);
    expect(theirs.every((asset) => asset.account_id === other.accountId)).toBe(true);
  });

  it("refuses another account's cursor, and a cursor sent with other filters (400 validation_failed)", async () => {
    const first = (await list('?limit=10', owner.auth)).json<Page>();
    const cursor = encodeURIComponent(first.next_cursor!);
    for (const [query, auth] of [
      [`?limit=10&cursor=${cursor}`, other.auth],
      [`?limit=10&cursor=${cursor}&status=draft`, owner.auth],
      [`?limit=10&cursor=${cursor}&q=Work`, owner.auth],
    ] as const) {
      const response = await list(query, auth);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'validation_failed',
        error: expect.stringMatching(/cursor/),
      });
      expect(typeof response.json().request_id).toBe('string');
    }
    // Another limit is not another filter: the cursor still serves.
    const next = await list(`?limit=20&cursor=${cursor}`, owner.auth);
    expect(next.statusCode).toBe(200);
    expect(next.json<Page>().data[0]!.id).toBe([...created].sort(newestFirst)[10]!.id);
  });
});

describe('GET /api/v1/assets/{planet}: filters', () => {
  let owner: Account;
  const assets: Record<string, CreatedAsset> = {};

  beforeAll(async () => {
    owner = await context.createAccountWithKey();
    const titles = ['Blue Horse', 'Red Horse', 'blue sea', 'Fields 100%_off', 'Fields 1000 off', 'Night'];
    for (const title of titles) {
      assets[title] = await createAssetViaApi(context.app, owner.auth, 'artworks', { title });
      // Distinct creation times, so created_after/created_before can fall between two assets.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await setCertificateStatusForTest(context.db, assets['Blue Horse']!, 'issued');
    await setCertificateStatusForTest(context.db, assets['Red Horse']!, 'rejected');
    await setCertificateStatusForTest(context.db, assets.Night!, 'issued');
    await setCertificateStatusForTest(context.db, assets.Night!, 'suspended');
    const archived = await context.app.inject({
      method: 'POST',
      url: `/api/v1/assets/artworks/${assets['blue sea']!.id}/archive`,
      headers: owner.auth,
    });
    expect(archived.statusCode).toBe(200);
  });

  const titlesOf = async (query: string) => {
    const pages = await allPages(query, owner.auth);
    return pages.flatMap((page) => page.data.map((asset) => asset.title));
  };

  it('each filter alone', async () => {
    expect(await titlesOf('?status=archived')).toEqual(['blue sea']);
    expect(await titlesOf('?status=active')).toEqual(['Night', 'Blue Horse']);
    expect(await titlesOf('?certificate_status=rejected')).toEqual(['Red Horse']);
    expect(await titlesOf('?certificate_status=pending')).toEqual([
      'Fields 1000 off',
      'Fields 100%_off',
      'blue sea',
    ]);
    expect(await titlesOf('?q=BLUE')).toEqual(['blue sea', 'Blue Horse']);
    // % and _ are matched as themselves, not as wildcards.
    expect(await titlesOf('?q=100%25_')).toEqual(['Fields 100%_off']);
    expect(await titlesOf('?q=0_o')).toEqual([]);
    const after = String(assets['Fields 100%_off']!.created_at);
    expect(await titlesOf(`?created_after=${after}`)).toEqual(['Night', 'Fields 1000 off']);
    expect(await titlesOf(`?created_before=${String(assets['blue sea']!.created_at)}`)).toEqual([
      'Red Horse',
      'Blue Horse',
    ]);
  });

  it('lists of values and combined filters', async () => {
    expect(await titlesOf('?certificate_status=issued,suspended')).toEqual(['Night', 'Blue Horse']);
    expect(await titlesOf('?status=draft,archived&certificate_status=pending')).toEqual([
      'Fields 1000 off',
      'Fields 100%_off',
      'blue sea',
    ]);
    expect(await titlesOf('?q=horse&certificate_status=rejected,pending')).toEqual(['Red Horse']);
    const from = String(assets['Red Horse']!.created_at);
    const to = String(assets.Night!.created_at);
    expect(await titlesOf(`?created_after=${from}&created_before=${to}&status=draft&q=%20`)).toEqual([
      'Fields 1000 off',
      'Fields 100%_off',
    ]);
    // Paging a filtered list: the cursor carries the filters, one per page.
    const pages = await allPages('?limit=1&certificate_status=pending&status=draft,archived', owner.auth);
    expect(pages.map((page) => page.data[0]!.title)).toEqual([
      'Fields 1000 off',
      'Fields 100%_off',
      'blue sea',
    ]);
    // The same list spelled otherwise (order of values, another spelling of the instant) keeps the cursor.
    const first = (
      await list(`?limit=1&status=draft,archived&created_after=${from}`, owner.auth)
    ).json<Page>();
    const sameInstant = new Date(from).toISOString().replace('Z', '+00:00');
    const second = await list(
      `?limit=1&status=archived,draft&created_after=${encodeURIComponent(sameInstant)}&cursor=${first.next_cursor!}`,
      owner.auth,
    );
    expect(second.statusCode, second.body).toBe(200);
  });

  it('400 validation_failed for a bad filter value, limit 0 or 101, a forged cursor', async () => {
    const forged = Buffer.from(JSON.stringify(['2026-01-01T00:00:00.000Z', 'x', 'y'])).toString('base64url');
    const wrongBinding = Buffer.from(
      JSON.stringify([
        '2026-01-01T00:00:00.000Z',
        '00000000-0000-4000-8000-000000000000',
        'AAAAAAAAAAAAAAAAAAAAAA',
      ]),
    ).toString('base64url');
    for (const query of [
      '?status=deleted',
      '?status=draft,',
      '?certificate_status=pending,lost',
      '?certificate_status=',
      '?created_after=yesterday',
      '?created_before=2026-13-01T00:00:00Z',
      '?q=',
      `?q=${'x'.repeat(201)}`,
      '?limit=0',
      '?limit=101',
      '?limit=ten',
      '?cursor=not-a-cursor!',
      `?cursor=${forged}`,
      `?cursor=${wrongBinding}`,
    ]) {
      const response = await list(query, owner.auth);
      expect(response.statusCode, query).toBe(400);
      const body = response.json<Record<string, unknown>>();
      expect(Object.keys(body).sort(), query).toEqual(['code', 'error', 'request_id']);
      expect(body.code, query).toBe('validation_failed');
    }
    const named = (await list('?certificate_status=pending,lost', owner.auth)).json<{ error: string }>();
    expect(named.error).toMatch(/certificate_status.*lost/);
  });

  it('refusals every route shares; 400 invalid_planet; a key scoped to another planet → 400', async () => {
    await expectSecurityRefusals(context, await securityCases(context, { planet: 'artworks' }), {
      method: 'GET',
      url: '/api/v1/assets/artworks',
    });
    const unknown = await list('', owner.auth, 'ships');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'invalid_planet' });
  });
});
