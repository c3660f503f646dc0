import { describe, expect, it } from 'vitest';
import { createAccount } from '../../src/modules/accounts/accounts.service.js';
import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import {
  declareConsoleRoute,
  enforceMemberRole,
  listConsoleRoutes,
} from '../../src/modules/console/shell/console-auth.js';
import {
  changeRole,
  disableMember,
  enableMember,
  listMembers,
} from '../../src/modules/members/members.service.js';
import { inviteMember } from '../../src/modules/members/invitations.service.js';
import { LOGIN_LIMITS } from '../../src/modules/web-pages/login-throttle.js';
import { createAdmin, form, FORM, logIn as adminLogIn } from '../admin/admin-helpers.js';
import { useTestContext } from '../helpers/test-app.js';
import {
  accept,
  cookieOf,
  csrfOf,
  freshAddress,
  invite,
  joinedMember,
  MEMBER_PASSWORD,
  proveAddress,
  signIn,
} from '../members/member-helpers.js';

const context = useTestContext();
let counter = 0;
const email = () => `member${++counter}-${Date.now()}@example.com`;
const newAccount = async (name = `Gallery ${++counter}`) => (await createAccount(context.db, { name })).id;
const get = (url: string, cookie?: string) =>
  context.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const post = (url: string, cookie: string, fields: Record<string, string>) =>
  context.app.inject({ method: 'POST', url, headers: { ...FORM, cookie }, payload: form(fields) });

