import { beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_NAMES, LANGUAGES } from '../../src/i18n/locales.js';
import {
  createAssetViaApi,
  issueCertificateForTest,
  setCertificateStatusForTest,
  type CreatedAsset,
} from '../helpers/asset-factory.js';
import { englishOutsideCatalogue } from '../helpers/pseudo-language.js';
import { softwareTagOf, type SoftwareTag, type ProvisioningAnswer } from '../helpers/software-tag.js';
import { useTestContext } from '../helpers/test-app.js';
import { fixturePhoto, pdfDocument } from '../media/media-fixtures.js';

// The public pages in five languages (issue #47): every word from the catalogue, chosen by ?lang=, the avs_lang cookie
// or Accept-Language; a switcher to the five; the certificate page's ETag per language; the signed bytes language-free.
const PUBLIC_URL = 'https://certificates.example.com';

const context = useTestContext({
  config: { AVS_PUBLIC_URL: PUBLIC_URL, AVS_PUBLIC_RATE_LIMIT_BURST: 100_000 },
});

const assets: Record<'issued' | 'suspended' | 'revoked' | 'pending' | 'stolen', CreatedAsset> = {} as never;
let tag: SoftwareTag;
let addressCount = 0;
// The photo search keeps a small bucket per address: each search comes from its own.
const freshAddress = () => `198.51.100.${++addressCount}`;

/** What the fixtures put on the pages: their data, not words of ours. */
const DATA = [
  'Galerie Lumière',
  'Haystacks',
  'Claude Monet',
  'Oil on canvas',
  'Portrait of a Lady in Blue',
  'Reverso Tribute Duoface',
  'Jaeger-LeCoultre',
  'Q3988482',
  'Asset Verification Service',
  // The commands of "how to check a certificate yourself", as they are typed.
  'curl -o certificate.json',
  'avs verify-credential certificate.json',
];

