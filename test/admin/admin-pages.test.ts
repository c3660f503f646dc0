import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../src/modules/accounts/accounts.service.js';
import { useTestContext } from '../helpers/test-app.js';
import { createAdmin, createPendingAsset, form, FORM, logIn } from './admin-helpers.js';

const context = useTestContext({ config: { AVS_KEY_CACHE_TTL_MS: 2_000 } });
let session: { cookie: string; csrfToken: string };

beforeAll(async () => {
  session = await logIn(context.app, (await createAdmin(context.db)).email);
});

const page = (url: string) => context.app.inject({ method: 'GET', url, headers: { cookie: session.cookie } });
const submit = (url: string, fields: Record<string, string | string[]>) =>
  context.app.inject({
    method: 'POST',
    url,
    headers: { ...FORM, cookie: session.cookie },
    payload: form({ _csrf: session.csrfToken, ...fields }),
  });

describe('pages', () => {
  it.each(['/admin', '/admin/api-keys', '/admin/accounts', '/admin/certificates'])(
    '%s renders for a signed-in admin with the security headers',
    async (url) => {
      const response = await page(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.body).toContain('<meta name="viewport"');
      expect(response.body).toContain('aria-current="page"');
      // Every state-changing form carries the session's token.
      const forms = response.body.match(/<form method="post"[\s\S]*?<\/form>/g) ?? [];
      for (const html of forms) expect(html).toContain(`name="_csrf" value="${session.csrfToken}"`);
    },
  );

  it('escapes every value it shows', async () => {
    await createAccount(context.db, { name: '<img src=x onerror=alert(1)>' });
    const response = await page('/admin/accounts');
    expect(response.body).not.toContain('<img src=x');
    expect(response.body).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});

describe('accounts page', () => {
  it('creates an account and lists it with its counts', async () => {
    const response = await submit('/admin/accounts', { name: 'Maison Dupont' });
    expect(response.statusCode).toBe(303);
    // The notice travels in the session, not the URL (docs/admin.md), so a link cannot make a page announce a move.
    expect(response.headers.location).toBe('/admin/accounts');
    const list = await page(response.headers.location!);
    expect(list.body).toContain('Account Maison Dupont created.');
    expect(list.body).toMatch(/Maison Dupont<\/a><\/td>[\s\S]*?data-label="Keys" class="number">0<\/td>/);
  });

  it('shows the form again with the error for an empty name (400)', async () => {
    const response = await submit('/admin/accounts', { name: '   ' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('role="alert"');
    expect(response.body).toContain('1 to 200 characters');
  });
});

describe('API keys page', () => {
  let accountId: string;
  beforeAll(async () => {
    accountId = (await createAccount(context.db, { name: 'Keyed Gallery' })).id;
  });

  it('creates a key scoped to artworks and shows it once, with a copy button and a warning', async () => {
    const response = await submit('/admin/api-keys', {
      account_id: accountId,
      name: 'Shop',
      scope: 'chosen',
      planets: ['artworks'],
      expires_at: '2099-01-01T12:00',
    });
    expect(response.statusCode).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const key = /<output id="new-api-key"[^>]*>(pk_svc_[A-Za-z0-9_-]{43})<\/output>/.exec(response.body)?.[1];
    expect(key).toBeDefined();
    expect(response.body).toContain('It will not be shown again.');
    expect(response.body).toContain('data-copy-target="new-api-key"');
    expect(response.body).toContain('<time datetime="2099-01-01T12:00:00.000Z">');
    expect(await context.app.apiKeys.authenticate(key!)).toMatchObject({
      accountId,
      planetScope: ['artworks'],
    });

    const list = await page(`/admin/api-keys?account=${accountId}`);
    expect(list.body).not.toContain(key!);
    expect(list.body).toContain(`${key!.slice(0, 13)}…`);
    expect(list.body).toContain('artworks');
  });

  it('creates a key for every planet when "All planets" is chosen, ignoring ticked planets', async () => {
    const response = await submit('/admin/api-keys', {
      account_id: accountId,
      scope: 'all',
      planets: 'watches',
    });
    expect(response.statusCode).toBe(201);
    const key = /(pk_svc_[A-Za-z0-9_-]{43})/.exec(response.body)![1]!;
    expect((await context.app.apiKeys.authenticate(key))?.planetScope).toEqual([]);
  });

  it.each([
    ['no account', { scope: 'all' }, 'Choose the account'],
    ['chosen scope without planets', { account_id: 'ACCOUNT', scope: 'chosen' }, 'at least one category'],
    ['a past expiry', { account_id: 'ACCOUNT', expires_at: '2001-01-01T00:00' }, 'in the future'],
    ['a malformed expiry', { account_id: 'ACCOUNT', expires_at: 'soon' }, 'not a valid date'],
  ])('shows the form again for %s (400)', async (_case, fields, message) => {
    const body = Object.fromEntries(
      Object.entries(fields).map(([name, value]) => [name, value === 'ACCOUNT' ? accountId : value]),
    );
    const response = await submit('/admin/api-keys', body);
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(message);
    expect(response.body).not.toMatch(/pk_svc_[A-Za-z0-9_-]{43}/);
  });

  it('revokes a key after a confirmation step; it stops working at once', async () => {
    const created = await context.createApiKey(accountId);
    expect(await context.app.apiKeys.authenticate(created.key)).toBeDefined();
    const confirm = await page(`/admin/api-keys/${created.id}/revoke`);
    expect(confirm.statusCode).toBe(200);
    expect(confirm.body).toContain('This cannot be undone.');
    expect(confirm.body).toContain(`action="/admin/api-keys/${created.id}/revoke"`);
    // Viewing the confirmation changes nothing.
    expect(await context.app.apiKeys.authenticate(created.key)).toBeDefined();

    const response = await submit(`/admin/api-keys/${created.id}/revoke`, {});
    expect(response.statusCode).toBe(303);
    expect(await context.app.apiKeys.authenticate(created.key)).toBeUndefined();
    const after = await page(response.headers.location!);
    expect(after.body).toContain(`Key ${created.prefix}… revoked.`);
  });

  it('filters by account and by status', async () => {
    const other = await createAccount(context.db, { name: 'Other Gallery' });
    const otherKey = await context.createApiKey(other.id);
    const filtered = await page(`/admin/api-keys?account=${other.id}`);
    expect(filtered.body).toContain(`data-key-id="${otherKey.id}"`);
    expect((filtered.body.match(/data-key-id=/g) ?? []).length).toBe(1);
    const revoked = await page('/admin/api-keys?status=revoked');
    expect(revoked.body).not.toContain(`data-key-id="${otherKey.id}"`);
    expect(revoked.body).toContain('badge-revoked');
    expect(revoked.body).not.toContain('badge-active');
  });

  it('answers 404 with a page for an unknown key', async () => {
    const response = await page('/admin/api-keys/00000000-0000-4000-8000-000000000000/revoke');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
  });
});

describe('certificates page', () => {
  let accountId: string;
  beforeAll(async () => {
    accountId = (await createAccount(context.db, { name: 'Certifying Gallery' })).id;
  });

  it('shows the pending queue per planet with the asset fields', async () => {
    const asset = await createPendingAsset(context.db, accountId, {
      planet: 'jewelry',
      title: 'Sapphire ring',
      attributes: { stone: 'sapphire', carat: 2.1 },
    });
    const response = await page('/admin/certificates');
    expect(response.body).toContain(`<tr data-certificate="${asset.certificateNumber}">`);
    expect(response.body).toContain('<h2 id="planet-jewelry">');
    const compact = response.body.replace(/>\s+</g, '><');
    expect(compact).toContain('<dt>Stone</dt><dd>sapphire</dd>');
    expect(compact).toContain('<dt>Weight</dt><dd>2.1</dd>');
    expect(response.body).toContain(`action="/admin/certificates/${asset.certificateNumber}/issue"`);
    expect(response.body).toContain(`action="/admin/certificates/${asset.certificateNumber}/reject"`);
  });

  it('shows on each row how often and by whom the asset was verified', async () => {
    const asset = await createPendingAsset(context.db, accountId, {
      planet: 'watches',
      title: 'Checked watch',
    });
    const quiet = await createPendingAsset(context.db, accountId, {
      planet: 'watches',
      title: 'Unchecked watch',
    });
    const verifiers = await Promise.all(
      ['Auction House', 'Insurer'].map(async (name) => {
        const account = await createAccount(context.db, { name });
        return `Bearer ${(await context.createApiKey(account.id)).key}`;
      }),
    );
    for (const authorization of [verifiers[0]!, verifiers[1]!, verifiers[0]!]) {
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/v1/verify',
        headers: { authorization },
        payload: { certificate_number: asset.certificateNumber },
      });
      expect(response.statusCode).toBe(200);
    }
    const compact = (await page('/admin/certificates')).body.replace(/\s+/g, ' ');
    const row = (number: string) =>
      new RegExp(`<tr data-certificate="${number}">.*?</tr>`).exec(compact)?.[0] ?? '';
    expect(row(asset.certificateNumber)).toMatch(
      /<td data-label="Verified">3 times, last .*by Auction House, Insurer/,
    );
    expect(row(quiet.certificateNumber)).toContain(
      '<td data-label="Verified"><span class="hint">never</span>',
    );
  });

  it('issues, then suspends, reinstates and revokes with a reason, each move shown and recorded', async () => {
    const asset = await createPendingAsset(context.db, accountId, { title: 'Still life' });
    const steps: [string, Record<string, string>, string][] = [
      ['issue', { view_status: 'pending' }, 'issued'],
      ['suspend', { view_status: 'issued', reason: 'Provenance query' }, 'suspended'],
      ['reinstate', { view_status: 'suspended' }, 'reinstated'],
      ['revoke', { view_status: 'issued', reason: 'Stolen' }, 'revoked'],
    ];
    for (const [move, fields, done] of steps) {
      const response = await submit(`/admin/certificates/${asset.certificateNumber}/${move}`, fields);
      expect(response.statusCode).toBe(303);
      const after = await page(response.headers.location!);
      expect(after.body).toContain(`Certificate ${asset.certificateNumber} ${done}.`);
    }
    const { rows } = await context.db.query<{ event_type: string }>(
      'SELECT event_type FROM asset_events WHERE asset_id = $1 ORDER BY sequence',
      [asset.id],
    );
    expect(rows.map((row) => row.event_type)).toEqual([
      'CREATED',
      'CERTIFICATE_ISSUED',
      'CERTIFICATE_SUSPENDED',
      'CERTIFICATE_REINSTATED',
      'CERTIFICATE_REVOKED',
    ]);
    const revoked = await page('/admin/certificates?status=revoked&planet=artworks');
    expect(revoked.body).toContain('Stolen');
  });

  it('refuses a move the state table does not allow with a clear message (409)', async () => {
    const asset = await createPendingAsset(context.db, accountId);
    const response = await submit(`/admin/certificates/${asset.certificateNumber}/suspend`, {
      view_status: 'pending',
    });
    expect(response.statusCode).toBe(409);
    expect(response.body).toContain('role="alert"');
    expect(response.body).toContain('Cannot suspend an asset whose certificate is pending.');
  });

  it('refuses to revoke without a reason (400)', async () => {
    const asset = await createPendingAsset(context.db, accountId);
    const response = await submit(`/admin/certificates/${asset.certificateNumber}/revoke`, { reason: '' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('&#96;reason&#96; is required');
  });

  it('refuses a move with a forged CSRF token (403) and leaves the certificate pending', async () => {
    const asset = await createPendingAsset(context.db, accountId);
    const response = await context.app.inject({
      method: 'POST',
      url: `/admin/certificates/${asset.certificateNumber}/issue`,
      headers: { ...FORM, cookie: session.cookie },
      payload: form({ _csrf: 'x'.repeat(43) }),
    });
    expect(response.statusCode).toBe(403);
    const { rows } = await context.db.query('SELECT certificate_status FROM assets WHERE id = $1', [
      asset.id,
    ]);
    expect(rows[0]).toEqual({ certificate_status: 'pending' });
  });
});

describe('notices live in the admin session, shown once, never read from the URL', () => {
  it('come from the session, not from the query string', async () => {
    const accountId = (await createAccount(context.db, { name: 'Notice Gallery' })).id;
    const key = await context.createApiKey(accountId);
    const asset = await createPendingAsset(context.db, accountId, { title: 'Notice piece' });
    // A crafted link cannot make a page announce what did not happen.
    const keys = await page(`/admin/api-keys?revoked=${key.id}`);
    expect(keys.body).not.toContain('revoked.');
    const certificates = await page(`/admin/certificates?done=revoke&number=${asset.certificateNumber}`);
    expect(certificates.body).not.toContain(`Certificate ${asset.certificateNumber} revoked.`);

    const revoked = await submit(`/admin/api-keys/${key.id}/revoke`, {});
    expect(revoked.statusCode).toBe(303);
    expect(revoked.headers.location).toBe('/admin/api-keys');
    expect((await page('/admin/api-keys')).body).toContain(`Key ${key.prefix}… revoked.`);
    // Shown once.
    expect((await page('/admin/api-keys')).body).not.toContain(`Key ${key.prefix}… revoked.`);

    const issued = await submit(`/admin/certificates/${asset.certificateNumber}/issue`, {
      view_status: 'pending',
    });
    expect(issued.headers.location).toBe('/admin/certificates?status=pending');
    expect((await page(issued.headers.location!)).body).toContain(
      `Certificate ${asset.certificateNumber} issued.`,
    );
  });

  it('belong to the session that made them', async () => {
    const other = await logIn(context.app, (await createAdmin(context.db)).email);
    await submit('/admin/accounts', { name: 'Private Notice Gallery' });
    const seenByOther = await context.app.inject({
      method: 'GET',
      url: '/admin/accounts',
      headers: { cookie: other.cookie },
    });
    expect(seenByOther.body).not.toContain('Account Private Notice Gallery created.');
    expect((await page('/admin/accounts')).body).toContain('Account Private Notice Gallery created.');
  });
});
