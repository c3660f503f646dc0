import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { listCollectionRoutes } from '../../src/modules/collection/shell/collection-auth.js';
import { listHolderRoutes } from '../../src/modules/holders/holder-rules.js';
import { createHandover, currentHolder, readProvenance } from '../../src/modules/holders/holders.service.js';
import { createAssetViaApi, issueCertificateForTest, type CreatedAsset } from '../helpers/asset-factory.js';
import { startMailServer, type MailServer } from '../helpers/mail-server.js';
import { createTestContext, type TestContext } from '../helpers/test-app.js';
import { linkIn, mailsWithLink, pathOf, PUBLIC_URL } from '../members/mail-helpers.js';

/**
 * Issue #50, the collector's place (docs/collectors.md, "The collector's place"), through its pages as a browser
 * uses them: a sign-in by mailed link that proves the address, a claim accepted (the code kept across the mailed
 * link's round trip), a collector who never sees another's works and cannot act once they handed one on, a report
 * by the holder that tells the registrant, and leaving, which erases the collector's personal data.
 */
let server: MailServer;
let context: TestContext;
let gallery: Awaited<ReturnType<TestContext['createAccountWithKey']>>;
let counter = 0;
const address = (name: string) => `${name}${++counter}-${Date.now()}@collector.example`;

beforeAll(async () => {
  server = await startMailServer();
  context = await createTestContext({ config: { ...server.config, AVS_PUBLIC_URL: PUBLIC_URL } });
  gallery = await context.createAccountWithKey({ name: `Galerie Nord ${Date.now()}` });
});
afterAll(async () => {
  await context.close();
  await server.close();
});

/** A browser: its cookies kept from each answer and sent with each request, as a browser on one site does. */
class Browser {
  private readonly cookies = new Map<string, string>();
  constructor(private readonly app: FastifyInstance) {}

  private keep(response: { headers: Record<string, unknown> }) {
    const set = response.headers['set-cookie'];
    for (const line of [set ?? []].flat() as string[]) {
      const [pair, ...attributes] = line.split(';');
      const [name, value] = [pair!.slice(0, pair!.indexOf('=')), pair!.slice(pair!.indexOf('=') + 1)];
      const gone = attributes.some((part) => /max-age=0|expires=thu, 01 jan 1970/i.test(part.trim()));
      if (gone || value === '') this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
  }

  has(name: string): boolean {
    return this.cookies.has(name);
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  private header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async get(url: string) {
    const response = await this.app.inject({ method: 'GET', url, headers: { cookie: this.header() } });
    this.keep(response);
    return response;
  }

  /** A form of the page last read at `from`: its `_csrf` sent back with the fields. */
  async post(url: string, fields: Record<string, string>, page?: string) {
    const csrf = page === undefined ? undefined : /name="_csrf" value="([^"]+)"/.exec(page)?.[1];
    const response = await this.app.inject({
      method: 'POST',
      url,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-site': 'same-origin',
        cookie: this.header(),
      },
      payload: new URLSearchParams({ ...(csrf ? { _csrf: csrf } : {}), ...fields }).toString(),
    });
    this.keep(response);
    return response;
  }
}

/** Asks for a sign-in link at /collection/sign-in (or a claim's page) and opens it: the browser is signed in. */
async function signInByMail(browser: Browser, email: string, from = '/collection/sign-in', claim?: string) {
  const page = await browser.get(from);
  const asked = await browser.post('/collection/sign-in', { email, ...(claim ? { claim } : {}) }, page.body);
  expect(asked.statusCode).toBe(200);
  const [mail] = await mailsWithLink(context, server, email, '/collection/sign-in/');
  const link = pathOf(linkIn(mail!, '/collection/sign-in/'));
  const opened = await browser.get(link);
  expect(opened.statusCode).toBe(200);
  const signedIn = await browser.post(link, {}, opened.body);
  expect(signedIn.statusCode).toBe(303);
  expect(browser.has('avs_collector_session')).toBe(true);
  return { landing: signedIn.headers.location as string, link };
}

