import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../src/modules/accounts/accounts.service.js';
import { createAssetViaApi, issueCertificateForTest, type CreatedAsset } from '../helpers/asset-factory.js';
import { pdfText, savePdf } from '../helpers/pdf-pictures.js';
import { useTestContext } from '../helpers/test-app.js';
import { CREDENTIALS_TEST_CONFIG } from '../credentials/credential-helpers.js';
import { joinedMember } from '../members/member-helpers.js';

// #47, people's words: the console's pages say categories, names and dates; ids, hashes and raw values only behind a
// closed "Technical details"; the certificate PDF in a language of its own, the console staying in the member's.
const context = useTestContext({ config: CREDENTIALS_TEST_CONFIG });
const work = mkdtempSync(path.join(tmpdir(), 'avs-people-words-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const ISO_TIMESTAMP = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

let accountId: string;
let owner: { cookie: string; csrf: string };
let issued: CreatedAsset;
let offered: CreatedAsset;

const get = (url: string, cookie = owner.cookie) =>
  context.app.inject({ method: 'GET', url, headers: { cookie } });

/** What a person reads of a page: its words, without markup, attributes, scripts or closed <details>. */
function wordsOutsideDetails(page: string): string {
  let words = page.replace(/<(script|style)\b[\s\S]*?<\/\1>/g, '');
  // Innermost first, so a disclosure inside a disclosure goes with it.
  while (/<details\b/.test(words))
    words = words.replace(/<details\b(?:(?!<details\b)[\s\S])*?<\/details>/, '');
  return words.replace(/<[^>]+>/g, ' ');
}

async function setLanguage(email: string, language: string | null) {
  await context.db.query('UPDATE people SET language = $2 WHERE email = $1', [email, language]);
}

beforeAll(async () => {
  const account = await context.createAccountWithKey({ name: 'North Gallery' });
  accountId = account.accountId;
  issued = await createAssetViaApi(context.app, account.auth, 'artworks', {
    title: 'Water Lilies',
    artist: 'Claude Monet',
    year: 1916,
  });
  await issueCertificateForTest(context.db, issued);
  offered = await createAssetViaApi(context.app, account.auth, 'artworks', {
    title: 'Haystacks',
    artist: 'Claude Monet',
  });
  const receiver = await createAccount(context.db, { name: 'Galerie Sud' });
  const transfer = await context.app.inject({
    method: 'POST',
    url: `/api/v1/assets/artworks/${offered.id}/transfer`,
    headers: account.auth,
    payload: { to_account_id: receiver.id },
  });
  expect(transfer.statusCode).toBe(202);
  const alert = await context.app.inject({
    method: 'POST',
    url: `/api/v1/assets/artworks/${issued.id}/alerts`,
    headers: account.auth,
    payload: { kind: 'stolen', occurred_at: '2026-01-02' },
  });
  expect(alert.statusCode).toBe(201);
  owner = await joinedMember(
    context.app,
    context.db,
    accountId,
    `words-${randomUUID()}@example.com`,
    'owner',
  );
});

describe('the console in people’s words', () => {
  it('shows no raw timestamp, id or “planet” on the home, the asset list and asset pages, outside technical details', async () => {
    const pages = {
      home: '/console',
      list: '/console/assets/artworks',
      issued: `/console/assets/artworks/${issued.id}`,
      offered: `/console/assets/artworks/${offered.id}`,
      transfers: '/console/transfers',
    };
    for (const [name, url] of Object.entries(pages)) {
      const page = await get(url);
      expect(page.statusCode, name).toBe(200);
      const words = wordsOutsideDetails(page.body);
      expect(words, `${name}: a raw timestamp`).not.toMatch(ISO_TIMESTAMP);
      expect(words, `${name}: an id`).not.toMatch(UUID);
      expect(words, `${name}: “planet”`).not.toMatch(/planet/i);
    }
  });

  it('names the category, the receiving account and the day an offer ends; the ids wait behind technical details', async () => {
    const list = await get('/console/assets/artworks');
    expect(list.body).toContain('<title>Artworks');
    expect(list.body).toContain('Artworks of the account, newest first');
    const page = (await get(`/console/assets/artworks/${offered.id}`)).body;
    expect(page).toMatch(/<dt>Category<\/dt>\s*<dd>Artworks<\/dd>/);
    expect(page).toMatch(/Offered to Galerie Sud, open until [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    const details =
      /<details class="technical-details">\s*<summary>Technical details<\/summary>[\s\S]*?<\/details>/g;
    const disclosed = page.match(details)!.join('');
    expect(disclosed).toContain(`<code>${offered.id}</code>`);
    expect(disclosed).not.toContain(' open>');
    // An issued asset says why it cannot change, in words, not the API's error.
    const frozen = (await get(`/console/assets/artworks/${issued.id}`)).body;
    expect(frozen).toContain(
      'This asset can no longer be changed: its certificate is issued, and it vouches for the record as it was then.',
    );
  });

  it('says the role on the home page as one sentence in the member’s language', async () => {
    const email = `words-fr-${randomUUID()}@example.com`;
    const editor = await joinedMember(context.app, context.db, accountId, email, 'editor');
    await setLanguage(email, 'fr');
    const home = await get('/console', editor.cookie);
    expect(home.body).toContain('<html lang="fr"');
    expect(home.body).toContain(
      'Vous êtes <strong>éditeur</strong> de North Gallery\u00a0: vous avez accès aux objets, images et documents',
    );
    expect(home.body).toContain('Œuvres d’art');
    expect(home.body).toContain('Volé');
  });

  it('prints the certificate in the language chosen for it, while the console stays in the member’s', async () => {
    const email = `words-print-${randomUUID()}@example.com`;
    const viewer = await joinedMember(context.app, context.db, accountId, email, 'viewer');
    await setLanguage(email, 'fr');
    const base = `/console/assets/artworks/${issued.id}/certificate`;

    const page = await get(base, viewer.cookie);
    expect(page.body).toContain('<html lang="fr"');
    expect(page.body).toContain('<label for="certificate-language">Langue du certificat</label>');
    // The five languages by their own names, the page's language chosen.
    expect(page.body).toMatch(/<option value="fr" lang="fr"\s+selected>\s*Français\s*<\/option>/);
    expect(page.body).toMatch(/<option value="ja" lang="ja"\s*>\s*日本語\s*<\/option>/);
    expect(page.body).toContain(`<form method="get" action="${base}.pdf"`);

    const japanese = await get(`${base}.pdf?language=ja`, viewer.cookie);
    expect(japanese.statusCode).toBe(200);
    expect(japanese.headers['set-cookie'] ?? '').not.toContain('avs_lang');
    const words = pdfText(savePdf(work, japanese.rawPayload));
    for (const word of ['真正性証明書', 'カテゴリー', '美術作品', '発行日', '作家'])
      expect(words).toContain(word);
    expect(words).not.toContain('Certificat');

    const french = pdfText(savePdf(work, (await get(`${base}.pdf`, viewer.cookie)).rawPayload));
    expect(french).toContain('Certificat d’authenticité');
    expect(french).toContain('Œuvres d’art');

    // The console is still French after the Japanese PDF.
    expect((await get(base, viewer.cookie)).body).toContain('<html lang="fr"');
    expect((await get(`${base}.pdf?language=xx`, viewer.cookie)).statusCode).toBe(400);
  });

  it('draws the label sheet in the language chosen for it', async () => {
    const response = await get(`/console/labels.pdf?planet=artworks&ids=${issued.id}&language=ja`);
    expect(response.statusCode).toBe(200);
    const file = savePdf(work, response.rawPayload);
    expect(execFileSync('pdfinfo', [file], { encoding: 'utf8' })).toContain('QRラベル（1枚）');
    const choice = await get('/console/labels?planet=artworks');
    expect(choice.body).toContain('<label for="labels-language">Language of the labels</label>');
    expect(choice.body).toMatch(/<option value="artworks"\s+selected>Artworks<\/option>/);
  });
});
