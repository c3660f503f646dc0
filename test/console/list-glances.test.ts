import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAdmin, logIn } from '../admin/admin-helpers.js';
import { createAssetViaApi, issueCertificateForTest } from '../helpers/asset-factory.js';
import { useTestContext } from '../helpers/test-app.js';
import { jpegImage, pngImage } from '../media/media-fixtures.js';
import { joinedMember } from '../members/member-helpers.js';

const context = useTestContext();
const email = () => `glance-${randomUUID().slice(0, 8)}@example.com`;
const get = (url: string, cookie: string, headers: Record<string, string> = {}) =>
  context.app.inject({ method: 'GET', url, headers: { cookie, ...headers } });

type Account = Awaited<ReturnType<typeof context.createAccountWithKey>>;

async function addImage(
  account: Account,
  asset: { id: string; planet: string },
  options: { public?: boolean } = {},
) {
  const response = await context.app.inject({
    method: 'POST',
    url: `/files/v1/assets/${asset.planet}/${asset.id}/media${options.public ? '?public=true' : ''}`,
    headers: { ...account.auth, 'content-type': 'image/jpeg' },
    payload: await jpegImage(640, 480),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
}

/** The table row of a page that holds `marker` (a title, a certificate number). */
function rowOf(body: string, marker: string): string {
  const at = body.indexOf(marker);
  if (at < 0) throw new Error(`no ${marker} on the page`);
  return body.slice(body.lastIndexOf('<tr', at), body.indexOf('</tr>', at));
}

const thumbnailOf = (row: string) => /<img\s+class="thumbnail"\s+src="([^"]+)"\s+alt=""/.exec(row)?.[1];

