import { beforeAll, describe, expect, it } from 'vitest';
import { useTestContext } from '../helpers/test-app.js';
import { postSignInForm } from '../helpers/sign-in-forms.js';
import { LOGIN_LIMITS } from '../../src/modules/web-pages/login-throttle.js';
import { ADMIN_PASSWORD, createAdmin, form, FORM, logIn } from './admin-helpers.js';

const context = useTestContext();
let email: string;

beforeAll(async () => {
  email = (await createAdmin(context.db)).email;
});

const attempt = (fields: { email: string; password: string }, remoteAddress: string) =>
  postSignInForm(context.app, { url: '/admin/login', fields, remoteAddress });

describe('without a session', () => {
  it.each([
    '/admin',
    '/admin/api-keys',
    '/admin/accounts',
    '/admin/certificates',
    '/admin/api-keys/x/revoke',
  ])('redirects GET %s to the log-in page', async (url) => {
    const response = await context.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/admin/login');
  });

  it('redirects a form post to the log-in page and changes nothing', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/admin/accounts',
      headers: FORM,
      payload: form({ name: 'Sneaky' }),
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/admin/login');
    const { rows } = await context.db.query(`SELECT 1 FROM accounts WHERE name = 'Sneaky'`);
    expect(rows).toHaveLength(0);
  });

  it.each([
    ['GET', '/admin/api/accounts'],
    ['POST', '/admin/api/accounts'],
    ['GET', '/admin/api/keys'],
    ['POST', '/admin/api/keys/00000000-0000-4000-8000-000000000000/revoke'],
    ['GET', '/admin/api/certificates'],
    ['POST', '/admin/api/certificates/ART-2026-000001/issue'],
  ] as const)('answers %s %s with 401 admin_unauthorized JSON', async (method, url) => {
    const response = await context.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toMatchObject({ code: 'admin_unauthorized', request_id: expect.any(String) });
    expect(typeof response.json().error).toBe('string');
  });

  it('serves the log-in page with the security headers and no cache', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/admin/login' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain('<label for="email">Email</label>');
    expect(response.body).not.toMatch(/<script>(?!<\/script>)/);
  });

  it('serves the stylesheet and the copy script as files', async () => {
    const css = await context.app.inject({ method: 'GET', url: '/admin/static/admin.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    const js = await context.app.inject({ method: 'GET', url: '/admin/static/admin.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toMatch(/^text\/javascript/);
    expect(js.body).toContain('data-copy-target');
    const missing = await context.app.inject({ method: 'GET', url: '/admin/static/nope.js' });
    expect(missing.statusCode).toBe(404);
  });
});

