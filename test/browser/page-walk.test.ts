import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/lib/package-root.js';
import { ensureSetupLink } from '../../src/modules/admin/auth/admin-setup.service.js';
import { createApiKey } from '../../src/modules/keys/keys.service.js';
import { queueMail, type MailContent } from '../../src/modules/mail/mail.service.js';
import { startCollectorSession } from '../../src/modules/collection/shell/collector-sessions.service.js';
import {
  acceptClaim,
  acceptConsignment,
  createHandover,
  operatorMoveHolding,
} from '../../src/modules/holders/holders.service.js';
import { mailSettings } from '../../src/modules/mail/mail-settings.js';
import { mailCollectionSignInLink } from '../../src/modules/members/collection-links.service.js';
import { createAdmin, logIn } from '../admin/admin-helpers.js';
import { insertCollector } from '../holders/collector-rows.js';
import { createAssetViaApi, issueCertificateForTest, type CreatedAsset } from '../helpers/asset-factory.js';
import {
  freePort,
  launchChromium,
  PAGE_WALK_PASSES,
  walkProblems,
  type PageWalkPass,
} from '../helpers/browser.js';
import { softwareTagOf, type ProvisioningAnswer } from '../helpers/software-tag.js';
import { createTestContext, type TestContext } from '../helpers/test-app.js';
import { fixturePhoto } from '../media/media-fixtures.js';
import { newSecretToken, tokenHash } from '../../src/modules/web-pages/web-sessions.js';
import { insertPasswordReset } from '../../src/modules/password-resets/password-resets.repository.js';

// Every admin and public page a browser GETs (the console's are walked by console-walk.test.ts), in each pass of
// PAGE_WALK_PASSES: axe in French at 1280 px and Japanese at 360 px, nothing wider than a 360 px window in Japanese and
// German, and in the pseudo language no English outside the catalogue (issue #47). The walk is an explicit list; the
// first test fails when the app declares a GET address outside /console that is neither walked nor excluded below.
const SCREENSHOTS = path.join(packageRoot, 'test-artifacts', 'screenshots', 'page-walk');

/** GET addresses that are not pages a person reads, and why. */
const NOT_PAGES: Record<string, string> = {
  '/healthz': 'a probe’s JSON',
  '/readyz': 'a probe’s JSON',
  '/metrics': 'Prometheus text for a scraper',
  '/.well-known/did.json': 'the issuer’s DID document (JSON)',
  '/.well-known/jwks.json': 'the signing keys (JSON)',
  '/c/:number/credential': 'the signed credential (JSON, language-free)',
  '/c/:number/proofs/:code': 'a proof of holding’s signed receipt (JSON, language-free)',
  '/status/:purpose/:list': 'a signed status list (JSON)',
  '/tlog/checkpoint': 'the log’s signed checkpoint (text for log clients)',
  '/tlog/vkey': 'the log’s verifier key (text)',
  '/tlog/tile/*': 'log tiles (bytes)',
  '/docs': 'the API reference for developers (Swagger UI’s own page)',
  '/docs/static/index.html': 'Swagger UI’s page',
  '/docs/static/swagger-initializer.js': 'Swagger UI’s script',
  '/docs/json': 'the OpenAPI document',
  '/docs/yaml': 'the OpenAPI document',
  '/docs/static/*': 'Swagger UI’s files',
  '/admin/static/:name': 'the admin’s stylesheet and script',
  '/admin/api/session': 'the admin API (JSON)',
  '/admin/api/accounts': 'the admin API (JSON)',
  '/admin/api/accounts/:id/members': 'the admin API (JSON)',
  '/admin/api/accounts/:id/invitations': 'the admin API (JSON)',
  '/admin/api/keys': 'the admin API (JSON)',
  '/admin/api/certificates': 'the admin API (JSON)',
  '/admin/api/corrections': 'the admin API (JSON)',
  '/admin/api/corrections/:id': 'the admin API (JSON)',
  '/admin/assets/:planet/:id/media/:media_id': 'the bytes of an uploaded file',
  '/admin/corrections/:id/images/:imageId': 'the bytes of an image a correction request adds',
  '/admin/assets/:planet/:id/media/:media_id/thumbnail': 'the certificates list’s small picture of a medium',
  '/admin/assets/:planet/:id/lookups.csv': 'a CSV download',
  '/admin/mail/:id/html':
    'a message’s HTML version, in its recipient’s language, framed by its page /admin/mail/:id',
  '/c/static/certificate.css': 'the public pages’ stylesheet',
  '/c/logos/:sha256': 'a gallery’s logo (image bytes)',
  '/c/static/service-logo': 'the service’s logo (image bytes)',
  '/collection/static/:name': 'the collection’s stylesheet and scripts',
  '/collection/objects/:planet/:id/certificate.pdf': 'a PDF download',
};