describe('console routes', () => {
  it('each declares its role; the list is there for the roles table', () => {
    const routes = listConsoleRoutes(context.app);
    expect(routes.length).toBeGreaterThan(5);
    for (const route of routes) {
      expect(route.url.startsWith('/console')).toBe(true);
      expect(['none', 'viewer', 'editor', 'owner']).toContain(route.memberRole);
    }
    expect(routes).toContainEqual({ method: 'GET', url: '/console/login', memberRole: 'none', json: false });
    const home = routes.filter((route) => route.method === 'GET' && /^\/console\/?$/.test(route.url));
    expect(home.map((route) => route.memberRole)).toContain('viewer');
    expect(routes).toContainEqual({
      method: 'POST',
      url: '/console/account/password',
      memberRole: 'viewer',
      json: false,
    });
    expect(routes).toContainEqual({
      method: 'GET',
      url: '/console/invitations/:token',
      memberRole: 'none',
      json: false,
    });
  });

  it('a role too low is 403 forbidden_role; no session, 303 to the sign-in page', async () => {
    const accountId = await newAccount();
    await joinedMember(context.app, context.db, accountId, email());
    const viewer = await joinedMember(context.app, context.db, accountId, email(), 'viewer');
    const editor = await joinedMember(context.app, context.db, accountId, email(), 'editor');
    // The console's own hook on a bare app with one route per role: the roles of routes yet to come.
    const bare = Fastify();
    bare.decorate('db', context.db);
    await bare.register(cookie);
    bare.addHook('onRequest', enforceMemberRole);
    bare.setErrorHandler((error: { statusCode?: number; code?: string }, _request, reply) =>
      reply.code(error.statusCode ?? 500).send({ code: error.code }),
    );
    for (const role of ['viewer', 'editor', 'owner'] as const) {
      bare.get(`/console/${role}`, { config: { memberRole: role } }, async () => ({ ok: true }));
    }
    try {
      const status = async (url: string, cookieHeader?: string) => {
        const response = await bare.inject({ url, headers: cookieHeader ? { cookie: cookieHeader } : {} });
        return response.statusCode === 403
          ? `403 ${response.json<{ code: string }>().code}`
          : String(response.statusCode);
      };
      expect(await status('/console/viewer')).toBe('303');
      expect(await status('/console/viewer', viewer.cookie)).toBe('200');
      expect(await status('/console/editor', viewer.cookie)).toBe('403 forbidden_role');
      expect(await status('/console/editor', editor.cookie)).toBe('200');
      expect(await status('/console/owner', editor.cookie)).toBe('403 forbidden_role');
    } finally {
      await bare.close();
    }
  });

  it('a route that declares no role stops the start', () => {
    expect(() => declareConsoleRoute({})({ method: 'GET', url: '/console/x', handler: () => {} })).toThrow(
      /declares no config.memberRole/,
    );
  });

  it('without a session: pages redirect to the sign-in page, which carries the security headers', async () => {
    for (const url of ['/console', '/console/account']) {
      const response = await get(url);
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe('/console/login');
    }
    const login = await get('/console/login');
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    expect(login.headers['x-frame-options']).toBe('DENY');
    expect(String(login.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect((await get('/console/static/console.css')).headers['content-type']).toMatch(/^text\/css/);
    const missing = await get('/console/no-such-page');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^text\/html/);
  });
});

describe('sessions', () => {
  it('a cookie on /console only, httpOnly, SameSite=Lax; Secure behind TLS only', async () => {
    const { token } = await invite(context.db, await newAccount(), email());
    const response = await accept(context.app, token);
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/^avs_member_session=/);
    expect(setCookie).toContain('Path=/console');
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).not.toContain('Secure');
    const { rows } = await context.db.query<{ id: string }>('SELECT id FROM member_sessions');
    const value = cookieOf(response).split('=')[1]!;
    expect(rows.map((row) => row.id)).not.toContain(value);
  });

  it('ends after 30 idle minutes, and 12 hours after sign-in however busy', async () => {
    const address = email();
    await joinedMember(context.app, context.db, await newAccount(), address);
    const idle = cookieOf(await signIn(context.app, address));
    expect((await get('/console', idle)).statusCode).toBe(200);
    await context.db.query(
      `UPDATE member_sessions SET last_seen_at = now() - interval '31 minutes'
       WHERE person_id = (SELECT id FROM people WHERE email = $1)`,
      [address],
    );
    expect((await get('/console', idle)).statusCode).toBe(303);

    const busy = cookieOf(await signIn(context.app, address));
    await context.db.query(
      `UPDATE member_sessions SET expires_at = now() - interval '1 second'
       WHERE person_id = (SELECT id FROM people WHERE email = $1)`,
      [address],
    );
    expect((await get('/console', busy)).statusCode).toBe(303);
  });

  it('refuses a form without the CSRF token with a 403 page, and changes nothing', async () => {
    const { cookie } = await joinedMember(context.app, context.db, await newAccount(), email());
    for (const url of ['/console/logout', '/console/logout-everywhere', '/console/account/password']) {
      const response = await post(url, cookie, { current_password: MEMBER_PASSWORD });
      expect(response.statusCode).toBe(403);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
    }
    expect((await get('/console', cookie)).statusCode).toBe(200);
  });

  it('signs out; signs out everywhere (every session of the person)', async () => {
    const address = email();
    const { cookie, csrf } = await joinedMember(context.app, context.db, await newAccount(), address);
    const other = cookieOf(await signIn(context.app, address));
    const out = await post('/console/logout', cookie, { _csrf: csrf });
    expect(out.statusCode).toBe(303);
    expect((await get('/console', cookie)).statusCode).toBe(303);
    expect((await get('/console', other)).statusCode).toBe(200);

    const third = cookieOf(await signIn(context.app, address));
    const everywhere = await post('/console/logout-everywhere', other, {
      _csrf: await csrfOf(context.app, other),
    });
    expect(everywhere.statusCode).toBe(303);
    expect((await get('/console', other)).statusCode).toBe(303);
    expect((await get('/console', third)).statusCode).toBe(303);
  });

  it('a password change needs the current password and ends the other sessions', async () => {
    const address = email();
    const { cookie, csrf } = await joinedMember(context.app, context.db, await newAccount(), address);
    const other = cookieOf(await signIn(context.app, address));
    const newPassword = 'another long passphrase here';
    const wrong = await post('/console/account/password', cookie, {
      _csrf: csrf,
      current_password: 'not my password at all',
      password: newPassword,
      password_again: newPassword,
    });
    expect(wrong.statusCode).toBe(400);
    const changed = await post('/console/account/password', cookie, {
      _csrf: csrf,
      current_password: MEMBER_PASSWORD,
      password: newPassword,
      password_again: newPassword,
    });
    expect(changed.statusCode).toBe(303);
    expect((await get('/console/account', cookie)).body).toContain('Password changed');
    expect((await get('/console', other)).statusCode).toBe(303);
    expect((await signIn(context.app, address)).statusCode).toBe(401);
    expect((await signIn(context.app, address, newPassword)).statusCode).toBe(303);
  });
});

