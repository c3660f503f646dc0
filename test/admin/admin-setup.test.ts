import { afterEach, describe, expect, it, vi } from 'vitest';
import { ensureSetupLink, SETUP_LINK_TTL_MS } from '../../src/modules/admin/auth/admin-setup.service.js';
import { useTestContext } from '../helpers/test-app.js';
import { form, FORM } from './admin-helpers.js';
import { postSignInForm } from '../helpers/sign-in-forms.js';

// One database per file: these tests run in order on one database that starts with no administrator.
const context = useTestContext();
const PASSWORD = 'a long enough password';

async function openSetupPage(token: string) {
  const page = await context.app.inject({ method: 'GET', url: `/admin/setup/${token}` });
  const csrf = /name="_csrf" value="([^"]+)"/.exec(page.body)?.[1];
  const cookie = String(page.headers['set-cookie'] ?? '').split(';', 1)[0] ?? '';
  return { page, csrf: csrf ?? '', cookie };
}

const submit = (token: string, cookie: string, fields: Record<string, string>) =>
  context.app.inject({
    method: 'POST',
    url: `/admin/setup/${token}`,
    headers: { ...FORM, cookie },
    payload: form(fields),
  });

afterEach(() => {
  vi.useRealTimers();
});

describe('the first-admin set-up link', () => {
  it('expires after 24 h: then 404, and the next start mints a new one', async () => {
    const t0 = new Date('2030-01-01T00:00:00Z');
    const first = await ensureSetupLink(context.db, t0);
    expect(first.state).toBe('minted');
    if (first.state !== 'minted') return;
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.expiresAt.getTime() - t0.getTime()).toBe(SETUP_LINK_TTL_MS);
    // A later start while it is valid: no new link, and the token is not given out again.
    expect(await ensureSetupLink(context.db, new Date(t0.getTime() + SETUP_LINK_TTL_MS - 1000))).toEqual({
      state: 'pending',
      expiresAt: first.expiresAt,
    });
    // Only the hash is stored.
    const { rows } = await context.db.query<{ row: string }>(
      'SELECT t::text AS row FROM admin_setup_links t',
    );
    expect(rows.map((row) => row.row).join()).not.toContain(first.token);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(t0.getTime() + SETUP_LINK_TTL_MS - 1000));
    expect((await openSetupPage(first.token)).page.statusCode).toBe(200);
    vi.setSystemTime(new Date(t0.getTime() + SETUP_LINK_TTL_MS + 1000));
    expect((await openSetupPage(first.token)).page.statusCode).toBe(404);
    vi.useRealTimers();

    const later = await ensureSetupLink(context.db, new Date(t0.getTime() + SETUP_LINK_TTL_MS + 1000));
    expect(later.state).toBe('minted');
  });

  it('works once: the chosen e-mail and password log in; afterwards the link is 404 and no link is minted', async () => {
    const minted = await ensureSetupLink(context.db);
    // The expired link of the test above is gone; a fresh one was minted at its "later start" and is still open.
    expect(minted.state).toBe('pending');
    await context.db.query('DELETE FROM admin_setup_links');
    const link = await ensureSetupLink(context.db);
    if (link.state !== 'minted') throw new Error('expected a new link');

    expect((await openSetupPage('x'.repeat(43))).page.statusCode).toBe(404);
    const { page, csrf, cookie } = await openSetupPage(link.token);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Set up the first administrator');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');

    const fields = {
      _csrf: csrf,
      email: 'first@example.com',
      password: PASSWORD,
      password_confirm: PASSWORD,
    };
    // Without the page's CSRF cookie (a forged cross-site post): refused, and the link stays usable.
    expect((await submit(link.token, '', fields)).statusCode).toBe(403);
    // A refusal the person can act on shows the form again.
    const short = await submit(link.token, cookie, {
      ...fields,
      password: 'short',
      password_confirm: 'short',
    });
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain('first@example.com');

    const done = await submit(link.token, cookie, fields);
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('/admin/login');
    const login = await postSignInForm(context.app, {
      url: '/admin/login',
      fields: { email: 'first@example.com', password: PASSWORD },
    });
    expect(login.statusCode).toBe(303);
    expect(login.headers.location).toBe('/admin');

    expect((await openSetupPage(link.token)).page.statusCode).toBe(404);
    expect((await submit(link.token, cookie, { ...fields, email: 'second@example.com' })).statusCode).toBe(
      404,
    );
    const { rows } = await context.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM admin_users',
    );
    expect(rows[0]!.count).toBe(1);
    expect(await ensureSetupLink(context.db)).toEqual({ state: 'not-needed' });
  });
});