interface Walked {
  /** The route as the app declares it. */
  route: string;
  url: () => string;
  /** Signed in as the operator (the admin pages), or a visitor. */
  operator?: true;
  /** Signed in as a collector (the /collection pages). */
  collector?: true;
  /** Saved as test-artifacts/screenshots/page-walk/{shot}-{pass}.png. */
  shot: string;
  status?: number;
  /** A page reached by a form rather than by its address: fill it in and send it. */
  reach?: (page: Page) => Promise<void>;
}

let context: TestContext;
let browser: Browser;
let baseUrl: string;
let operatorCookie: string;
let dataDir: string | undefined;
const ids = {
  setupToken: '',
  accountId: '',
  keyId: '',
  issued: undefined as unknown as CreatedAsset,
  stolen: undefined as unknown as CreatedAsset,
  pending: undefined as unknown as CreatedAsset,
  /** A work handed over every way: consigned, claimed by a collector who left, moved on proof. */
  travelled: undefined as unknown as CreatedAsset,
  tapUrl: '',
  /** A link to choose a new password, never used. */
  adminResetToken: newSecretToken(),
  mail: '',
  secretMail: '',
  /** A correction of the issued certificate, waiting for the operator. */
  correction: '',
  /** A collector's session, the work they hold, an open claim and an open sign-in link of /collection. */
  collectorToken: '',
  held: '',
  claimCode: '',
  collectionLink: '',
};

/** The set-up page is there only until the first administrator exists: walked first, on its own. */
const BEFORE_ANY_OPERATOR: readonly Walked[] = [
  { route: '/admin/setup/:token', url: () => `/admin/setup/${ids.setupToken}`, shot: 'admin-setup' },
];

