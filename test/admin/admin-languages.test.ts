import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../src/modules/accounts/accounts.service.js';
import { ensureSetupLink } from '../../src/modules/admin/auth/admin-setup.service.js';
import { createApiKey } from '../../src/modules/keys/keys.service.js';
import { englishOutsideCatalogue, textOfPage } from '../helpers/pseudo-language.js';
import { useTestContext } from '../helpers/test-app.js';
import { createAdmin, createPendingAsset, form, FORM, logIn } from './admin-helpers.js';

// The operator's pages in the reader's language (issue #47): chosen by ?lang= (kept in a cookie) or Accept-Language,
// offered by a switcher on every page, and in the pseudo language with no English left outside the catalogue.
const context = useTestContext();
let session: { cookie: string; csrfToken: string };
let accountId: string;
let asset: { id: string; certificateNumber: string };
/** The set-up page, drawn before any operator exists (it is gone once one does). */
let setupPages: Record<'fr' | 'pseudo', string>;

/** What the pages show that is data, not words of ours: names and values this test put there. */
const DATA = [
  'Galerie Lumière',
  'Maison Nord',
  'Portrait of a Lady in Blue',
  'Claude Monet',
  'Website sync',
  'PP-2026-0042',
];
/** The service's name, a setting (AVS_SERVICE_NAME), shown as it is set. */
const SERVICE_NAME = 'Asset Verification Service';

beforeAll(async () => {
  const setup = await ensureSetupLink(context.db);
  if (setup.state !== 'minted') throw new Error('no set-up link');
  const setupPage = async (lang: string) =>
    (await context.app.inject({ method: 'GET', url: `/admin/setup/${setup.token}?lang=${lang}` })).body;
  setupPages = { fr: await setupPage('fr'), pseudo: await setupPage('en-XA') };

  session = await logIn(context.app, (await createAdmin(context.db)).email);
  accountId = (await createAccount(context.db, { name: 'Galerie Lumière' })).id;
  await createApiKey(context.db, {
    accountId,
    actor: { admin: true },
    name: 'Website sync',
    planetScope: ['artworks'],
  });
  asset = await createPendingAsset(context.db, accountId, {
    title: 'Portrait of a Lady in Blue',
    attributes: { artist: 'Claude Monet' },
  });
  // Issued, then reported stolen by the operator: the asset page shows its badge, alert and look-ups.
  expect((await submit(`/admin/certificates/${asset.certificateNumber}/issue`, {})).statusCode).toBe(303);
  const reported = await submit(`/admin/assets/artworks/${asset.id}/alerts`, {
    kind: 'stolen',
    occurred_at: '2026-01-15',
    reference: 'PP-2026-0042',
  });
  expect(reported.statusCode).toBe(303);
});

const page = (url: string, headers: Record<string, string> = {}) =>
  context.app.inject({
    method: 'GET',
    url,
    headers: { accept: 'text/html', cookie: session.cookie, ...headers },
  });
const submit = (url: string, fields: Record<string, string>, query = '') =>
  context.app.inject({
    method: 'POST',
    url: `${url}${query}`,
    headers: { ...FORM, cookie: session.cookie },
    payload: form({ _csrf: session.csrfToken, ...fields }),
  });

/** An admin page that answers 404 with the admin's error page. */
const UNKNOWN_KEY = '/admin/api-keys/00000000-0000-4000-8000-000000000000/revoke';

/**
 * What a person reads on a page without opening a history entry's technical details (its raw event, hash and log
 * index, which the issue keeps behind that closed disclosure): the disclosure's summary stays, its content goes.
 */
function withTechnicalDetailsClosed(body: string): string {
  return body.replace(
    /(<details class="technical-details">\s*<summary>[\s\S]*?<\/summary>)[\s\S]*?<\/details>/g,
    '$1</details>',
  );
}

/** The address each admin page is walked at. */
const pages = () => [
  '/admin',
  '/admin/api-keys',
  '/admin/accounts',
  `/admin/accounts/${accountId}`,
  '/admin/certificates',
  '/admin/certificates?status=issued',
  `/admin/assets/artworks/${asset.id}`,
];