beforeAll(async () => {
  const gallery = await context.createAccountWithKey({ name: 'Galerie Lumière' });
  const artwork = (title: string) =>
    createAssetViaApi(context.app, gallery.auth, 'artworks', {
      title,
      artist: 'Claude Monet',
      medium: 'Oil on canvas',
      year: 1890,
    });
  for (const state of ['issued', 'suspended', 'revoked'] as const) {
    assets[state] = await artwork('Haystacks');
    await issueCertificateForTest(context.db, assets[state]);
    if (state !== 'issued') await setCertificateStatusForTest(context.db, assets[state], state);
  }
  assets.pending = await artwork('Haystacks');
  assets.stolen = await artwork('Portrait of a Lady in Blue');
  const uploaded = await context.app.inject({
    method: 'POST',
    url: `/files/v1/assets/artworks/${assets.stolen.id}/media?public=true`,
    headers: { ...gallery.auth, 'content-type': 'image/jpeg' },
    payload: fixturePhoto('yellow-flower.jpg'),
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  await issueCertificateForTest(context.db, assets.stolen);
  const alert = await context.app.inject({
    method: 'POST',
    url: `/api/v1/assets/artworks/${assets.stolen.id}/alerts`,
    headers: gallery.auth,
    payload: { kind: 'stolen', occurred_at: '2026-01-15' },
  });
  expect(alert.statusCode, alert.body).toBe(201);

  const watch = await createAssetViaApi(context.app, gallery.auth, 'watches', {
    title: 'Reverso Tribute Duoface',
    brand: 'Jaeger-LeCoultre',
    reference_number: 'Q3988482',
  });
  await issueCertificateForTest(context.db, watch);
  const bound = await context.app.inject({
    method: 'POST',
    url: `/api/v1/assets/watches/${watch.id}/tags`,
    headers: gallery.auth,
    payload: { uid: '04DE5F1EACC047' },
  });
  expect(bound.statusCode, bound.body).toBe(201);
  tag = softwareTagOf(bound.json<ProvisioningAnswer>());
});

const BOUNDARY = 'public-pages-languages';
/** The look-up page's photo search form, as a browser sends it. */
function photoForm(file: Buffer, type: string): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="photo"; filename="photo"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

interface PublicPage {
  name: string;
  method?: 'GET' | 'POST';
  url: () => string;
  payload?: () => Buffer;
  status: number;
  /** A sentence of the page in French and in Japanese. */
  french: string;
  japanese: string;
}

const PAGES: readonly PublicPage[] = [
  {
    name: 'the home page',
    url: () => '/',
    status: 200,
    french: 'Ce certificat est-il authentique',
    japanese: 'この証明書は本物ですか',
  },
  {
    name: 'the look-up page',
    url: () => '/c',
    status: 200,
    french: 'Saisissez le numéro d’un certificat papier',
    japanese: '紙の証明書またはラベル',
  },
  {
    name: 'the look-up page refusing what was typed',
    url: () => '/c?number=hello',
    status: 400,
    french: 'Ce n’est pas un numéro de certificat',
    japanese: '証明書番号ではありません',
  },
  {
    name: 'how to check a certificate yourself',
    url: () => '/c/how-to-check',
    status: 200,
    french: 'Récupérez l’attestation.',
    japanese: 'クレデンシャルを取得します。',
  },
  {
    name: 'an issued certificate',
    url: () => `/c/${assets.issued.certificate_number}`,
    status: 200,
    french: 'Ce certificat est valable',
    japanese: 'この証明書は有効です',
  },
  {
    name: 'a suspended certificate',
    url: () => `/c/${assets.suspended.certificate_number}`,
    status: 200,
    french: 'n’est pas valable tant qu’il est suspendu',
    japanese: '一時停止されている間は無効です',
  },
  {
    name: 'a revoked certificate',
    url: () => `/c/${assets.revoked.certificate_number}`,
    status: 200,
    french: 'l’émetteur l’a retiré définitivement',
    japanese: '発行者が完全に取り消しました',
  },
  {
    name: 'a certificate not issued',
    url: () => `/c/${assets.pending.certificate_number}`,
    status: 200,
    french: 'Aucun certificat n’a été émis sous ce numéro',
    japanese: 'この番号で発行された証明書はありません',
  },
  {
    name: 'a certificate reported stolen',
    url: () => `/c/${assets.stolen.certificate_number}`,
    status: 200,
    french: 'Signalé volé',
    japanese: '盗難届出あり',
  },
  {
    name: 'an unknown certificate number',
    url: () => '/c/ART-1999-999999',
    status: 404,
    french: 'Certificat introuvable',
    japanese: '証明書が見つかりません',
  },
  {
    name: 'an address without a page',
    url: () => '/no-such-page',
    status: 404,
    french: 'Page introuvable',
    japanese: 'ページが見つかりません',
  },
  {
    name: 'the error page of an address that cannot be read',
    url: () => '/c?number=a&number=b',
    status: 400,
    french: 'L’adresse n’a pas pu être lue.',
    japanese: 'アドレスを読み取れませんでした。',
  },
  {
    name: 'the tap page',
    url: () => tag.tap(''),
    status: 200,
    french: 'Puce authentique',
    japanese: '正規のタグ',
  },
  {
    name: 'the photo search’s matches',
    method: 'POST',
    url: () => '/c/search',
    payload: () => photoForm(fixturePhoto('yellow-flower.jpg'), 'image/jpeg'),
    status: 200,
    french: '1 objet signalé ressemble à cette photo',
    japanese: 'この写真に似た届出品が 1 件見つかりました',
  },
  {
    name: 'the photo search’s refusal',
    method: 'POST',
    url: () => '/c/search',
    payload: () => photoForm(pdfDocument(), 'application/pdf'),
    status: 415,
    french: 'La recherche sur cette photo n’a pas pu être effectuée',
    japanese: 'この写真では検索できませんでした',
  },
];

/** The page asked for in a language: by `?lang=` in the address or by the browser's Accept-Language. */
function open(page: PublicPage, asked: { lang?: string; acceptLanguage?: string }) {
  const url = page.url();
  return context.app.inject({
    method: page.method ?? 'GET',
    url: asked.lang ? `${url}${url.includes('?') ? '&' : '?'}lang=${asked.lang}` : url,
    headers: {
      accept: 'text/html',
      ...(asked.acceptLanguage ? { 'accept-language': asked.acceptLanguage } : {}),
      ...(page.payload ? { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } : {}),
    },
    payload: page.payload?.(),
    remoteAddress: freshAddress(),
  });
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#96': '`' };

/** What a person reads or hears of a page: its title and text, and the names its images and landmarks give. */
function wordsOf(page: string): string {
  const named = [...page.matchAll(/\s(?:alt|aria-label|title)="([^"]*)"/g)].map((match) => match[1]!);
  const shown = page.replace(/<style[\s\S]*?<\/style>/g, ' ').replace(/<[^>]+>/g, ' ');
  return [shown, ...named]
    .join('\n')
    .replace(/&(amp|lt|gt|quot|#39|#96);/g, (_all, name: string) => ENTITIES[name]!);
}

describe.each(PAGES.map((page) => [page.name, page] as const))('%s', (_name, page) => {
  it('speaks French when the address asks for it, with <html lang="fr">', async () => {
    const response = await open(page, { lang: 'fr' });
    expect(response.statusCode, response.body).toBe(page.status);
    expect(response.body).toContain('<html lang="fr">');
    expect(wordsOf(response.body)).toContain(page.french);
  });

  it('speaks Japanese when the browser asks for it, with <html lang="ja">', async () => {
    const response = await open(page, { acceptLanguage: 'ja,en;q=0.5' });
    expect(response.statusCode, response.body).toBe(page.status);
    expect(response.body).toContain('<html lang="ja">');
    expect(wordsOf(response.body)).toContain(page.japanese);
  });

  it('shows no English outside the catalogue in the pseudo language', async () => {
    const response = await open(page, { lang: 'en-XA' });
    expect(response.statusCode, response.body).toBe(page.status);
    expect(response.body).toContain('<html lang="en-XA">');
    expect(englishOutsideCatalogue(wordsOf(response.body), DATA)).toEqual([]);
  });
});

/** The footer's language links: each language's own name, its address and whether it is the current one. */
function switcherLinks(page: string) {
  const nav = /<nav class="language-switcher" aria-label="([^"]+)">([\s\S]*?)<\/nav>/.exec(page);
  expect(nav, 'the language switcher').not.toBeNull();
  const links = [...nav![2]!.matchAll(/<a([^>]*)>([^<]*)<\/a/g)].map(([, attributes, name]) => ({
    name: name!,
    href: /href="([^"]*)"/.exec(attributes!)![1],
    lang: /\slang="([^"]*)"/.exec(attributes!)![1],
    current: attributes!.includes('aria-current="true"'),
  }));
  return { label: nav![1], links };
}