async function gallery(name: string) {
  const account = await context.createAccountWithKey({ name });
  const member = await joinedMember(context.app, context.db, account.accountId, email(), 'viewer');
  return { account, member };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the console lists show a thumbnail and the artist beside the title', () => {
  it('the asset list: the first image of each asset (a private one too), the artist, and a quiet square without an image', async () => {
    const { account, member } = await gallery('Galerie Glance');
    const pictured = await createAssetViaApi(context.app, account.auth, 'artworks', {
      title: 'Nymphéas',
      artist: 'Claude Monet',
    });
    const mediaId = await addImage(account, pictured);
    await addImage(account, pictured, { public: true });
    await createAssetViaApi(context.app, account.auth, 'artworks', {
      title: 'Sans image',
      artist: 'Berthe Morisot',
    });

    const list = await get('/console/assets/artworks', member.cookie);
    expect(list.statusCode).toBe(200);
    const row = rowOf(list.body, 'Nymphéas');
    expect(thumbnailOf(row)).toBe(`/console/thumbnails/${mediaId}`);
    expect(row).toContain('<span class="byline">Claude Monet</span>');
    const bare = rowOf(list.body, 'Sans image');
    expect(thumbnailOf(bare)).toBeUndefined();
    expect(bare).toContain('<span class="thumbnail thumbnail-none" aria-hidden="true"></span>');
    expect(bare).toContain('<span class="byline">Berthe Morisot</span>');
  });

  it('another category shows its byline field: a watch its brand, a collectible its publisher', async () => {
    const { account, member } = await gallery('Maison Glance');
    await createAssetViaApi(context.app, account.auth, 'watches', {
      title: 'Reference 2499',
      brand: 'Patek Philippe',
    });
    await createAssetViaApi(context.app, account.auth, 'collectibles', {
      title: 'Rookie card',
      publisher: 'Topps',
    });

    const watches = await get('/console/assets/watches', member.cookie);
    expect(rowOf(watches.body, 'Reference 2499')).toContain('<span class="byline">Patek Philippe</span>');
    const collectibles = await get('/console/assets/collectibles', member.cookie);
    expect(rowOf(collectibles.body, 'Rookie card')).toContain('<span class="byline">Topps</span>');
  });

  it('the list asks the database as often for forty assets with images as for two', async () => {
    const { account, member } = await gallery('Galerie Count');
    const register = async (index: number) => {
      const asset = await createAssetViaApi(context.app, account.auth, 'artworks', {
        title: `Study ${index}`,
        artist: `Painter ${index}`,
      });
      await addImage(account, asset);
    };
    for (let index = 0; index < 2; index++) await register(index);
    const statementsOfList = async () => {
      await get('/console/assets/artworks', member.cookie);
      // The spy also sees the background workers' polls that fall inside the request on a busy machine: the fewest
      // of three requests is the list's own count.
      let fewest = { count: Number.POSITIVE_INFINITY, body: '' };
      for (let attempt = 0; attempt < 3; attempt++) {
        const query = vi.spyOn(context.app.db, 'query');
        const list = await get('/console/assets/artworks', member.cookie);
        const count = query.mock.calls.length;
        query.mockRestore();
        if (count < fewest.count) fewest = { count, body: list.body };
      }
      return fewest;
    };
    const few = await statementsOfList();
    for (let index = 2; index < 40; index++) await register(index);
    const many = await statementsOfList();

    expect((many.body.match(/<img\s+class="thumbnail"/g) ?? []).length).toBe(40);
    expect(many.body).toContain('<span class="byline">Painter 39</span>');
    expect(few.count).toBeGreaterThan(0);
    expect(many.count).toBe(few.count);
  });

  it('serves a 96 px thumbnail to the account’s members, cached for good, and to no other account', async () => {
    const { account, member } = await gallery('Galerie Thumb');
    const asset = await createAssetViaApi(context.app, account.auth, 'artworks', {
      title: 'Small',
      artist: 'A',
    });
    const mediaId = await addImage(account, asset);

    const thumbnail = await get(`/console/thumbnails/${mediaId}`, member.cookie);
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    expect(thumbnail.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(thumbnail.headers['x-content-type-options']).toBe('nosniff');
    const size = await sharp(thumbnail.rawPayload).metadata();
    expect([size.width, size.height]).toEqual([96, 96]);
    expect(thumbnail.rawPayload.length).toBeLessThan(10_000);
    const again = await get(`/console/thumbnails/${mediaId}`, member.cookie, {
      'if-none-match': String(thumbnail.headers.etag),
    });
    expect(again.statusCode).toBe(304);

    const stranger = await gallery('Galerie Elsewhere');
    expect((await get(`/console/thumbnails/${mediaId}`, stranger.member.cookie)).statusCode).toBe(404);
  });

  it('the watch-list shows a watched certificate’s title, artist and public picture once issued, and nothing of a pending one', async () => {
    const owner = await gallery('Galerie Owner');
    const watcher = await gallery('Galerie Watcher');
    const issued = await createAssetViaApi(context.app, owner.account.auth, 'artworks', {
      title: 'Public piece',
      artist: 'Gabriele Münter',
    });
    await addImage(owner.account, issued);
    const publicId = await addImage(owner.account, issued, { public: true });
    await issueCertificateForTest(context.db, issued);
    const pending = await createAssetViaApi(context.app, owner.account.auth, 'artworks', {
      title: 'Secret piece',
      artist: 'Hidden Hand',
    });
    await addImage(owner.account, pending, { public: true });
    for (const asset of [issued, pending]) {
      const watched = await context.app.inject({
        method: 'POST',
        url: '/api/v1/watchlist',
        headers: watcher.account.auth,
        payload: { certificate_number: asset.certificate_number },
      });
      expect(watched.statusCode, watched.body).toBe(201);
    }

    const page = await get('/console/watchlist', watcher.member.cookie);
    const shown = rowOf(page.body, issued.certificate_number);
    expect(shown).toContain('Public piece');
    expect(shown).toContain('<span class="byline">Gabriele Münter</span>');
    expect(thumbnailOf(shown)).toBe(`/console/thumbnails/${publicId}`);
    const thumbnail = await get(`/console/thumbnails/${publicId}`, watcher.member.cookie);
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(page.body).not.toContain('Secret piece');
    expect(page.body).not.toContain('Hidden Hand');
    expect(thumbnailOf(rowOf(page.body, pending.certificate_number))).toBeUndefined();
  });

  it('transfers and the home’s open alerts show the thumbnail and the artist too', async () => {
    const sender = await gallery('Galerie Sender');
    const receiver = await gallery('Galerie Receiver');
    const offered = await createAssetViaApi(context.app, sender.account.auth, 'artworks', {
      title: 'Offered piece',
      artist: 'Paula Modersohn-Becker',
    });
    const offeredImage = await addImage(sender.account, offered, { public: true });
    await issueCertificateForTest(context.db, offered);
    const transfer = await context.app.inject({
      method: 'POST',
      url: `/api/v1/assets/artworks/${offered.id}/transfer`,
      headers: sender.account.auth,
      payload: { to_account_id: receiver.account.accountId },
    });
    expect(transfer.statusCode, transfer.body).toBe(202);
    const stolen = await createAssetViaApi(context.app, sender.account.auth, 'artworks', {
      title: 'Stolen piece',
      artist: 'Lotte Laserstein',
    });
    const stolenImage = await addImage(sender.account, stolen);
    await issueCertificateForTest(context.db, stolen);
    const raised = await context.app.inject({
      method: 'POST',
      url: `/api/v1/assets/artworks/${stolen.id}/alerts`,
      headers: sender.account.auth,
      payload: { kind: 'stolen', occurred_at: '2026-01-10T00:00:00Z' },
    });
    expect(raised.statusCode, raised.body).toBe(201);

    for (const member of [sender.member, receiver.member]) {
      const row = rowOf((await get('/console/transfers', member.cookie)).body, 'Offered piece');
      expect(thumbnailOf(row)).toBe(`/console/thumbnails/${offeredImage}`);
      expect(row).toContain('<span class="byline">Paula Modersohn-Becker</span>');
    }
    const home = rowOf((await get('/console', sender.member.cookie)).body, 'Stolen piece');
    expect(thumbnailOf(home)).toBe(`/console/thumbnails/${stolenImage}`);
    expect(home).toContain('<span class="byline">Lotte Laserstein</span>');
  });
});