describe('log-in', () => {
  it('signs in with the right password: HttpOnly, SameSite=Lax, expiring cookie, stored only as a hash', async () => {
    const response = await attempt({ email, password: ADMIN_PASSWORD }, '10.0.0.1');
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/admin');
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/^avs_admin_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/admin');
    expect(cookie).toMatch(/Expires=/);
    // Served over plain http here, so not Secure (a browser would drop a Secure cookie on http).
    expect(cookie).not.toContain('Secure');
    const token = cookie.split(';', 1)[0]!.split('=')[1]!;
    const { rows } = await context.db.query<{ id: string; expires_at: Date }>(
      'SELECT id, expires_at FROM admin_sessions',
    );
    expect(rows.some((row) => row.id === token)).toBe(false);
    const hours = (Math.max(...rows.map((row) => row.expires_at.getTime())) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(7.9);
    expect(hours).toBeLessThanOrEqual(8);

    const dashboard = await context.app.inject({
      method: 'GET',
      url: '/admin',
      headers: { cookie: cookie.split(';', 1)[0]! },
    });
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.body).toContain('Dashboard');
    expect(dashboard.body).toContain(email);
  });

  it('accepts the email in another letter case', async () => {
    const response = await attempt({ email: email.toUpperCase(), password: ADMIN_PASSWORD }, '10.0.0.2');
    expect(response.statusCode).toBe(303);
  });

  it('gives a wrong password and an unknown email the same answer, in similar time', async () => {
    const timed = async (fields: { email: string; password: string }, address: string) => {
      const started = performance.now();
      const response = await attempt(fields, address);
      return { response, ms: performance.now() - started };
    };
    const wrong: number[] = [];
    const unknown: number[] = [];
    for (let index = 0; index < 3; index++) {
      const a = await timed({ email, password: 'not the password' }, `10.0.1.${index}`);
      const b = await timed(
        { email: `nobody${index}@example.com`, password: 'not the password' },
        `10.0.2.${index}`,
      );
      expect(a.response.statusCode).toBe(401);
      expect(b.response.statusCode).toBe(401);
      expect(a.response.headers['set-cookie']).toBeUndefined();
      expect(b.response.headers['set-cookie']).toBeUndefined();
      // Same page apart from the email the form echoes back and the form's own token (new at every page).
      const token = /name="_csrf" value="[^"]+"/;
      expect(a.response.body.replace(email, 'EMAIL').replace(token, 'TOKEN')).toBe(
        b.response.body.replace(`nobody${index}@example.com`, 'EMAIL').replace(token, 'TOKEN'),
      );
      expect(a.response.body).toContain('Incorrect email or password.');
      wrong.push(a.ms);
      unknown.push(b.ms);
    }
    const median = (values: number[]) => values.sort((x, y) => x - y)[1]!;
    // An unknown email still costs a password hash check.
    expect(median(unknown)).toBeGreaterThan(median(wrong) * 0.3);
  });

  it('throttles an email per address after 5 failures, even with the right password', async () => {
    const target = (await createAdmin(context.db)).email;
    for (let index = 0; index < LOGIN_LIMITS.perEmailAndAddress.maxFailures; index++) {
      expect((await attempt({ email: target, password: 'wrong' }, '10.0.3.1')).statusCode).toBe(401);
    }
    const throttled = await attempt({ email: target, password: ADMIN_PASSWORD }, '10.0.3.1');
    expect(throttled.statusCode).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    expect(throttled.body).toContain('Too many failed log-in attempts');
    expect(throttled.headers['set-cookie']).toBeUndefined();
    // Another address is not locked out by these guesses (docs/admin.md, "Log-in, sessions, CSRF").
    expect((await attempt({ email: target, password: ADMIN_PASSWORD }, '10.0.3.2')).statusCode).toBe(303);
  });

  it('does not let five wrong passwords from anywhere lock the owner out everywhere', async () => {
    const target = (await createAdmin(context.db)).email;
    for (let index = 0; index < 5; index++) {
      expect((await attempt({ email: target, password: 'wrong' }, `10.0.6.${index}`)).statusCode).toBe(401);
    }
    expect((await attempt({ email: target, password: ADMIN_PASSWORD }, '10.0.6.99')).statusCode).toBe(303);
  });

  it('throttles an email globally at a slower rate, but lets the right password in from a known address', async () => {
    const target = (await createAdmin(context.db)).email;
    expect((await attempt({ email: target, password: ADMIN_PASSWORD }, '10.0.7.250')).statusCode).toBe(303);
    // Spread over many addresses, so that no per-address counter is reached.
    for (let index = 0; index < LOGIN_LIMITS.perEmail.maxFailures; index++) {
      const address = `10.0.7.${index % 50}`;
      expect((await attempt({ email: target, password: 'wrong' }, address)).statusCode).toBe(401);
    }
    // A new address is throttled, even with the right password…
    expect((await attempt({ email: target, password: ADMIN_PASSWORD }, '10.0.7.200')).statusCode).toBe(429);
    // …the address the owner logged in from before still gets in with it…
    expect((await attempt({ email: target, password: ADMIN_PASSWORD }, '10.0.7.250')).statusCode).toBe(303);
    // …and a wrong password from there is still only refused (counted per email and address).
    expect((await attempt({ email: target, password: 'wrong' }, '10.0.7.250')).statusCode).toBe(401);
  });

  it('throttles an address after its limit, whatever the email; other addresses still log in', async () => {
    for (let index = 0; index < LOGIN_LIMITS.perAddress.maxFailures; index++) {
      await attempt({ email: `guess${index}@example.com`, password: 'wrong' }, '10.0.4.1');
    }
    expect((await attempt({ email, password: ADMIN_PASSWORD }, '10.0.4.1')).statusCode).toBe(429);
    expect((await attempt({ email, password: ADMIN_PASSWORD }, '10.0.4.2')).statusCode).toBe(303);
  });

  it('normalises the email once, the same for the throttle and the look-up', async () => {
    const target = (await createAdmin(context.db, `admin-dotted-${Date.now()}@example.com`)).email;
    // Upper case and full-width letters (NFKC) name the same account, and share its counter.
    const variants = [target.toUpperCase(), target.replace('d', '\uFF44'), ` ${target} `];
    for (const variant of variants)
      expect((await attempt({ email: variant, password: ADMIN_PASSWORD }, '10.0.8.1')).statusCode).toBe(303);
    for (let index = 0; index < LOGIN_LIMITS.perEmailAndAddress.maxFailures; index++) {
      const variant = variants[index % variants.length]!;
      expect((await attempt({ email: variant, password: 'wrong' }, '10.0.8.2')).statusCode).toBe(401);
    }
    expect((await attempt({ email: target, password: ADMIN_PASSWORD }, '10.0.8.2')).statusCode).toBe(429);
    // "İ" lower-cases to "i̇" in JavaScript (SQL's lower() gave "i"): it names no account, so it cannot
    // reach this one under another throttle key.
    const dotted = target.replace('i', '\u0130');
    expect((await attempt({ email: dotted, password: ADMIN_PASSWORD }, '10.0.8.3')).statusCode).toBe(401);
  });

  it('refuses a missing email or password with the same answer', async () => {
    const response = await postSignInForm(context.app, {
      url: '/admin/login',
      fields: { email },
      remoteAddress: '10.0.5.1',
    });
    expect(response.statusCode).toBe(401);
    expect(response.body).toContain('Incorrect email or password.');
  });

  it('escapes the echoed email', async () => {
    const response = await attempt({ email: '"><script>alert(1)</script>', password: 'x' }, '10.0.6.1');
    expect(response.body).not.toContain('<script>alert(1)</script>');
    expect(response.body).toContain('&quot;&gt;&lt;script&gt;');
  });
});

