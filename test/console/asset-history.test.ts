import { beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, logIn } from '../admin/admin-helpers.js';
import { moveCertificateForTest, type CreatedAsset } from '../helpers/asset-factory.js';
import {
  artworkWithFullHistory,
  historyGallery,
  transferInConsole,
  type HistoryGallery,
} from '../helpers/asset-history.js';
import { useTestContext } from '../helpers/test-app.js';

// An asset's history as sentences a gallery's registrar reads (issue #47 item 3): who did what by name, fields by
// their names, values with their units; hashes, log indexes and raw ids only under a closed "Technical details".
const context = useTestContext();
let nord: HistoryGallery;
let sud: HistoryGallery;
let asset: CreatedAsset;

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;
const HEX_64 = /[0-9a-f]{64}/;

/** The history section of a page: the timeline and what follows it up to the section's end. */
function historySection(body: string): string {
  const start = body.indexOf('<section aria-labelledby="history-heading">');
  expect(start, 'the page has a history section').toBeGreaterThanOrEqual(0);
  return body.slice(start, body.indexOf('</section>', start));
}

const technicalDetails = /<details class="technical-details"[^>]*>[\s\S]*?<\/details>/g;

/** What a person reads without opening anything: the section's words, the technical details left out. */
function readAtOnce(section: string): string {
  return section
    .replace(technicalDetails, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

/** The history reads as sentences; no id, hash or JSON shows until a closed disclosure is opened. */
function expectPeoplesWords(section: string): void {
  const events = section.match(/<li data-event=/g) ?? [];
  const disclosures = section.match(technicalDetails) ?? [];
  expect(disclosures).toHaveLength(events.length);
  for (const disclosure of disclosures) expect(disclosure).not.toMatch(/<details[^>]*\sopen/);
  expect(disclosures.join('')).toMatch(HEX_64);
  const shown = section.replace(technicalDetails, ' ');
  expect(shown).not.toMatch(UUID);
  expect(shown).not.toMatch(HEX_64);
  expect(shown).not.toMatch(/\{&quot;|\{"|member_id|api_key_id|commitment/);
}

beforeAll(async () => {
  nord = await historyGallery(context, {
    account: 'Galerie Nord',
    key: 'Shop sync',
    member: 'Erik Sørensen',
    email: 'erik@galerie-nord.example',
  });
  sud = await historyGallery(context, {
    account: 'Maison Sud',
    key: 'Stock list',
    member: 'Ana Ruiz',
    email: 'ana@maison-sud.example',
  });
  asset = await artworkWithFullHistory(context, nord);
});

const get = (url: string, cookie: string) => context.app.inject({ method: 'GET', url, headers: { cookie } });

/** An asset page's history section, and the words it shows at once. */
async function historyOf(url: string, cookie: string): Promise<{ section: string; words: string }> {
  const page = await get(url, cookie);
  expect(page.statusCode).toBe(200);
  const section = historySection(page.body);
  return { section, words: readAtOnce(section) };
}

function expectSentences(words: string, sentences: readonly string[]): void {
  for (const sentence of sentences) expect(words).toContain(sentence);
}

describe('an asset’s history as sentences', () => {
  it('the registering gallery’s page names its members and keys, and the operator, in one sentence per event', async () => {
    const { section, words } = await historyOf(`/console/assets/artworks/${asset.id}`, nord.registrar.cookie);
    expectSentences(words, [
      'The API key ‘Shop sync’ registered the asset',
      'Erik Sørensen changed the dimensions from 80 × 120 cm to 81 × 120 cm',
      'The API key ‘Shop sync’ added a public image',
      'The API key ‘Shop sync’ added a private image',
      'The API key ‘Shop sync’ added a private image or document',
      'Erik Sørensen removed a private image or document',
      'The API key ‘Shop sync’ attached an NFC tag',
      'The operator issued the certificate',
      'The API key ‘Shop sync’ reported the item stolen, missing since Jan 15, 2026',
      'The API key ‘Shop sync’ closed the report: the item was recovered',
      'The operator suspended the certificate: Provenance query from a buyer',
      'The operator reinstated the certificate',
      'The API key ‘Shop sync’ removed the NFC tag',
      'Your account verified the asset',
    ]);
    expectPeoplesWords(section);
    // One click away: the event's hash, its log index and the raw ids it names.
    const details = section.match(technicalDetails)!.join('');
    expect(details).toContain(nord.registrar.memberId);
    expect(details).toContain(nord.keyId);
    expect(details).toContain('Technical details');
    expect(details).toContain('Transparency log index');

    // In another language the parts take that language's order.
    const japanese = await historyOf(`/console/assets/artworks/${asset.id}?lang=ja`, nord.registrar.cookie);
    expectSentences(japanese.words, [
      'Erik Sørensenがサイズを80 × 120 cmから81 × 120 cmに変更しました',
      'APIキー「Shop sync」がアイテムを登録しました',
    ]);
  });

  it('a later owner reads its own people by name and the earlier account’s as “another account”', async () => {
    await transferInConsole(context, asset, nord, sud);
    await moveCertificateForTest(context.db, asset, 'revoke', 'Forgery confirmed by the artist’s estate');
    const archived = await context.app.inject({
      method: 'POST',
      url: `/api/v1/assets/artworks/${asset.id}/archive`,
      headers: sud.auth,
    });
    expect(archived.statusCode).toBe(200);

    const { section, words } = await historyOf(`/console/assets/artworks/${asset.id}`, sud.registrar.cookie);
    expectSentences(words, [
      'Another account registered the asset',
      'Another account changed the dimensions from 80 × 120 cm to 81 × 120 cm',
      'Another account verified the asset',
      'Ana Ruiz accepted the transfer: the asset passed from Galerie Nord to your account',
      'The operator revoked the certificate: Forgery confirmed by the artist’s estate',
      'The API key ‘Stock list’ archived the asset',
    ]);
    // The people and keys of the account before it stay unnamed, even in the technical details.
    for (const name of ['Erik Sørensen', 'erik@galerie-nord.example', 'Shop sync'])
      expect(section).not.toContain(name);
    expectPeoplesWords(section);
  });

  it('the operator’s page names everyone: both accounts’ people, keys and the accounts of a transfer', async () => {
    const admin = await createAdmin(context.db);
    const { cookie } = await logIn(context.app, admin.email);
    const { section, words } = await historyOf(`/admin/assets/artworks/${asset.id}`, cookie);
    expectSentences(words, [
      'The API key ‘Shop sync’ registered the asset',
      'Erik Sørensen changed the dimensions from 80 × 120 cm to 81 × 120 cm',
      'Galerie Nord verified the asset',
      'Ana Ruiz accepted the transfer: the asset passed from Galerie Nord to Maison Sud',
      'The API key ‘Stock list’ archived the asset',
    ]);
    expectPeoplesWords(section);
  });

  it('the public certificate page still shows no history: no name, key, id or hash of who made it', async () => {
    const page = await context.app.inject({ method: 'GET', url: `/c/${asset.certificate_number}` });
    expect(page.statusCode).toBe(200);
    const shown = page.body.replace(/<[^>]+>/g, ' ');
    for (const name of ['Erik Sørensen', 'Ana Ruiz', 'Shop sync', 'Stock list', nord.registrar.email])
      expect(shown).not.toContain(name);
    expect(shown).not.toMatch(UUID);
    expect(shown).not.toMatch(HEX_64);
    expect(page.body).not.toContain(nord.registrar.memberId);
    expect(page.body).not.toContain(nord.keyId);
  });
});