describe('the admin’s certificates list', () => {
  it('shows the public picture the certificate will carry and the artist, and serves its thumbnail', async () => {
    const admin = await logIn(context.app, (await createAdmin(context.db)).email);
    const account = await context.createAccountWithKey({ name: 'Galerie Review' });
    const withPicture = await createAssetViaApi(context.app, account.auth, 'artworks', {
      title: 'Under review',
      artist: 'Sonia Delaunay',
    });
    await addImage(account, withPicture);
    const publicId = await addImage(account, withPicture, { public: true });
    const privateOnly = await createAssetViaApi(context.app, account.auth, 'artworks', {
      title: 'Private pictures only',
      artist: 'Hannah Höch',
    });
    await addImage(account, privateOnly);

    const page = await get('/admin/certificates?status=pending&planet=artworks', admin.cookie);
    expect(page.statusCode).toBe(200);
    const row = rowOf(page.body, withPicture.certificate_number);
    const src = thumbnailOf(row);
    expect(src).toBe(`/admin/assets/artworks/${withPicture.id}/media/${publicId}/thumbnail`);
    expect(row).toContain('<span class="byline">Sonia Delaunay</span>');
    const privateRow = rowOf(page.body, privateOnly.certificate_number);
    expect(thumbnailOf(privateRow)).toBeUndefined();
    expect(privateRow).toContain('<span class="byline">Hannah Höch</span>');

    const thumbnail = await get(src!, admin.cookie);
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    expect((await sharp(thumbnail.rawPayload).metadata()).width).toBe(96);
  });

  it('a PNG is served as a thumbnail too', async () => {
    const admin = await logIn(context.app, (await createAdmin(context.db)).email);
    const account = await context.createAccountWithKey({ name: 'Galerie PNG' });
    const asset = await createAssetViaApi(context.app, account.auth, 'artworks', {
      title: 'Drawn',
      artist: 'B',
    });
    const uploaded = await context.app.inject({
      method: 'POST',
      url: `/files/v1/assets/artworks/${asset.id}/media?public=true`,
      headers: { ...account.auth, 'content-type': 'image/png' },
      payload: pngImage(300, 120),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const mediaId = uploaded.json<{ id: string }>().id;
    const thumbnail = await get(
      `/admin/assets/artworks/${asset.id}/media/${mediaId}/thumbnail`,
      admin.cookie,
    );
    expect(thumbnail.statusCode).toBe(200);
    const size = await sharp(thumbnail.rawPayload).metadata();
    expect([size.width, size.height]).toEqual([96, 96]);
  });
});
