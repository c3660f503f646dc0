import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAssetViaApi, issueCertificateForTest } from '../helpers/asset-factory.js';
import { createTestContext, type TestContext } from '../helpers/test-app.js';

// What Chromium sends when a person opens an address (issue #46, item 8: browsers get pages).
const BROWSER_ACCEPT =
  'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8';

let context: TestContext;
let certificateNumber: string;

const get = (url: string, accept?: string) =>
  context.app.inject({
    method: 'GET',
    url,
    headers: accept === undefined ? {} : { accept },
    remoteAddress: '192.0.2.46',
  });

beforeAll(async () => {
  context = await createTestContext({ config: { AVS_PUBLIC_RATE_LIMIT_BURST: 100_000 } });
  const { auth } = await context.createAccountWithKey();
  const asset = await createAssetViaApi(context.app, auth, 'artworks', { title: 'Nocturne in Blue' });
  await issueCertificateForTest(context.db, asset);
  certificateNumber = asset.certificate_number;
});
afterAll(async () => context.close());

/** An HTML page in the public pages' look: their stylesheet and policy, no script. */
function expectPublicPage(response: Awaited<ReturnType<typeof get>>): void {
  expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(response.body).toContain('<link rel="stylesheet" href="/c/static/certificate.css" />');
  expect(response.body).not.toMatch(/<script/i);
  expect(response.headers['content-security-policy']).toContain("default-src 'none'");
}

describe('an unknown address asked for by a browser (item 8)', () => {
  it.each(['/no/such/page', '/admin/anything', '/c/ART-2026-000001/nothing/here', '/favicon.svg'])(
    '%s: a 404 page, not JSON, that varies by Accept',
    async (url) => {
      const response = await get(url, BROWSER_ACCEPT);
      expect(response.statusCode).toBe(404);
      expectPublicPage(response);
      expect(response.body).toContain('<h1 id="page-title">Page not found</h1>');
      expect(response.body).toContain('action="/c"');
      expect(response.body).toContain('href="/"');
      expect(response.headers.vary).toMatch(/\baccept\b/i);
      expect(response.headers['cache-control']).toBe('no-store');
    },
  );

  it('never echoes the address it was asked for', async () => {
    const response = await get('/<b>marker-46</b>', BROWSER_ACCEPT);
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('marker-46');
  });

  it.each([
    ['application/json'],
    ['*/*'],
    ['application/problem+json'],
    ['application/json, text/html;q=0.9'],
    ['text/html;q=0.5, application/json'],
    [undefined],
  ])('Accept %s: the JSON error body, as before', async (accept) => {
    const response = await get('/no/such/page', accept);
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toMatchObject({ code: 'route_not_found' });
    expect(response.headers.vary).toMatch(/\baccept\b/i);
  });

  it.each(['/api/v1/no-such-thing', '/api/v2/assets', '/files/v1/nothing', '/admin/api/nothing'])(
    '%s speaks JSON whatever the Accept header says (SPEC.md: the API is JSON)',
    async (url) => {
      const response = await get(url, BROWSER_ACCEPT);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toMatchObject({ code: 'route_not_found' });
    },
  );

  it('a known address with the wrong method: a page for a browser, JSON with Allow for a client', async () => {
    const page = await context.app.inject({
      method: 'DELETE',
      url: '/healthz',
      headers: { accept: BROWSER_ACCEPT },
    });
    expect(page.statusCode).toBe(405);
    expect(page.headers.allow).toBe('GET');
    expectPublicPage(page);
    const json = await context.app.inject({ method: 'DELETE', url: '/healthz' });
    expect(json.statusCode).toBe(405);
    expect(json.json()).toMatchObject({ code: 'method_not_allowed' });
  });
});

describe('the landing page at / (item 8)', () => {
  it('tells a person what the service is, with the look-up form and the ways on', async () => {
    const response = await get('/', BROWSER_ACCEPT);
    expect(response.statusCode).toBe(200);
    expectPublicPage(response);
    expect(response.headers.vary).toMatch(/\baccept\b/i);
    const body = response.body;
    expect(body).toMatch(/<h1 id="page-title">[^<]+<\/h1>/);
    expect(body).toMatch(/gallery/i);
    expect(body).toMatch(/collector/i);
    expect(body).toMatch(/<form class="look-up" method="get" action="\/c"/);
    expect(body).toContain('name="number"');
    expect(body).toContain('href="/console"');
    expect(body).toContain('href="/docs"');
    expect(body).toContain('href="/c/how-to-check"');
    // Nothing of the running service: no version, no counts, no configuration, no certificate.
    expect(body).not.toContain(certificateNumber);
    expect(body).not.toMatch(/\b\d+\.\d+\.\d+\b/);
    expect(body).not.toMatch(/postgres|pglite|node\.js/i);
  });

  it('answers HEAD / as GET / without a body', async () => {
    const response = await context.app.inject({
      method: 'HEAD',
      url: '/',
      headers: { accept: BROWSER_ACCEPT },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toBe('');
  });

  it('an API client asking for / keeps the JSON 404', async () => {
    for (const accept of ['application/json', '*/*', undefined]) {
      const response = await get('/', accept);
      expect(response.statusCode, String(accept)).toBe(404);
      expect(response.json()).toMatchObject({ code: 'route_not_found' });
    }
  });
});

describe('the look-up form takes a number as people type it (item 8)', () => {
  const spellings = (number: string) => {
    const [prefix, year, sequence] = number.split('-') as [string, string, string];
    return [
      `${prefix} ${year} ${sequence}`,
      number.toLowerCase(),
      `${prefix}${year}${sequence}`,
      `  ${number}  `,
      `\t${prefix.toLowerCase()} ${year}-${sequence} `,
      `${prefix}–${year}–${sequence}`,
    ];
  };

  it('each spelling reaches the certificate, from the / form and the /c form alike', async () => {
    for (const typed of spellings(certificateNumber)) {
      const response = await get(`/c?number=${encodeURIComponent(typed)}`, BROWSER_ACCEPT);
      expect(response.statusCode, JSON.stringify(typed)).toBe(303);
      expect(response.headers.location).toBe(`/c/${certificateNumber}`);
      const page = await get(String(response.headers.location), BROWSER_ACCEPT);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Nocturne in Blue');
    }
  });

  it('a number typed into the address without its dashes is sent to its canonical page', async () => {
    const [prefix, year, sequence] = certificateNumber.split('-') as [string, string, string];
    const response = await get(`/c/${prefix.toLowerCase()}${year}${sequence}`, BROWSER_ACCEPT);
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe(`/c/${certificateNumber}`);
  });

  it('what cannot be a number gets the form again with a sentence, as a page', async () => {
    for (const typed of ['hello', 'ART 26 000003', 'ART-2026-12', '<script>x</script>']) {
      const response = await get(`/c?number=${encodeURIComponent(typed)}`, BROWSER_ACCEPT);
      expect(response.statusCode).toBe(400);
      expectPublicPage(response);
      expect(response.body).toContain('such as ART-2026-000042');
      expect(response.body).not.toContain('<script>x');
    }
  });

  it('a well-formed number no certificate has gets the not-found page with the form', async () => {
    const response = await get(`/c?number=${encodeURIComponent('art 2026 999999')}`, BROWSER_ACCEPT);
    expect(response.headers.location).toBe('/c/ART-2026-999999');
    const page = await get('/c/ART-2026-999999', BROWSER_ACCEPT);
    expect(page.statusCode).toBe(404);
    expectPublicPage(page);
    expect(page.body).toContain('action="/c"');
  });
});