describe('the language of an admin page', () => {
  it('is the one ?lang= asks for, and the next page keeps it (a cookie)', async () => {
    const french = await page('/admin?lang=fr');
    expect(french.body).toContain('<html lang="fr">');
    expect(french.body).toContain('<h1>Tableau de bord</h1>');
    const kept = String(french.headers['set-cookie']);
    expect(kept).toMatch(/^avs_lang=fr;/);
    const next = await page('/admin/accounts', { cookie: `${session.cookie}; ${kept.split(';', 1)[0]}` });
    expect(next.body).toContain('<html lang="fr">');
    expect(next.body).toContain('<h1>Comptes</h1>');
  });

  it('follows the browser’s Accept-Language', async () => {
    const japanese = await page('/admin/certificates', { 'accept-language': 'ja,en;q=0.5' });
    expect(japanese.body).toContain('<html lang="ja">');
    expect(japanese.body).toContain('<h1>証明書</h1>');
    expect(japanese.headers.vary).toMatch(/Accept-Language/);
  });

  it('is English for a browser that asks for none of the five', async () => {
    const english = await page('/admin', { 'accept-language': 'pt-BR' });
    expect(english.body).toContain('<html lang="en">');
    expect(english.body).toContain('<h1>Dashboard</h1>');
  });

  it('is offered on every page by a switcher: the five languages by their own names, this one marked', async () => {
    const body = (await page('/admin/accounts?lang=de')).body.replace(/\s+/g, ' ');
    const switcher = /<nav class="language-switcher" aria-label="Sprache">.*?<\/nav>/.exec(body)?.[0] ?? '';
    for (const [code, name] of [
      ['en', 'English'],
      ['fr', 'Français'],
      ['de', 'Deutsch'],
      ['it', 'Italiano'],
      ['ja', '日本語'],
    ])
      expect(switcher).toMatch(
        new RegExp(`href="\\?lang=${code}" lang="${code}" hreflang="${code}"[^>]*>${name}</a`),
      );
    expect(switcher).toMatch(/hreflang="de" aria-current="true"/);
    const login = (await context.app.inject({ method: 'GET', url: '/admin/login?lang=it' })).body;
    expect(login).toContain('<html lang="it">');
    expect(login).toContain('<nav class="language-switcher" aria-label="Lingua">');
  });

  it('speaks in the notices a form leaves, the refusals and the error pages', async () => {
    const created = await submit('/admin/accounts', { name: 'Maison Nord' }, '?lang=fr');
    expect(created.statusCode).toBe(303);
    expect((await page('/admin/accounts?lang=fr')).body).toContain('Compte Maison Nord créé.');

    const notFound = await page(`${UNKNOWN_KEY}?lang=ja`);
    expect(notFound.statusCode).toBe(404);
    expect(notFound.body).toContain('<h1>見つかりません</h1>');

    // A form the schema refuses (a name past the form field's 4,000 characters) gets the error page's own sentence.
    const refused = await submit('/admin/accounts', { name: 'x'.repeat(4001) }, '?lang=it');
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(
      'Il modulo non è stato compilato come previsto; torni indietro e riprovi.',
    );

    const login = await context.app.inject({
      method: 'GET',
      url: '/admin/login',
      headers: { 'accept-language': 'de' },
    });
    expect(login.body).toContain('<label for="password">Passwort</label>');
  });

  it('names statuses, categories and fields in the reader’s language', async () => {
    const queue = (await page('/admin/certificates?status=issued&planet=artworks&lang=fr')).body;
    expect(queue).toMatch(/<option value="issued"\s+selected>émis<\/option>/);
    expect(queue).toMatch(/<h2 id="planet-artworks">\s*Œuvres d’art/);
    expect(queue).toContain('<dt>Artiste</dt>');
    const assetPage = (await page(`/admin/assets/artworks/${asset.id}?lang=de`)).body;
    expect(assetPage).toContain('ausgestellt, aber als gestohlen gemeldet');
  });
});

describe('the pseudo language', () => {
  it('leaves no English outside the catalogue on any admin page', async () => {
    for (const url of pages()) {
      const response = await page(`${url}${url.includes('?') ? '&' : '?'}lang=en-XA`);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<html lang="en-XA">');
      const read = textOfPage(withTechnicalDetailsClosed(response.body));
      expect(englishOutsideCatalogue(read, [...DATA, SERVICE_NAME]), url).toEqual([]);
    }
  });

  it('leaves none on the pages outside a session: log-in, set-up, an error', async () => {
    const login = await context.app.inject({ method: 'GET', url: '/admin/login?lang=en-XA' });
    const notFound = await page(`${UNKNOWN_KEY}?lang=en-XA`);
    for (const body of [login.body, setupPages.pseudo, notFound.body])
      expect(englishOutsideCatalogue(textOfPage(body), [SERVICE_NAME])).toEqual([]);
    expect(setupPages.fr).toContain('<h1>Créer le premier administrateur</h1>');
  });

  it('catches English written outside the catalogue (the check can fail)', () => {
    const page =
      '<html lang="en-XA"><body><h1>⟦Ðåšĥƀöåŕð⟧</h1><p>Certificates awaiting review</p></body></html>';
    expect(englishOutsideCatalogue(textOfPage(page))).not.toEqual([]);
  });
});