describe('the language switcher in the footer', () => {
  it('offers the five languages by their own names, each a link to this page in it, the current one marked', async () => {
    const response = await open(PAGES[4]!, { lang: 'fr' });
    const { label, links } = switcherLinks(response.body);
    expect(label).toBe('Langue');
    expect(links).toEqual(
      LANGUAGES.map((language) => ({
        name: LANGUAGE_NAMES[language],
        href: `?lang=${language}`,
        lang: language,
        current: language === 'fr',
      })),
    );
  });

  it('marks the language the browser asked for when the address names none', async () => {
    const response = await open(PAGES[0]!, { acceptLanguage: 'de-CH, de;q=0.9' });
    expect(response.body).toContain('<html lang="de">');
    const { label, links } = switcherLinks(response.body);
    expect(label).toBe('Sprache');
    expect(links.filter((link) => link.current).map((link) => link.lang)).toEqual(['de']);
  });

  it('keeps a language chosen by its link: the next page without ?lang= speaks it', async () => {
    const chosen = await open(PAGES[1]!, { lang: 'it' });
    const cookie = String(chosen.headers['set-cookie']).split(';')[0]!;
    expect(cookie).toBe('avs_lang=it');
    const next = await context.app.inject({ method: 'GET', url: '/c/how-to-check', headers: { cookie } });
    expect(next.body).toContain('<html lang="it">');
    expect(next.body).toContain('Verificare un certificato in autonomia');
  });

  it('leads from a tap to the certificate’s page, since opening the tap’s link again reads as copied', async () => {
    const response = await open(
      PAGES.find((page) => page.name === 'the tap page')!,
      { lang: 'ja' },
    );
    const number = /<dd class="number">([^<]+)<\/dd>/.exec(response.body)![1];
    expect(switcherLinks(response.body).links.map((link) => link.href)).toEqual(
      LANGUAGES.map((language) => `/c/${number}?lang=${language}`),
    );
  });

  it('leads from the photo search’s answer to the look-up page and its form', async () => {
    const response = await open(
      PAGES.find((page) => page.name === 'the photo search’s matches')!,
      {
        lang: 'de',
      },
    );
    expect(switcherLinks(response.body).links.map((link) => link.href)).toEqual(
      LANGUAGES.map((language) => `/c?lang=${language}`),
    );
  });
});