async function issuedArtwork(title = `Nocturne ${++counter}`): Promise<CreatedAsset> {
  const asset = await createAssetViaApi(context.app, gallery.auth, 'artworks', {
    title,
    medium: 'Oil on canvas',
    year: 1916,
  });
  await issueCertificateForTest(context.db, asset);
  return asset;
}

async function galleryClaim(asset: CreatedAsset): Promise<string> {
  const made = await createHandover(context.db, {
    planet: 'artworks',
    assetId: asset.id,
    actor: {
      kind: 'account',
      principal: { accountId: gallery.accountId, apiKeyId: gallery.apiKey.id, planetScope: [] },
    },
    kind: 'claim',
  });
  return made.code!;
}

/** A signed-in collector who has accepted `asset` from the gallery through the pages. */
async function collectorHolding(asset: CreatedAsset, email = address('holder')) {
  const browser = new Browser(context.app);
  await signInByMail(browser, email);
  const code = await galleryClaim(asset);
  const page = await browser.get(`/collection/claim/${code}`);
  const accepted = await browser.post(`/collection/claim/${code}`, {}, page.body);
  expect(accepted.statusCode).toBe(303);
  return { browser, email, code };
}

const collectorOf = async (email: string) =>
  (
    await context.db.query<{ id: string; person_id: string | null; proven: boolean }>(
      `SELECT c.id, c.person_id, p.address_proven_at IS NOT NULL AS proven
         FROM collectors c JOIN people p ON p.id = c.person_id WHERE p.email = $1`,
      [email],
    )
  ).rows[0];

