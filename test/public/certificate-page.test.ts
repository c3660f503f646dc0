import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAssetViaApi, type CreatedAsset } from '../helpers/asset-factory.js';
import { createTestContext, type TestContext } from '../helpers/test-app.js';

const ADMIN_TOKEN = 'admin-token-for-public-page-tests-0123';
const PUBLIC_URL = 'https://certificates.example.com';

type Move = 'issue' | 'reject' | 'suspend' | 'reinstate' | 'revoke';

let context: TestContext;
let accountId: string;
let auth: { authorization: string };

const get = (url: string, remoteAddress = '192.0.2.10') =>
  context.app.inject({ method: 'GET', url, remoteAddress });

async function move(number: string, name: Move): Promise<void> {
  const response = await context.app.inject({
    method: 'POST',
    url: `/admin/api/certificates/${number}/${name}`,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    payload: { reason: 'public page test' },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** An artwork with a pass-through field that must never reach the public page, moved through `moves`. */
async function certificateAfter(moves: Move[], title = 'Water Lilies'): Promise<CreatedAsset> {
  const asset = await createAssetViaApi(context.app, auth, 'artworks', {
    title,
    artist: 'Claude Monet',
    medium: 'Oil on canvas',
    year: 1916,
    owner_name: 'Jane Private',
    purchase_price: 12_345_678,
  });
  for (const name of moves) await move(asset.certificate_number, name);
  return asset;
}

/** Nothing of the owner or of the record's internals in a public body. */
function expectNothingPrivate(body: string, asset: CreatedAsset): void {
  expect(body).not.toContain(accountId);
  expect(body).not.toContain(asset.id);
  expect(body).not.toContain('Jane Private');
  expect(body).not.toContain('12345678');
  expect(body).not.toContain('public page test');
}

beforeAll(async () => {
  context = await createTestContext({
    config: {
      AVS_ADMIN_TOKEN: ADMIN_TOKEN,
      AVS_PUBLIC_URL: PUBLIC_URL,
      AVS_PUBLIC_RATE_LIMIT_BURST: 100_000,
    },
  });
  ({ accountId, auth } = await context.createAccountWithKey());
});
afterAll(async () => context.close());

describe('the public certificate page GET /c/{number}', () => {
  it('shows an issued certificate: number, planet, title, fields, Issued, date, issuer, QR code and links', async () => {
    const asset = await certificateAfter(['issue']);
    const number = asset.certificate_number;
    const response = await get(`/c/${number}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=5');
    const body = response.body;
    expect(body).toContain(number);
    expect(body).toContain('Water Lilies');
    expect(body).toContain('Artworks');
    expect(body).toContain('Claude Monet');
    expect(body).toContain('Oil on canvas');
    expect(body).toContain('1916');
    expect(body).toMatch(/<strong class="status-word">Issued<\/strong>/);
    expect(body).toContain('class="card card-issued"');
    expect(body).toMatch(/<dt>Issued on<\/dt>\s*<dd><time datetime="\d{4}-\d\d-\d\dT/);
    expect(body).toContain('did:web:certificates.example.com');
    expect(body).toContain(`href="${PUBLIC_URL}"`);
    expect(body).toMatch(/<svg role="img" aria-label="QR code of this page’s address" class="qr"/);
    expect(body).toContain(`<span class="url">${PUBLIC_URL}<wbr />/c/${number}</span>`);
    expect(body).toContain(`href="/c/${number}/credential"`);
    expect(body).toContain('href="/c/how-to-check"');
    expectNothingPrivate(body, asset);
  });

  it("shows an artwork's date as written beside its year, named in words", async () => {
    const asset = await createAssetViaApi(context.app, auth, 'artworks', {
      title: 'Untitled (Blue)',
      year: 1975,
      date_text: 'ca. 1975',
    });
    await move(asset.certificate_number, 'issue');
    const body = (await get(`/c/${asset.certificate_number}`)).body.replace(/\s+/g, ' ');
    expect(body).toContain('<dt>Year</dt> <dd>1975</dd>');
    expect(body).toContain('<dt>Date as written</dt> <dd>ca. 1975</dd>');
    expect(body).not.toContain('date_text');
  });

  it('needs no script: no <script> element, and the policy allows none', async () => {
    const asset = await certificateAfter(['issue']);
    const response = await get(`/c/${asset.certificate_number}`);
    expect(response.body).not.toMatch(/<script/i);
    const csp = response.headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('script-src');
    expect(csp).toContain("style-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('shows a suspended certificate as Suspended, and Issued again once reinstated', async () => {
    const asset = await certificateAfter(['issue', 'suspend']);
    const suspended = await get(`/c/${asset.certificate_number}`);
    expect(suspended.statusCode).toBe(200);
    expect(suspended.body).toMatch(/<strong class="status-word">Suspended<\/strong>/);
    expect(suspended.body).toContain('class="card card-suspended"');
    expect(suspended.body).toContain('not valid while it is suspended');
    expect(suspended.headers['cache-control']).toBe('public, max-age=5');
    expectNothingPrivate(suspended.body, asset);

    await move(asset.certificate_number, 'reinstate');
    const reinstated = await get(`/c/${asset.certificate_number}`);
    expect(reinstated.body).toMatch(/<strong class="status-word">Issued<\/strong>/);
  });

  it('shows a revoked certificate as Revoked, with its date and without the reason', async () => {
    const asset = await certificateAfter(['issue', 'revoke']);
    const response = await get(`/c/${asset.certificate_number}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(/<strong class="status-word">Revoked<\/strong>/);
    expect(response.body).toContain('class="card card-revoked"');
    expect(response.body).toMatch(/<dt>Revoked on<\/dt>\s*<dd><time/);
    expect(response.body).toContain('Water Lilies');
    expectNothingPrivate(response.body, asset);
  });

  it.each<[string, Move[]]>([
    ['pending', []],
    ['rejected', ['reject']],
    ['revoked while pending', ['revoke']],
  ])('says only "Not issued" of a %s certificate: no title, no fields, not cached', async (_state, moves) => {
    const asset = await certificateAfter(moves, 'Secret Draft Title');
    const response = await get(`/c/${asset.certificate_number}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toMatch(/<strong class="status-word">Not issued<\/strong>/);
    expect(response.body).toContain(asset.certificate_number);
    for (const hidden of [
      'Secret Draft Title',
      'Claude Monet',
      'Oil on canvas',
      '1916',
      '<svg',
      'credential',
    ])
      expect(response.body).not.toContain(hidden);
    expectNothingPrivate(response.body, asset);
  });

  it('answers an unknown number with a 404 page holding the look-up form', async () => {
    const response = await get('/c/ART-1999-999999');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('Certificate not found');
    expect(response.body).toContain('ART-1999-999999');
    expect(response.body).toContain('<form class="look-up" method="get" action="/c"');
  });

  it.each([
    'x',
    'ZZZ-2026-000001',
    'ART-2026-',
    'ART-2026-00001',
    `ART-2026-${'9'.repeat(40)}`,
    '..%2F..%2Fetc%2Fpasswd',
    '%00',
    '%E2%80%AE',
    '%3Cscript%3Ealert(1)%3C%2Fscript%3E',
    "ART-2026-000001'%20OR%201=1",
    'A'.repeat(3000),
    '%F0%9F%92%A9',
  ])('answers the malformed number %s with a 404 page, never a 500', async (number) => {
    const response = await get(`/c/${number}`);
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('Certificate not found');
    expect(response.body).not.toContain('<script>');
  });

  it.each(['ART-2026-%ZZ', '%C0%AF', '%'])(
    'answers %s, which the router cannot decode, with the 404 page and its headers',
    async (number) => {
      const response = await get(`/c/${number}`);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain('Certificate not found');
      expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    },
  );

  it('escapes what the owner typed', async () => {
    const asset = await certificateAfter(['issue'], '<img src=x onerror=alert(1)> & "quotes"');
    const response = await get(`/c/${asset.certificate_number}`);
    expect(response.body).not.toContain('<img src=x');
    expect(response.body).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;quotes&quot;');
  });

  it('sends a hand-typed spelling (lower case, spaces) to the canonical address', async () => {
    const asset = await certificateAfter(['issue']);
    const response = await get(`/c/%20${asset.certificate_number.toLowerCase()}%20`);
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe(`/c/${asset.certificate_number}`);
  });

  it('serves its stylesheet', async () => {
    const response = await get('/c/static/certificate.css');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(response.body).toContain('@media print');
  });
});

describe('the look-up form GET /c', () => {
  it('shows a plain GET form without script', async () => {
    const response = await get('/c');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(response.body).toContain('<form class="look-up" method="get" action="/c"');
    expect(response.body).toMatch(/<label for="number">Certificate number<\/label>/);
    expect(response.body).not.toMatch(/<script/i);
    expect(response.headers['content-security-policy']).toContain("form-action 'self'");
  });

  it('sends a typed number, whatever its case and spaces, to its page', async () => {
    const asset = await certificateAfter(['issue']);
    const typed = ` ${asset.certificate_number.toLowerCase().replace(/-/g, ' - ')} `;
    const response = await get(`/c?number=${encodeURIComponent(typed)}`);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/c/${asset.certificate_number}`);
    const page = await get(response.headers.location!);
    expect(page.body).toMatch(/<strong class="status-word">Issued<\/strong>/);
  });

  it('reads the en dash a word processor puts in a printed number as a dash', async () => {
    const asset = await certificateAfter(['issue']);
    const typed = asset.certificate_number.replace(/-/g, '\u2013');
    const response = await get(`/c?number=${encodeURIComponent(typed)}`);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/c/${asset.certificate_number}`);
  });

  it('sends a well-formed unknown number to its 404 page', async () => {
    const response = await get('/c?number=art-1999-999998');
    expect(response.statusCode).toBe(303);
    expect((await get(response.headers.location!)).statusCode).toBe(404);
  });

  it.each([
    ['', 'Type the certificate number.'],
    ['hello <b>', 'That is not a certificate number'],
  ])('shows the form again with a message for %j', async (typed, message) => {
    const response = await get(`/c?number=${encodeURIComponent(typed)}`);
    expect(response.statusCode).toBe(400);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain(message);
    expect(response.body).toContain('aria-invalid="true"');
    expect(response.body).not.toContain('<b>');
  });

  it('answers a repeated number parameter with a page, not a 500', async () => {
    const response = await get('/c?number=a&number=b');
    expect(response.statusCode).toBeLessThan(500);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
  });
});

describe('how to check a certificate yourself, GET /c/how-to-check', () => {
  it('says to fetch the credential and verify it with an eddsa-jcs-2022 verifier or avs verify-credential', async () => {
    const response = await get('/c/how-to-check');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(`curl -o certificate.json ${PUBLIC_URL}/c/NUMBER/credential`);
    expect(response.body).toContain('eddsa-jcs-2022');
    expect(response.body).toContain('<pre><code>avs verify-credential certificate.json</code></pre>');
    expect(response.body).toContain('did:web:certificates.example.com');
    expect(response.body).toContain(`${PUBLIC_URL}/.well-known/did.json`);
  });
});

describe('rate limits on the public pages, per client address', () => {
  let limited: TestContext;
  beforeAll(async () => {
    // One token per 100 s: no refill during the test however slow the machine is.
    limited = await createTestContext({
      config: { AVS_PUBLIC_RATE_LIMIT_PER_SECOND: 0.01, AVS_PUBLIC_RATE_LIMIT_BURST: 3 },
    });
  });
  afterAll(async () => limited.close());

  it('answers 429 with a page and Retry-After once an address has used its burst; other addresses go on', async () => {
    const from = (remoteAddress: string, url = '/c/ART-1999-999999') =>
      limited.app.inject({ method: 'GET', url, remoteAddress });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await from('198.51.100.7')).statusCode);
    expect(statuses).toEqual([404, 404, 404]);
    const refused = await from('198.51.100.7', '/c');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(refused.body).toContain('Too many requests');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.headers['ratelimit-limit']).toBe('3');
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    expect(refused.headers['cache-control']).toBe('no-store');

    const other = await from('198.51.100.8', '/c');
    expect(other.statusCode).toBe(200);
    expect(other.headers['ratelimit-remaining']).toBe('2');
  });

  it("the public documents (DID document, JWK Set, credentials, status lists) share the address's bucket", async () => {
    const from = (url: string) => limited.app.inject({ method: 'GET', url, remoteAddress: '198.51.100.20' });
    for (const url of ['/.well-known/did.json', '/.well-known/jwks.json', '/c/ART-1999-999999/credential']) {
      expect((await from(url)).statusCode, url).not.toBe(429);
    }
    const refused = await from('/status/revocation/1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'rate_limited' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  it('does not count the public pages against API keys, nor API requests against addresses', async () => {
    const { auth: keyAuth } = await limited.createAccountWithKey();
    const api = await limited.app.inject({
      method: 'GET',
      url: '/api/v1/certificates/ART-1999-999999',
      headers: keyAuth,
      remoteAddress: '198.51.100.7',
    });
    expect(api.statusCode).toBe(404);
  });
});