describe('sign-in', () => {
  it('gives the same answer for an unknown e-mail and a wrong password', async () => {
    const address = email();
    await joinedMember(context.app, context.db, await newAccount(), address);
    const unknown = await signIn(context.app, `nobody-${address}`);
    const wrong = await signIn(context.app, address, 'not the right password');
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.body).toContain('Incorrect email or password.');
    expect(wrong.body.replace(/value="[^"]*"/g, '')).toBe(unknown.body.replace(/value="[^"]*"/g, ''));
  });

  it('is throttled per address and e-mail: 429 page with Retry-After, even for the right password', async () => {
    const address = email();
    await joinedMember(context.app, context.db, await newAccount(), address);
    const from = freshAddress();
    for (let attempt = 0; attempt < LOGIN_LIMITS.perEmailAndAddress.maxFailures; attempt++) {
      expect((await signIn(context.app, address, 'wrong password, again', from)).statusCode).toBe(401);
    }
    const throttled = await signIn(context.app, address, MEMBER_PASSWORD, from);
    expect(throttled.statusCode).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    expect(throttled.headers['content-type']).toMatch(/^text\/html/);
    expect(throttled.body).toContain('Too many failed attempts');
    // Another address is not throttled for this e-mail (per-address pair limit only).
    expect((await signIn(context.app, address)).statusCode).toBe(303);
  });

  it('a disabled member cannot sign in to that account, and its sessions there end', async () => {
    const accountId = await newAccount();
    const owner = await joinedMember(context.app, context.db, accountId, email());
    const address = email();
    const editor = await joinedMember(context.app, context.db, accountId, address, 'editor');
    await disableMember(context.db, {
      accountId,
      memberId: editor.memberId,
      actor: { memberId: owner.memberId },
    });
    expect((await get('/console', editor.cookie)).statusCode).toBe(303);
    expect((await signIn(context.app, address)).statusCode).toBe(401);
    await enableMember(context.db, { accountId, memberId: editor.memberId, actor: { admin: true } });
    expect((await signIn(context.app, address)).statusCode).toBe(303);
  });
});

describe('one person in two accounts', () => {
  it('sees each account only under its own membership, and switches only between its own accounts', async () => {
    const address = email();
    const north = await newAccount('North Gallery');
    const south = await newAccount('South Dealer');
    const elsewhere = await newAccount('Not Yours');
    await joinedMember(context.app, context.db, north, address, 'owner');
    // One person in two accounts: only once the address is proven (docs/members.md).
    await proveAddress(context.db, address);
    const { token } = await invite(context.db, south, address, 'viewer');
    expect((await accept(context.app, token, MEMBER_PASSWORD, { again: null })).statusCode).toBe(303);

    const cookie = cookieOf(await signIn(context.app, address));
    const csrf = await csrfOf(context.app, cookie);
    const first = await get('/console', cookie);
    // The session opens in the account used last: South, where the invitation was just accepted.
    expect(first.body).toContain('South Dealer');
    expect(first.body).toMatch(/You are <strong>viewer<\/strong>/);
    expect(first.body).not.toContain('href="/console/members"');
    expect(first.body).toContain('action="/console/switch"');
    expect(first.body).toContain('North Gallery');
    expect(first.body).not.toContain('Not Yours');

    const switched = await post('/console/switch', cookie, { _csrf: csrf, account_id: north });
    expect(switched.statusCode).toBe(303);
    const home = await get('/console', cookie);
    expect(home.body).toMatch(/You are <strong>owner<\/strong> of North Gallery/);
    expect(home.body).toContain('href="/console/members"');

    for (const accountId of [elsewhere, 'not-a-uuid']) {
      const refused = await post('/console/switch', cookie, { _csrf: csrf, account_id: accountId });
      expect(refused.statusCode).toBe(404);
    }
    expect((await get('/console', cookie)).body).toContain('North Gallery');
  });

  it('a person with one membership sees no switcher', async () => {
    const { cookie } = await joinedMember(context.app, context.db, await newAccount(), email());
    expect((await get('/console', cookie)).body).not.toContain('action="/console/switch"');
  });
});

