import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAssetViaApi, issueCertificateForTest, type CreatedAsset } from '../helpers/asset-factory.js';
import { useTestContext, type TestContext } from '../helpers/test-app.js';
import { fixturePhoto } from '../media/media-fixtures.js';
import { joinedMember } from '../members/member-helpers.js';
import { postMultipart } from './console-multipart.js';

// /console/search: the photo search of docs/media.md for a signed-in member, with the pictures served through the console.
const context = useTestContext();

type Account = Awaited<ReturnType<TestContext['createAccountWithKey']>>;
type Member = Awaited<ReturnType<typeof joinedMember>>;

const email = () => `search-${randomUUID().slice(0, 8)}@example.com`;
const get = (url: string, cookie: string) => context.app.inject({ method: 'GET', url, headers: { cookie } });
/** A dealer's copy of a picture: smaller, re-compressed. */
const resizedJpeg = (photo: Buffer) => sharp(photo).resize({ width: 240 }).jpeg({ quality: 60 }).toBuffer();

const search = (member: Pick<Member, 'cookie'> & { csrf?: string }, photo: Buffer) =>
  postMultipart(context.app, '/console/search', member, [
    { field: 'photo', name: 'offered.jpg', type: 'image/jpeg', bytes: photo },
  ]);

let gallery: Account;
let collector: Account;
let pawnshop: Account;
let pawnbroker: Member;
let collectorViewer: Member;
const photos: Record<number, Buffer> = {};
let issued: CreatedAsset;
let collected: CreatedAsset;
let stolen: CreatedAsset;

async function upload(account: Account, asset: CreatedAsset, photo: Buffer, query = '') {
  const response = await context.app.inject({
    method: 'POST',
    url: `/files/v1/assets/${asset.planet}/${asset.id}/media${query}`,
    headers: { ...account.auth, 'content-type': 'image/jpeg' },
    payload: photo,
  });
  expect(response.statusCode, response.body).toBe(201);
}

/** The cards of a results page, by certificate number: each card's picture source or null. */
function cards(body: string): Map<string, string | null> {
  const found = new Map<string, string | null>();
  for (const card of body.split('<li data-certificate-number="').slice(1)) {
    const number = card.slice(0, card.indexOf('"'));
    const image = /<img src="([^"]+)"/.exec(card.slice(0, card.indexOf('</li>')));
    found.set(number, image ? image[1]! : null);
  }
  return found;
}

beforeAll(async () => {
  gallery = await context.createAccountWithKey({ name: 'Search Gallery' });
  collector = await context.createAccountWithKey({ name: 'Search Collector' });
  pawnshop = await context.createAccountWithKey({ name: 'Search Pawnshop' });
  const files: Record<number, string> = {
    21: 'green-meadow.jpg',
    22: 'two-wings.jpg',
    23: 'yellow-flower.jpg',
    98: 'blinds.jpg',
  };
  for (const [seed, file] of Object.entries(files)) photos[Number(seed)] = fixturePhoto(file);

  issued = await createAssetViaApi(context.app, gallery.auth);
  await upload(gallery, issued, photos[21]!, '?public=true');
  await issueCertificateForTest(context.db, issued);

  collected = await createAssetViaApi(context.app, collector.auth, 'watches', { title: 'Calatrava' });
  await upload(collector, collected, photos[22]!);
  await issueCertificateForTest(context.db, collected);

  stolen = await createAssetViaApi(context.app, collector.auth, 'artworks', { title: 'The Scream' });
  await upload(collector, stolen, photos[23]!);
  await issueCertificateForTest(context.db, stolen);
  const raised = await context.app.inject({
    method: 'POST',
    url: `/api/v1/assets/artworks/${stolen.id}/alerts`,
    headers: collector.auth,
    payload: { kind: 'stolen', occurred_at: '2026-01-05' },
  });
  expect(raised.statusCode, raised.body).toBe(201);

  pawnbroker = await joinedMember(context.app, context.db, pawnshop.accountId, email(), 'viewer');
  collectorViewer = await joinedMember(context.app, context.db, collector.accountId, email(), 'viewer');
});

describe('/console/search', () => {
  it('shows a viewer the form, with the CSRF token as its first field, in the navigation', async () => {
    const page = await get('/console/search', pawnbroker.cookie);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('enctype="multipart/form-data"');
    expect(page.body).toContain('href="/console/search"');
    const form = page.body.slice(page.body.indexOf('action="/console/search"'));
    expect(form.indexOf('name="_csrf"')).toBeLessThan(form.indexOf('type="file"'));
  });

  it('finds an issued public image after a resize and re-compression, as a card whose picture the console serves', async () => {
    const answer = await search(pawnbroker, await resizedJpeg(photos[21]!));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const found = cards(answer.body);
    expect([...found.keys()]).toEqual([issued.certificate_number]);
    const picture = found.get(issued.certificate_number)!;
    expect(picture).toMatch(/^\/console\/search\/media\/[0-9a-f-]{36}$/);
    const image = await get(picture, pawnbroker.cookie);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toMatch(/^image\//);
  });

  it("never finds another account's private image; a member of its own account finds and sees it", async () => {
    const stranger = await search(pawnbroker, photos[22]!);
    expect(stranger.statusCode).toBe(200);
    expect(cards(stranger.body).size).toBe(0);
    expect(stranger.body).not.toContain(collected.certificate_number);

    const own = cards((await search(collectorViewer, photos[22]!)).body);
    const picture = own.get(collected.certificate_number);
    expect(picture).toMatch(/^\/console\/search\/media\//);
    expect((await get(picture!, collectorViewer.cookie)).statusCode).toBe(200);
    // The console serves a picture only as the member's account may see it.
    expect((await get(picture!, pawnbroker.cookie)).statusCode).toBe(404);
  });

  it('finds a stolen asset by its private photograph without showing it, and puts the search in its audit', async () => {
    const answer = await search(pawnbroker, await resizedJpeg(photos[23]!));
    const found = cards(answer.body);
    expect([...found.entries()]).toEqual([[stolen.certificate_number, null]]);
    expect(answer.body).toContain('Reported stolen');
    const { rows } = await context.db.query<{ account_id: string }>(
      `SELECT account_id FROM alert_lookups WHERE asset_id = $1 AND lookup = 'photo'`,
      [stolen.id],
    );
    expect(rows.map((row) => row.account_id)).toEqual([pawnshop.accountId]);
  });

  it('says plainly when nothing looks like the photograph, and refuses a file that is not an image on the page', async () => {
    const none = await search(pawnbroker, await resizedJpeg(photos[98]!));
    expect(none.statusCode).toBe(200);
    expect(none.body).toContain('No asset looks like this photograph');
    const notImage = await search(pawnbroker, Buffer.from('%PDF-1.4 not a photograph'));
    expect(notImage.statusCode).toBe(415);
    expect(notImage.body).toContain('role="alert"');
  });

  it('refuses a form without the session’s CSRF token before it reads the photograph', async () => {
    const forged = await search({ cookie: pawnbroker.cookie }, photos[21]!);
    expect(forged.statusCode).toBe(403);
    expect(cards(forged.body).size).toBe(0);
  });
});