describe('dates in the reader’s language', () => {
  it.each([
    ['fr', 'fr'],
    ['ja', 'ja'],
    ['de', 'de'],
  ])('writes the issue date as %s does', async (lang, locale) => {
    const response = await open(PAGES[4]!, { lang });
    const [, iso, shown] = /<dd><time datetime="([^"]+)">([^<]+)<\/time><\/dd>/.exec(response.body)!;
    const expected = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
    expect(shown).toBe(expected.format(new Date(iso!)));
  });
});

describe('the certificate page’s cache headers per language', () => {
  const certificatePage = (headers: Record<string, string>, query = '') =>
    context.app.inject({
      method: 'GET',
      url: `/c/${assets.issued.certificate_number}${query}`,
      headers,
    });

  it('has an ETag of its own in each language, and varies by Accept-Language and Cookie', async () => {
    const english = await certificatePage({});
    const french = await certificatePage({}, '?lang=fr');
    const japanese = await certificatePage({ 'accept-language': 'ja' });
    const german = await certificatePage({ cookie: 'avs_lang=de' });
    const etags = [english, french, japanese, german].map((answer) => answer.headers.etag);
    expect(new Set(etags).size).toBe(4);
    for (const answer of [english, french, japanese, german]) {
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['cache-control']).toBe('public, max-age=5');
      expect(String(answer.headers.etag)).toMatch(/^W\/"[A-Za-z0-9_-]{43}"$/);
      const vary = String(answer.headers.vary).toLowerCase();
      expect(vary).toContain('accept-language');
      expect(vary).toContain('cookie');
    }
    // The same language asked the same way again is the same page.
    expect((await certificatePage({ 'accept-language': 'ja' })).headers.etag).toBe(japanese.headers.etag);
  });

  it('never answers 304 with another language’s ETag: the page comes whole, in the language asked for', async () => {
    const english = await certificatePage({});
    const french = await certificatePage({ 'if-none-match': String(english.headers.etag) }, '?lang=fr');
    expect(french.statusCode).toBe(200);
    expect(french.body).toContain('<html lang="fr">');
    const again = await certificatePage({ 'if-none-match': String(french.headers.etag) }, '?lang=fr');
    expect(again.statusCode).toBe(304);
    expect(again.headers.etag).toBe(french.headers.etag);
  });
});

describe('what the service signs stays language-free', () => {
  it.each([
    ['Accept-Language: ja', { 'accept-language': 'ja' }, ''],
    ['?lang=fr', {}, '?lang=fr'],
    ['the avs_lang cookie', { cookie: 'avs_lang=de' }, ''],
    ['the pseudo language', {}, '?lang=en-XA'],
  ])(
    'serves the same credential bytes and ETag with %s',
    async (_how, headers: Record<string, string>, query) => {
      const url = `/c/${assets.issued.certificate_number}/credential`;
      const plain = await context.app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
      expect(plain.statusCode).toBe(200);
      const asked = await context.app.inject({
        method: 'GET',
        url: `${url}${query}`,
        headers: { accept: 'application/json', ...headers },
      });
      expect(asked.statusCode).toBe(200);
      expect(asked.rawPayload.equals(plain.rawPayload)).toBe(true);
      expect(asked.headers.etag).toBe(plain.headers.etag);
    },
  );
});