const WALK: readonly Walked[] = [
  { route: '/', url: () => '/', shot: 'landing' },
  { route: '/c', url: () => '/c', shot: 'look-up' },
  { route: '/c/how-to-check', url: () => '/c/how-to-check', shot: 'how-to-check' },
  { route: '/c/:number', url: () => `/c/${ids.issued.certificate_number}`, shot: 'certificate' },
  { route: '/c/:number', url: () => `/c/${ids.stolen.certificate_number}`, shot: 'certificate-stolen' },
  {
    route: '/c/:number',
    url: () => `/c/${ids.travelled.certificate_number}`,
    shot: 'certificate-handed-over',
  },
  { route: '/c/:number', url: () => `/c/${ids.pending.certificate_number}`, shot: 'certificate-not-issued' },
  { route: '/c/:number', url: () => '/c/ART-2020-999999', shot: 'certificate-unknown', status: 404 },
  { route: '/t', url: () => ids.tapUrl, shot: 'tap' },
  {
    route: '/c',
    url: () => '/c',
    shot: 'photo-search-results',
    reach: async (page) => {
      await page.locator('input[type=file]').setInputFiles({
        name: 'photo.jpg',
        mimeType: 'image/jpeg',
        buffer: fixturePhoto('yellow-flower.jpg'),
      });
      await Promise.all([
        page.waitForNavigation(),
        page.locator('form[enctype="multipart/form-data"] button').click(),
      ]);
    },
  },
  { route: '/collection/sign-in', url: () => '/collection/sign-in', shot: 'collection-sign-in' },
  { route: '/collection/sign-in/:token', url: () => ids.collectionLink, shot: 'collection-sign-in-link' },
  {
    route: '/collection/sign-in/:token',
    url: () => `/collection/sign-in/${'A'.repeat(43)}`,
    shot: 'collection-sign-in-link-unknown',
    status: 404,
  },
  {
    route: '/collection/claim/:code',
    url: () => `/collection/claim/${ids.claimCode}`,
    shot: 'collection-claim',
  },
  {
    route: '/collection/claim/:code',
    url: () => `/collection/claim/${ids.claimCode}`,
    shot: 'collection-claim-signed-in',
    collector: true,
  },
  {
    route: '/collection/claim/:code',
    url: () => `/collection/claim/${'A'.repeat(43)}`,
    shot: 'collection-claim-unknown',
    status: 404,
  },
  { route: '/collection', url: () => '/collection', shot: 'collection', collector: true },
  {
    route: '/collection/objects/:planet/:id',
    url: () => `/collection/objects/artworks/${ids.held}`,
    shot: 'collection-object',
    collector: true,
  },
  {
    route: '/collection/objects/:planet/:id',
    url: () => `/collection/objects/artworks/${ids.held}?consignee=Lumi`,
    shot: 'collection-object-consignees',
    collector: true,
  },
  {
    route: '/collection/details',
    url: () => '/collection/details',
    shot: 'collection-details',
    collector: true,
  },
  { route: '/collection/leave', url: () => '/collection/leave', shot: 'collection-leave', collector: true },
  { route: '/admin/login', url: () => '/admin/login', shot: 'admin-login' },
  { route: '/admin/forgot-password', url: () => '/admin/forgot-password', shot: 'admin-forgot-password' },
  {
    route: '/admin/reset-password/:token',
    url: () => `/admin/reset-password/${ids.adminResetToken}`,
    shot: 'admin-reset-password',
  },
  {
    route: '/admin/reset-password/:token',
    url: () => `/admin/reset-password/${'A'.repeat(43)}`,
    shot: 'admin-reset-link-not-valid',
    status: 404,
  },
  { route: '/admin', url: () => '/admin', operator: true, shot: 'admin-dashboard' },
  { route: '/admin/api-keys', url: () => '/admin/api-keys', operator: true, shot: 'admin-keys' },
  {
    route: '/admin/api-keys/:id/revoke',
    url: () => `/admin/api-keys/${ids.keyId}/revoke`,
    operator: true,
    shot: 'admin-key-revoke',
  },
  { route: '/admin/accounts', url: () => '/admin/accounts', operator: true, shot: 'admin-accounts' },
  {
    route: '/admin/accounts/:id',
    url: () => `/admin/accounts/${ids.accountId}`,
    operator: true,
    shot: 'admin-account',
  },
  {
    route: '/admin/certificates',
    url: () => '/admin/certificates',
    operator: true,
    shot: 'admin-certificates',
  },
  {
    route: '/admin/assets/:planet/:id',
    url: () => `/admin/assets/artworks/${ids.stolen.id}`,
    operator: true,
    shot: 'admin-asset',
  },
  {
    route: '/admin/assets/:planet/:id',
    url: () => `/admin/assets/artworks/${ids.travelled.id}`,
    operator: true,
    shot: 'admin-asset-handed-over',
  },
  { route: '/admin/corrections', url: () => '/admin/corrections', operator: true, shot: 'admin-corrections' },
  {
    route: '/admin/corrections/:id',
    url: () => `/admin/corrections/${ids.correction}`,
    operator: true,
    shot: 'admin-correction',
  },
  { route: '/admin/mail', url: () => '/admin/mail', operator: true, shot: 'admin-mail' },
  {
    route: '/admin/mail/:id',
    url: () => `/admin/mail/${ids.mail}`,
    operator: true,
    shot: 'admin-mail-message',
  },
  {
    route: '/admin/mail/:id',
    url: () => `/admin/mail/${ids.secretMail}`,
    operator: true,
    shot: 'admin-mail-one-time-link',
  },
  { route: '/admin', url: () => '/admin/no-such-page', operator: true, shot: 'admin-not-found', status: 404 },
  { route: '/', url: () => '/no-such-page', shot: 'not-found', status: 404 },
];