describe('signing in by a mailed link', () => {
  it('proves the address, makes the collector and starts a session of its own', async () => {
    const email = address('rosa');
    const browser = new Browser(context.app);
    const { landing } = await signInByMail(browser, email);
    expect(landing).toBe('/collection');
    const collector = await collectorOf(email);
    expect(collector).toMatchObject({ proven: true });
    const page = await browser.get('/collection');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('My collection');
    expect(page.headers.vary).toMatch(/accept-language/i);

    // The collector's cookie opens no console page, and a sign-in link works once.
    const token = browser.cookie('avs_collector_session')!;
    const consolePage = await context.app.inject({
      method: 'GET',
      url: '/console',
      headers: { cookie: `avs_member_session=${token}; avs_collector_session=${token}` },
    });
    expect(consolePage.statusCode).toBe(303);
    expect(consolePage.headers.location).toBe('/console/login');
  });

  it('answers the same for any address, and a used link no more', async () => {
    const browser = new Browser(context.app);
    const page = await browser.get('/collection/sign-in');
    const strip = (body: string, email: string) =>
      body.replaceAll(email, '…').replace(/name="_csrf" value="[^"]+"/g, '');
    const known = address('known');
    await signInByMail(new Browser(context.app), known);
    const fresh = address('fresh');
    const answers = await Promise.all([
      browser.post('/collection/sign-in', { email: known }, page.body),
      browser.post('/collection/sign-in', { email: fresh }, page.body),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(strip(answers[0].body, known)).toBe(strip(answers[1].body, fresh));

    const other = new Browser(context.app);
    const { link } = await signInByMail(other, address('once'));
    const again = await new Browser(context.app).get(link);
    expect(again.statusCode).toBe(410);
  });

  it('sends anyone without a collector session from every collector’s route to the sign-in page', async () => {
    const routes = listCollectionRoutes(context.app).filter((route) => route.access === 'collector');
    expect(routes.length).toBeGreaterThan(10);
    for (const route of routes) {
      const url = route.url.replace(':planet', 'artworks').replace(/:[a-z]+/g, 'A'.repeat(43));
      const answer = await context.app.inject({
        method: route.method as 'GET' | 'POST',
        url,
        headers: { cookie: 'avs_member_session=x; avs_admin_session=x', 'sec-fetch-site': 'same-origin' },
      });
      if (route.url.includes('passkeys')) expect(answer.statusCode, `${route.method} ${url}`).toBe(401);
      else {
        expect(answer.statusCode, `${route.method} ${url}`).toBe(303);
        expect(answer.headers.location).toBe('/collection/sign-in');
      }
    }
  });
});

describe('a claim accepted through the pages', () => {
  it('shows the work, signs the buyer in by mail and brings them back to accept it', async () => {
    const asset = await issuedArtwork('Le Jardin bleu');
    const code = await galleryClaim(asset);
    const browser = new Browser(context.app);
    const first = await browser.get(`/collection/claim/${code}`);
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('Le Jardin bleu');
    expect(first.body).toContain(asset.certificate_number);
    expect(first.body).toContain('Galerie Nord');

    const email = address('buyer');
    const { landing } = await signInByMail(browser, email, `/collection/claim/${code}`, code);
    expect(landing).toBe(`/collection/claim/${code}`);
    expect(browser.has('avs_collection_claim')).toBe(false);
    const signedIn = await browser.get(landing);
    expect(signedIn.body).toContain('Accept this object into your collection');
    const accepted = await browser.post(landing, {}, signedIn.body);
    expect(accepted.statusCode).toBe(303);
    expect(accepted.headers.location).toBe(`/collection/objects/artworks/${asset.id}`);
    const collector = await collectorOf(email);
    expect(await currentHolder(context.db, 'artworks', asset.id)).toEqual({
      kind: 'collector',
      collectorId: collector!.id,
      erased: false,
    });

    const held = await browser.get(accepted.headers.location as string);
    expect(held.statusCode).toBe(200);
    expect(held.body).toContain(asset.certificate_number);
    const list = await browser.get('/collection');
    expect(list.body).toContain('Le Jardin bleu');

    const taken = await new Browser(context.app).get(`/collection/claim/${code}`);
    expect(taken.statusCode).toBe(410);
    expect(taken.body).toContain('already been accepted');
    const unknown = await new Browser(context.app).get(`/collection/claim/${'x'.repeat(43)}`);
    expect(unknown.statusCode).toBe(404);
  });

  it('says a cancelled hand-over in the reader’s language', async () => {
    const asset = await issuedArtwork();
    const code = await galleryClaim(asset);
    await galleryClaim(asset); // a new offer withdraws the first
    const answer = await context.app.inject({
      method: 'GET',
      url: `/collection/claim/${code}`,
      headers: { 'accept-language': 'de' },
    });
    expect(answer.statusCode).toBe(410);
    expect(answer.body).toContain('Der Verkäufer hat diese Übergabe zurückgezogen.');
  });
});

describe('each collector’s own works', () => {
  it('never shows one collector another’s work', async () => {
    const asset = await issuedArtwork('Only Mine');
    const owner = await collectorHolding(asset);
    const stranger = new Browser(context.app);
    await signInByMail(stranger, address('stranger'));
    const list = await stranger.get('/collection');
    expect(list.body).not.toContain('Only Mine');
    const page = await stranger.get(`/collection/objects/artworks/${asset.id}`);
    expect(page.statusCode).toBe(404);
    const pdf = await stranger.get(`/collection/objects/artworks/${asset.id}/certificate.pdf`);
    expect(pdf.statusCode).toBe(404);
    const mine = await owner.browser.get(`/collection/objects/artworks/${asset.id}/certificate.pdf`);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('application/pdf');
  });

  it('lets the holder hand a work on, and then act on it no more', async () => {
    const asset = await issuedArtwork('Passing Through');
    const seller = await collectorHolding(asset);
    const objectUrl = `/collection/objects/artworks/${asset.id}`;
    const page = await seller.browser.get(objectUrl);
    const made = await seller.browser.post(`${objectUrl}/hand-on`, { email: '' }, page.body);
    expect(made.statusCode).toBe(200);
    const code = /<code id="claim-code">([^<]+)<\/code>/.exec(made.body)?.[1];
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(made.body).toContain(`${PUBLIC_URL}/collection/claim/${code}`);
    expect(made.body).toContain('<svg role="img"');

    const buyer = new Browser(context.app);
    await signInByMail(buyer, address('next'));
    const claim = await buyer.get(`/collection/claim/${code}`);
    expect((await buyer.post(`/collection/claim/${code}`, {}, claim.body)).statusCode).toBe(303);

    expect((await seller.browser.get(objectUrl)).statusCode).toBe(404);
    const report = await seller.browser.post(
      `${objectUrl}/report`,
      { kind: 'stolen', occurred_at: '2026-01-02' },
      page.body,
    );
    expect(report.statusCode).toBe(404);
    const again = await seller.browser.post(`${objectUrl}/hand-on`, { email: '' }, page.body);
    expect(again.statusCode).toBe(404);
    const { rows } = await context.db.query('SELECT 1 FROM asset_alerts WHERE asset_id = $1', [asset.id]);
    expect(rows).toHaveLength(0);
    expect((await seller.browser.get('/collection')).body).not.toContain('Passing Through');
  });

  it('lets the holder report it stolen: the page warns and the registrant is told', async () => {
    const asset = await issuedArtwork('Taken Away');
    const holder = await collectorHolding(asset);
    const objectUrl = `/collection/objects/artworks/${asset.id}`;
    const page = await holder.browser.get(objectUrl);
    const reported = await holder.browser.post(
      `${objectUrl}/report`,
      { kind: 'stolen', occurred_at: '2026-01-02', reference: 'PV-1' },
      page.body,
    );
    expect(reported.statusCode).toBe(303);
    const after = await holder.browser.get(objectUrl);
    expect(after.body).toContain('The report is made.');
    expect(after.body).toContain('Reported stolen');
    const { rows } = await context.db.query<{ account_id: string }>(
      `SELECT account_id FROM webhook_outbox WHERE event_type = 'asset.alert_raised' AND payload->'asset'->>'id' = $1`,
      [asset.id],
    );
    expect(rows.map((row) => row.account_id)).toEqual([gallery.accountId]);
  });

  it('consigns a work to a gallery found by its public name', async () => {
    const auctionHouse = await context.createAccountWithKey({ name: `Maison Enchères ${Date.now()}` });
    const asset = await issuedArtwork('For Auction');
    const holder = await collectorHolding(asset);
    const objectUrl = `/collection/objects/artworks/${asset.id}`;
    const search = await holder.browser.get(`${objectUrl}?consignee=${encodeURIComponent('Maison Ench')}`);
    expect(search.body).toContain('Maison Enchères');
    expect(search.body).toContain(`value="${auctionHouse.accountId}"`);
    const consigned = await holder.browser.post(
      `${objectUrl}/consign`,
      { account_id: auctionHouse.accountId },
      search.body,
    );
    expect(consigned.statusCode).toBe(303);
    const shown = await holder.browser.get(objectUrl);
    expect(shown.body).toContain('waiting for them to accept');
    const cancelled = await holder.browser.post(`${objectUrl}/cancel-handover`, {}, shown.body);
    expect(cancelled.statusCode).toBe(303);
    expect((await holder.browser.get(objectUrl)).body).toContain('The hand-over is cancelled.');
  });
});

describe('my details and leaving', () => {
  it('keeps the name hidden unless chosen, and leaving erases the collector’s personal data', async () => {
    const asset = await issuedArtwork('Left Behind');
    const holder = await collectorHolding(asset);
    const collector = (await collectorOf(holder.email))!;
    const details = await holder.browser.get('/collection/details');
    expect(details.body).not.toMatch(/name="show_name"[^>]*checked/);
    const saved = await holder.browser.post(
      '/collection/details',
      { public_name: 'Rosa Vogel', show_name: 'yes' },
      details.body,
    );
    expect(saved.statusCode).toBe(303);
    expect((await readProvenance(context.db, 'artworks', asset.id)).at(-1)).toMatchObject({
      holder: 'collector',
      publicName: 'Rosa Vogel',
    });

    const leave = await holder.browser.get('/collection/leave');
    expect(leave.body).toContain('held by a former collector');
    const left = await holder.browser.post('/collection/leave', {}, leave.body);
    expect(left.statusCode).toBe(200);
    expect(left.body).toContain('Your data is erased.');

    const { rows: people } = await context.db.query('SELECT 1 FROM people WHERE email = $1', [holder.email]);
    expect(people).toHaveLength(0);
    const { rows: collectors } = await context.db.query<Record<string, unknown>>(
      'SELECT person_id, public_name, erased_at FROM collectors WHERE id = $1',
      [collector.id],
    );
    expect(collectors[0]).toMatchObject({ person_id: null, public_name: null });
    expect(collectors[0]!.erased_at).not.toBeNull();
    const { rows: salts } = await context.db.query(
      'SELECT 1 FROM asset_holdings WHERE collector_id = $1 AND salt IS NOT NULL',
      [collector.id],
    );
    expect(salts).toHaveLength(0);
    const { rows: sessions } = await context.db.query(
      'SELECT 1 FROM collector_sessions WHERE collector_id = $1',
      [collector.id],
    );
    expect(sessions).toHaveLength(0);
    expect((await readProvenance(context.db, 'artworks', asset.id)).at(-1)).toMatchObject({
      holder: 'former_collector',
    });
    expect((await holder.browser.get('/collection')).statusCode).toBe(303);
  });
});

describe('removing a passkey on my details', () => {
  const addPasskey = async (personId: string, name: string) => {
    const id = randomUUID();
    await context.db.query(
      `INSERT INTO member_passkeys (id, person_id, credential_id, public_key, name) VALUES ($1, $2, $3, $4, $5)`,
      [id, personId, `credential-${id}`, Buffer.from([1, 2, 3]), name],
    );
    return id;
  };
  const passkeysOf = async (personId: string) =>
    (await context.db.query('SELECT 1 FROM member_passkeys WHERE person_id = $1', [personId])).rows.length;

  it('removes each passkey by its own form, the last one too; the route names no action of the holders’ table', async () => {
    expect(
      listHolderRoutes(context.app).find((route) => route.url === '/collection/details/passkey/:id/remove'),
    ).toMatchObject({ method: 'POST', holderAction: 'none' });
    const browser = new Browser(context.app);
    const email = address('keys');
    await signInByMail(browser, email);
    const { person_id: personId } = (await collectorOf(email))!;
    const first = await addPasskey(personId!, 'Phone');
    const last = await addPasskey(personId!, 'Laptop');
    const stranger = await collectorHolding(await issuedArtwork());
    const strangersKey = await addPasskey((await collectorOf(stranger.email))!.person_id!, 'Theirs');

    const page = await browser.get('/collection/details');
    expect(page.body).toContain('the last one too: a link by e-mail always signs you in here');
    for (const id of [first, last]) expect(page.body).toContain(`/collection/details/passkey/${id}/remove`);
    expect(page.body).toContain('Remove<span class="visually-hidden"> passkey Phone</span>');

    const notTheirs = await browser.post(`/collection/details/passkey/${strangersKey}/remove`, {}, page.body);
    expect(notTheirs.statusCode).toBe(404);
    expect(await passkeysOf((await collectorOf(stranger.email))!.person_id!)).toBe(1);
    const removed = await browser.post(`/collection/details/passkey/${first}/remove`, {}, page.body);
    expect(removed.statusCode).toBe(303);
    expect(removed.headers.location).toBe('/collection/details');
    expect((await browser.get('/collection/details')).body).toContain('Passkey removed.');
    const lastGone = await browser.post(`/collection/details/passkey/${last}/remove`, {}, page.body);
    expect(lastGone.statusCode).toBe(303);
    expect(await passkeysOf(personId!)).toBe(0);
    expect((await browser.get('/collection/details')).body).toContain('No passkeys yet');
  });

  it('keeps the last passkey of a collector who also signs in to a gallery’s account with it', async () => {
    const browser = new Browser(context.app);
    const email = address('member');
    await signInByMail(browser, email);
    const { person_id: personId } = (await collectorOf(email))!;
    await context.db.query(
      `INSERT INTO account_members (id, account_id, person_id, role, status) VALUES ($1, $2, $3, 'viewer', 'active')`,
      [randomUUID(), gallery.accountId, personId],
    );
    const only = await addPasskey(personId!, 'Phone');
    const page = await browser.get('/collection/details');
    const refused = await browser.post(`/collection/details/passkey/${only}/remove`, {}, page.body);
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain('only way left to sign in');
    expect(await passkeysOf(personId!)).toBe(1);
  });
});