describe('owners and roles', () => {
  it('keeps at least one active owner: demoting or disabling the last one is 409 last_owner, for admins too', async () => {
    const accountId = await newAccount();
    const owner = await joinedMember(context.app, context.db, accountId, email());
    for (const actor of [{ memberId: owner.memberId }, { admin: true as const }]) {
      await expect(
        changeRole(context.db, { accountId, memberId: owner.memberId, role: 'editor', actor }),
      ).rejects.toMatchObject({ code: 'last_owner', statusCode: 409 });
      await expect(
        disableMember(context.db, { accountId, memberId: owner.memberId, actor }),
      ).rejects.toMatchObject({
        code: 'last_owner',
      });
    }
    const second = await joinedMember(context.app, context.db, accountId, email(), 'editor');
    await changeRole(context.db, {
      accountId,
      memberId: second.memberId,
      role: 'owner',
      actor: { memberId: owner.memberId },
    });
    const demoted = await changeRole(context.db, {
      accountId,
      memberId: owner.memberId,
      role: 'viewer',
      actor: { memberId: second.memberId },
    });
    expect(demoted.role).toBe('viewer');
    const members = await listMembers(context.db, accountId, { admin: true });
    expect(members.map((member) => [member.role, member.status])).toEqual([
      ['viewer', 'active'],
      ['owner', 'active'],
    ]);
    const { rows } = await context.db.query<{ action: string; actor_member_id: string | null }>(
      `SELECT action, actor_member_id FROM account_audit_log WHERE account_id = $1 AND action = 'member.role_changed'
       ORDER BY created_at`,
      [accountId],
    );
    expect(rows).toEqual([
      { action: 'member.role_changed', actor_member_id: owner.memberId },
      { action: 'member.role_changed', actor_member_id: second.memberId },
    ]);
  });

  it('only an active owner of the account manages its members: 403 forbidden_role otherwise', async () => {
    const accountId = await newAccount();
    const owner = await joinedMember(context.app, context.db, accountId, email());
    const editor = await joinedMember(context.app, context.db, accountId, email(), 'editor');
    const stranger = await joinedMember(context.app, context.db, await newAccount(), email());
    for (const actor of [{ memberId: editor.memberId }, { memberId: stranger.memberId }]) {
      await expect(listMembers(context.db, accountId, actor)).rejects.toMatchObject({
        code: 'forbidden_role',
        statusCode: 403,
      });
      await expect(
        inviteMember(context.db, {
          accountId,
          email: email(),
          role: 'owner',
          actor,
          baseUrl: 'http://localhost',
        }),
      ).rejects.toMatchObject({ code: 'forbidden_role' });
      await expect(
        changeRole(context.db, { accountId, memberId: owner.memberId, role: 'viewer', actor }),
      ).rejects.toMatchObject({ code: 'forbidden_role' });
    }
    const invited = await inviteMember(context.db, {
      accountId,
      email: email(),
      role: 'viewer',
      actor: { memberId: owner.memberId },
      baseUrl: 'http://localhost',
    });
    expect(invited.invitation.state).toBe('pending');
  });
});

describe('admin and member sessions', () => {
  it('never open each other’s pages', async () => {
    const admin = await createAdmin(context.db);
    const adminSession = await adminLogIn(context.app, admin.email);
    const member = await joinedMember(context.app, context.db, await newAccount(), email());

    const consoleWithAdmin = await get('/console', adminSession.cookie);
    expect(consoleWithAdmin.statusCode).toBe(303);
    expect(consoleWithAdmin.headers.location).toBe('/console/login');
    const adminWithMember = await get('/admin', member.cookie);
    expect(adminWithMember.statusCode).toBe(303);
    expect(adminWithMember.headers.location).toBe('/admin/login');
    expect((await get('/admin/api/session', member.cookie)).statusCode).toBe(401);

    // The same secret under the other app's cookie name is no session either.
    const [, memberToken] = member.cookie.split('=');
    const [, adminToken] = adminSession.cookie.split('=');
    expect((await get('/admin', `avs_admin_session=${memberToken}`)).statusCode).toBe(303);
    expect((await get('/console', `avs_member_session=${adminToken}`)).statusCode).toBe(303);
  });
});