/** What the walk's pages show that is data, not words of ours (the pseudo pass leaves it alone). */
const DATA = [
  'Galerie Lumière',
  'Maison de Ventes',
  'Portrait of a Lady in Blue',
  'Claude Monet',
  'Oil on canvas',
  'Haystacks',
  'Reverso Tribute Duoface',
  'Jaeger-LeCoultre',
  'Stainless steel',
  'Q3988482',
  'Website sync',
  'test key', // the name createAccountWithKey gives the gallery's own key
  'PP-2026-0042',
  'operator@example.com',
  'collector@example.com',
  'Asset Verification Service',
  'no-reply@localhost', // the sender of the walk's mail: the host of AVS_PUBLIC_URL
  // The commands of "how to check a certificate yourself", as they are typed (never translated).
  'curl -o certificate.json',
  'avs verify-credential certificate.json',
];

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const port = await freePort();
  baseUrl = `http://localhost:${port}`;
  // The local mailbox of the walk's mail (no AVS_SMTP_URL): AVS_DATA_DIR/mail.
  dataDir = mkdtempSync(path.join(tmpdir(), 'avs-page-walk-'));
  context = await createTestContext({
    config: { AVS_PUBLIC_URL: baseUrl, AVS_PUBLIC_RATE_LIMIT_BURST: 100_000, AVS_DATA_DIR: dataDir },
  });
  const setup = await ensureSetupLink(context.db);
  if (setup.state !== 'minted') throw new Error('no set-up link');
  ids.setupToken = setup.token;

  const gallery = await context.createAccountWithKey({ name: 'Galerie Lumière' });
  ids.accountId = gallery.accountId;
  ids.keyId = (
    await createApiKey(context.db, {
      accountId: gallery.accountId,
      actor: { admin: true },
      name: 'Website sync',
      planetScope: ['artworks'],
    })
  ).id;
  const api = async (url: string, payload: object) => {
    const response = await context.app.inject({ method: 'POST', url, headers: gallery.auth, payload });
    if (response.statusCode >= 300) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return response;
  };
  ids.issued = await createAssetViaApi(context.app, gallery.auth, 'artworks', {
    title: 'Haystacks',
    artist: 'Claude Monet',
    medium: 'Oil on canvas',
    year: 1890,
  });
  await issueCertificateForTest(context.db, ids.issued);
  ids.correction = (
    await api(`/api/v1/assets/artworks/${ids.issued.id}/corrections`, {
      fields: { year: 1891 },
      reason: 'Haystacks',
    })
  ).json<{ id: string }>().id;
  // The request adds a public image, shown to the operator on the request's page.
  const heldImage = await context.app.inject({
    method: 'POST',
    url: `/files/v1/corrections/${ids.correction}/images`,
    headers: { ...gallery.auth, 'content-type': 'image/jpeg' },
    payload: fixturePhoto('yellow-flower.jpg'),
  });
  expect(heldImage.statusCode, heldImage.body).toBe(201);
  ids.stolen = await createAssetViaApi(context.app, gallery.auth, 'artworks', {
    title: 'Portrait of a Lady in Blue',
  });
  const uploaded = await context.app.inject({
    method: 'POST',
    url: `/files/v1/assets/artworks/${ids.stolen.id}/media?public=true`,
    headers: { ...gallery.auth, 'content-type': 'image/jpeg' },
    payload: fixturePhoto('yellow-flower.jpg'),
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  await issueCertificateForTest(context.db, ids.stolen);
  await api(`/api/v1/assets/artworks/${ids.stolen.id}/alerts`, {
    kind: 'stolen',
    occurred_at: '2026-01-15',
    reference: 'PP-2026-0042',
  });
  ids.pending = await createAssetViaApi(context.app, gallery.auth, 'artworks', { title: 'Haystacks' });

  // A collector who holds a work (accepted from the gallery), and an open claim of another for the claim's page.
  const galleryActor = {
    kind: 'account' as const,
    principal: { accountId: gallery.accountId, apiKeyId: gallery.apiKey.id, planetScope: [] },
  };
  const held = await createAssetViaApi(context.app, gallery.auth, 'artworks', {
    title: 'Haystacks',
    artist: 'Claude Monet',
    medium: 'Oil on canvas',
    year: 1890,
  });
  await issueCertificateForTest(context.db, held);
  ids.held = held.id;
  const collector = await insertCollector(context.db, { email: 'collector@example.com' });
  const handedOver = await createHandover(context.db, {
    planet: 'artworks',
    assetId: held.id,
    actor: galleryActor,
    kind: 'claim',
  });
  await acceptClaim(context.db, { code: handedOver.code!, collectorId: collector.collectorId });
  ids.collectorToken = (await startCollectorSession(context.db, collector.collectorId)).token;
  // A work that changed hands every way (docs/collectors.md): consigned to an auction house and accepted, claimed from
  // it by a collector who then left, moved back to the gallery by the operator on proof. The operator's asset page
  // and the public page say each hand-over.
  const house = await context.createAccountWithKey({ name: 'Maison de Ventes' });
  const houseActor = {
    kind: 'account' as const,
    principal: { accountId: house.accountId, apiKeyId: house.apiKey.id, planetScope: [] },
  };
  ids.travelled = await createAssetViaApi(context.app, gallery.auth, 'artworks', { title: 'Haystacks' });
  await issueCertificateForTest(context.db, ids.travelled);
  const consignment = await createHandover(context.db, {
    planet: 'artworks',
    assetId: ids.travelled.id,
    actor: galleryActor,
    kind: 'consignment',
    toAccountId: house.accountId,
  });
  await acceptConsignment(context.db, {
    handoverId: consignment.handover.id,
    principal: houseActor.principal,
  });
  const sold = await createHandover(context.db, {
    planet: 'artworks',
    assetId: ids.travelled.id,
    actor: houseActor,
    kind: 'claim',
  });
  const leaving = await insertCollector(context.db);
  await acceptClaim(context.db, { code: sold.code!, collectorId: leaving.collectorId });
  await context.db.query('UPDATE collectors SET erased_at = now(), person_id = NULL WHERE id = $1', [
    leaving.collectorId,
  ]);
  await operatorMoveHolding(context.db, {
    planet: 'artworks',
    assetId: ids.travelled.id,
    adminUserId: null,
    to: { kind: 'account', accountId: gallery.accountId },
    reason: 'Bill of sale seen',
  });
  ids.claimCode = (
    await createHandover(context.db, {
      planet: 'artworks',
      assetId: ids.issued.id,
      actor: galleryActor,
      kind: 'claim',
    })
  ).code!;
  await context.db.transaction((tx) =>
    mailCollectionSignInLink(tx, {
      email: 'collector@example.com',
      settings: mailSettings(context.app.config),
      draw: (url) => {
        ids.collectionLink = new URL(url).pathname;
        return {
          subject: 'Haystacks',
          heading: 'Haystacks',
          paragraphs: [],
          action: { label: 'Haystacks', url },
        };
      },
    }),
  );

  const watch = await createAssetViaApi(context.app, gallery.auth, 'watches', {
    title: 'Reverso Tribute Duoface',
    brand: 'Jaeger-LeCoultre',
    reference_number: 'Q3988482',
    case_material: 'Stainless steel',
    year: 2023,
  });
  await issueCertificateForTest(context.db, watch);
  const bound = await api(`/api/v1/assets/watches/${watch.id}/tags`, { uid: '04DE5F1EACC041' });
  const tag = softwareTagOf(bound.json<ProvisioningAnswer>());
  ids.tapUrl = tag.tap('');

  // Two messages in the local mailbox: one the mailbox page shows whole, one whose one-time link it keeps back.
  const mail = (kind: string, content: MailContent, carriesSecretLink = false) =>
    context.db.transaction(
      async (tx) =>
        (await queueMail(tx, {
          kind,
          to: 'registrar@galerie-lumiere.example',
          language: 'en',
          service: 'Asset Verification Service',
          carriesSecretLink,
          draw: () => content,
        }))!,
    );
  ids.mail = await mail('notice.certificate_issued', {
    subject: 'Haystacks',
    heading: 'Claude Monet',
    paragraphs: ['Oil on canvas'],
    action: { label: 'Haystacks', url: `${baseUrl}/c/${ids.issued.certificate_number}` },
  });
  ids.secretMail = await mail(
    'password_reset',
    {
      subject: 'Portrait of a Lady in Blue',
      heading: 'Galerie Lumière',
      paragraphs: ['Oil on canvas'],
      action: { label: 'Haystacks', url: `${baseUrl}/console/reset/one-time` },
    },
    true,
  );
  await context.app.mailWorker.drain();

  await context.app.listen({ host: 'localhost', port });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await context?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('the walk', () => {
  it('walks every GET address outside /console the app declares (or says why one is not a page)', () => {
    const walked = new Set([...BEFORE_ANY_OPERATOR, ...WALK].map((page) => page.route));
    const pages = [...context.app.registeredRoutes]
      .filter(([url, methods]) => methods.has('GET') && !/^\/(api|files|console)(\/|$)/.test(url))
      .map(([url]) => url);
    expect(pages.length).toBeGreaterThan(20);
    const missing = pages.filter((url) => !walked.has(url) && !(url in NOT_PAGES));
    expect(missing, 'GET addresses neither walked nor excluded').toEqual([]);
    for (const url of [...walked, ...Object.keys(NOT_PAGES)]) expect(pages).toContain(url);
  });
});

async function newContext(pass: PageWalkPass, cookie?: string, where = '/admin'): Promise<BrowserContext> {
  const browserContext = await browser.newContext({
    viewport: pass.viewport,
    isMobile: pass.viewport.width < 500,
  });
  await browserContext.addCookies([{ name: 'avs_lang', value: pass.language, url: baseUrl }]);
  if (cookie) {
    const [name, value] = cookie.split('=') as [string, string];
    await browserContext.addCookies([{ name, value, url: `${baseUrl}${where}` }]);
  }
  return browserContext;
}

async function walk(browserContext: BrowserContext, walked: Walked, pass: PageWalkPass): Promise<void> {
  const page = await browserContext.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      errors.push(message.text());
  });
  page.on('response', (answer) => {
    if (answer.status() >= 400 && answer.request().resourceType() !== 'document')
      errors.push(`${answer.status()} ${answer.url()}`);
  });
  const response = await page.goto(`${baseUrl}${walked.url()}`);
  if (walked.reach) await walked.reach(page);
  else expect(response?.status()).toBe(walked.status ?? 200);
  await page.screenshot({ path: path.join(SCREENSHOTS, `${walked.shot}-${pass.name}.png`), fullPage: true });
  expect(errors).toEqual([]);
  expect(await walkProblems(page, pass, DATA)).toEqual([]);
  await page.close();
}