describe('sessions', () => {
  it('refuses an expired session: pages redirect, the API answers 401', async () => {
    const { cookie } = await logIn(context.app, email);
    expect((await context.app.inject({ method: 'GET', url: '/admin', headers: { cookie } })).statusCode).toBe(
      200,
    );
    await context.db.query(`UPDATE admin_sessions SET expires_at = now() - interval '1 second'`);
    const page = await context.app.inject({ method: 'GET', url: '/admin', headers: { cookie } });
    expect(page.statusCode).toBe(303);
    expect(page.headers.location).toBe('/admin/login');
    const api = await context.app.inject({ method: 'GET', url: '/admin/api/accounts', headers: { cookie } });
    expect(api.statusCode).toBe(401);
    expect(api.json().code).toBe('admin_unauthorized');
  });

  it('refuses a made-up session cookie', async () => {
    const response = await context.app.inject({
      method: 'GET',
      url: '/admin',
      headers: { cookie: `avs_admin_session=${'a'.repeat(43)}` },
    });
    expect(response.statusCode).toBe(303);
  });

  it('logs out with the CSRF token, and the old cookie stops working', async () => {
    const { cookie, csrfToken } = await logIn(context.app, email);
    const refused = await context.app.inject({
      method: 'POST',
      url: '/admin/logout',
      headers: { ...FORM, cookie },
      payload: form({}),
    });
    expect(refused.statusCode).toBe(403);
    const response = await context.app.inject({
      method: 'POST',
      url: '/admin/logout',
      headers: { ...FORM, cookie },
      payload: form({ _csrf: csrfToken }),
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/admin/login');
    expect(String(response.headers['set-cookie'])).toMatch(/avs_admin_session=;.*Expires=Thu, 01 Jan 1970/);
    expect((await context.app.inject({ method: 'GET', url: '/admin', headers: { cookie } })).statusCode).toBe(
      303,
    );
  });

  it('redirects a signed-in visitor of the log-in page to the dashboard', async () => {
    const { cookie } = await logIn(context.app, email);
    const response = await context.app.inject({ method: 'GET', url: '/admin/login', headers: { cookie } });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/admin');
  });
});

describe('CSRF', () => {
  it.each([
    ['missing', undefined],
    ['forged', 'forged-token-forged-token-forged-token-abcd'],
    ['empty', ''],
  ])('refuses a form with a %s token (403) and changes nothing', async (_case, token) => {
    const { cookie } = await logIn(context.app, email);
    const name = `CSRF victim ${String(token)}`;
    const response = await context.app.inject({
      method: 'POST',
      url: '/admin/accounts',
      headers: { ...FORM, cookie },
      payload: form(token === undefined ? { name } : { name, _csrf: token }),
    });
    expect(response.statusCode).toBe(403);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('This form has expired. Reload the page and send it again.');
    const { rows } = await context.db.query('SELECT 1 FROM accounts WHERE name = $1', [name]);
    expect(rows).toHaveLength(0);
  });

  it("refuses another session's token", async () => {
    const first = await logIn(context.app, email);
    const second = await logIn(context.app, email);
    const response = await context.app.inject({
      method: 'POST',
      url: '/admin/accounts',
      headers: { ...FORM, cookie: first.cookie },
      payload: form({ name: 'Cross-session', _csrf: second.csrfToken }),
    });
    expect(response.statusCode).toBe(403);
  });

  it('requires the x-csrf-token header on cookie-authenticated admin API writes', async () => {
    const { cookie, csrfToken } = await logIn(context.app, email);
    const missing = await context.app.inject({
      method: 'POST',
      url: '/admin/api/accounts',
      headers: { cookie },
      payload: { name: 'No header' },
    });
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toMatchObject({ code: 'csrf_failed' });
    const forged = await context.app.inject({
      method: 'POST',
      url: '/admin/api/accounts',
      headers: { cookie, 'x-csrf-token': 'nope' },
      payload: { name: 'Forged header' },
    });
    expect(forged.statusCode).toBe(403);
    const ok = await context.app.inject({
      method: 'POST',
      url: '/admin/api/accounts',
      headers: { cookie, 'x-csrf-token': csrfToken },
      payload: { name: 'With header' },
    });
    expect(ok.statusCode).toBe(201);
    // Reads need no token.
    const list = await context.app.inject({ method: 'GET', url: '/admin/api/accounts', headers: { cookie } });
    expect(list.statusCode).toBe(200);
  });
});