describe.each(PAGE_WALK_PASSES.map((pass) => [pass.name, pass] as const))(
  'the set-up page before any operator exists, %s',
  (_name, pass) => {
    it.each(BEFORE_ANY_OPERATOR.map((walked) => [walked.shot, walked] as const))(
      '%s: in its language, axe, width and catalogue as the pass asks',
      async (_shot, walked) => {
        const browserContext = await newContext(pass);
        await walk(browserContext, walked, pass);
        await browserContext.close();
      },
    );
  },
);

describe('then, with an operator', () => {
  beforeAll(async () => {
    const operatorAdmin = await createAdmin(context.db, 'operator@example.com');
    // A link to choose a new password, as "Forgot your password?" writes it, open for the whole walk.
    await insertPasswordReset(context.db, {
      id: tokenHash(ids.adminResetToken),
      realm: 'admin',
      purpose: 'reset',
      email: operatorAdmin.email,
      personId: null,
      adminUserId: operatorAdmin.id,
      clientBucket: null,
      mailed: true,
      ttlMs: 24 * 60 * 60 * 1000,
    });
    operatorCookie = (await logIn(context.app, 'operator@example.com')).cookie;
  });

  // One test per page and pass, so a slow machine spends its time limit on one page, not on the whole walk.
  describe.each(PAGE_WALK_PASSES.map((pass) => [pass.name, pass] as const))(
    'every page, %s',
    (_name, pass) => {
      let operator: BrowserContext;
      let visitor: BrowserContext;
      let collector: BrowserContext;
      beforeAll(async () => {
        operator = await newContext(pass, operatorCookie);
        visitor = await newContext(pass);
        collector = await newContext(pass, `avs_collector_session=${ids.collectorToken}`, '/collection');
      });
      afterAll(async () => {
        await operator?.close();
        await visitor?.close();
        await collector?.close();
      });

      it.each(WALK.map((walked) => [walked.shot, walked] as const))(
        '%s: the status it should have, no failed resource, in its language, axe, width and catalogue as the pass asks',
        async (_shot, walked) =>
          walk(walked.operator ? operator : walked.collector ? collector : visitor, walked, pass),
      );
    },
  );
});
