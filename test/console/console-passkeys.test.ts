import type { FastifyInstance } from 'fastify';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import { describe, expect, it } from 'vitest';
import { createAccount } from '../../src/modules/accounts/accounts.service.js';
import { listConsoleRoutes } from '../../src/modules/console/shell/console-auth.js';
import { disableMember } from '../../src/modules/members/members.service.js';
import { relyingParty } from '../../src/modules/passkeys/passkeys.service.js';
import { LOGIN_LIMITS } from '../../src/modules/web-pages/login-throttle.js';
import { form, FORM } from '../admin/admin-helpers.js';
import { SoftwareAuthenticator } from '../helpers/software-authenticator.js';
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
const email = () => `passkey${++counter}-${Date.now()}@example.com`;
const newAccount = async (name = `Gallery ${++counter}`) => (await createAccount(context.db, { name })).id;
const origin = () => relyingParty(context.config).origin;

/** What an `…/options` route answers (both kinds of options, for the test's brevity). */
interface Started {
  mode: 'register' | 'authenticate';
  challenge_token: string;
  options: PublicKeyCredentialCreationOptionsJSON & PublicKeyCredentialRequestOptionsJSON;
}

function postJson(
  app: FastifyInstance,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
  remoteAddress = '127.0.0.1',
) {
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(body),
    remoteAddress,
  });
}

/** Adds a passkey from the account page, as console.js does: options, the authenticator, the answer. */
async function addPasskey(
  member: { cookie: string; csrf: string },
  authenticator: SoftwareAuthenticator,
  name?: string,
) {
  const headers = { cookie: member.cookie, 'x-csrf-token': member.csrf };
  const started = await postJson(context.app, '/console/account/passkeys/options', {}, headers);
  expect(started.statusCode).toBe(200);
  const { challenge_token, options, mode } = started.json<Started>();
  expect(mode).toBe('register');
  return postJson(
    context.app,
    '/console/account/passkeys',
    { challenge_token, response: authenticator.register(options), name },
    headers,
  );
}

async function passkeySignIn(authenticator: SoftwareAuthenticator, remoteAddress = freshAddress()) {
  const started = await postJson(context.app, '/console/passkey-sign-in/options', {}, {}, remoteAddress);
  expect(started.statusCode).toBe(200);
  const { challenge_token, options } = started.json<Started>();
  return postJson(
    context.app,
    '/console/passkey-sign-in',
    { challenge_token, response: authenticator.authenticate(options) },
    {},
    remoteAddress,
  );
}

const accountPage = (cookie: string) =>
  context.app.inject({ method: 'GET', url: '/console/account', headers: { cookie } });

describe('passkey routes', () => {
  it('declare their roles: the account ones viewer, sign-in and invitation ones open', () => {
    const routes = listConsoleRoutes(context.app);
    for (const url of ['/console/account/passkeys/options', '/console/account/passkeys']) {
      expect(routes).toContainEqual({ method: 'POST', url, memberRole: 'viewer', json: true });
    }
    expect(routes).toContainEqual({
      method: 'POST',
      url: '/console/account/passkeys/:id/remove',
      memberRole: 'viewer',
      json: false,
    });
    for (const url of [
      '/console/passkey-sign-in/options',
      '/console/passkey-sign-in',
      '/console/invitations/:token/passkey/options',
      '/console/invitations/:token/passkey',
    ]) {
      expect(routes).toContainEqual({ method: 'POST', url, memberRole: 'none', json: true });
    }
  });

  it('are not in the OpenAPI document', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    const paths = Object.keys(response.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths.length).toBeGreaterThan(10);
    expect(paths.filter((path) => path.startsWith('/console'))).toEqual([]);
  });

  it('serve the browser bundle and the console script, which every console page loads', async () => {
    for (const name of ['simplewebauthn-browser.js', 'console.js']) {
      const file = await context.app.inject({ method: 'GET', url: `/console/static/${name}` });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toMatch(/^text\/javascript/);
    }
    const bundle = await context.app.inject({
      method: 'GET',
      url: '/console/static/simplewebauthn-browser.js',
    });
    expect(bundle.body).toContain('SimpleWebAuthnBrowser');
    const login = await context.app.inject({ method: 'GET', url: '/console/login' });
    expect(login.body).toContain('<script src="/console/static/simplewebauthn-browser.js" defer></script>');
    expect(login.body).toContain('<script src="/console/static/console.js" defer></script>');
    // Without script the button stays hidden and the text alternative says what to do.
    expect(login.body).toMatch(/<div class="passkey-ready" hidden>/);
    expect(login.body).toContain('use your email and password above');
  });
});

describe('adding a passkey on the account page', () => {
  it('registers it, shows it with a notice, records it in the audit log; sign-in with it opens a session', async () => {
    const accountId = await newAccount();
    const member = await joinedMember(context.app, context.db, accountId, email());
    const authenticator = new SoftwareAuthenticator(origin());
    const added = await addPasskey(member, authenticator, 'Work laptop');
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ passkey: { name: 'Work laptop' }, redirect: '/console/account' });
    const page = await accountPage(member.cookie);
    expect(page.body).toContain('Passkey added.');
    expect(page.body).toContain('Work laptop');
    const { rows } = await context.db.query<{ action: string }>(
      `SELECT action FROM account_audit_log WHERE account_id = $1 AND action = 'passkey.added'`,
      [accountId],
    );
    expect(rows).toHaveLength(1);

    await context.db.query('UPDATE account_members SET last_sign_in_at = NULL WHERE id = $1', [
      member.memberId,
    ]);
    const signedIn = await passkeySignIn(authenticator);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toEqual({ redirect: '/console' });
    const cookie = cookieOf(signedIn);
    expect(cookie).toMatch(/^avs_member_session=/);
    expect(String(signedIn.headers['set-cookie'])).toContain('HttpOnly');
    expect(
      (await context.app.inject({ method: 'GET', url: '/console', headers: { cookie } })).statusCode,
    ).toBe(200);
    const { rows: members } = await context.db.query<{ last_sign_in_at: Date | null }>(
      'SELECT last_sign_in_at FROM account_members WHERE id = $1',
      [member.memberId],
    );
    expect(members[0]!.last_sign_in_at).not.toBeNull();
  });

  it('without the CSRF header: 403 csrf_failed as JSON; the form field does not stand in for it', async () => {
    const member = await joinedMember(context.app, context.db, await newAccount(), email());
    for (const url of ['/console/account/passkeys/options', '/console/account/passkeys']) {
      const refused = await postJson(
        context.app,
        url,
        { challenge_token: 'x', response: {} },
        { cookie: member.cookie },
      );
      expect(refused.statusCode).toBe(403);
      expect(refused.headers['content-type']).toMatch(/^application\/json/);
      expect(refused.json()).toMatchObject({ code: 'csrf_failed', error: expect.any(String) });
      const wrong = await postJson(
        context.app,
        url,
        {},
        { cookie: member.cookie, 'x-csrf-token': 'not-the-token' },
      );
      expect(wrong.statusCode).toBe(403);
    }
    // The form field does not stand in for the header on a JSON route.
    const asField = await postJson(
      context.app,
      '/console/account/passkeys/options',
      { _csrf: member.csrf },
      { cookie: member.cookie },
    );
    expect(asField.statusCode).toBe(403);
  });

  it('without a session: 401 member_unauthorized as JSON, not a redirect', async () => {
    const refused = await postJson(context.app, '/console/account/passkeys/options', {});
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'member_unauthorized' });
  });

  it('a wrong answer is 400 passkey_invalid in the error shape; the challenge is then used up', async () => {
    const member = await joinedMember(context.app, context.db, await newAccount(), email());
    const headers = { cookie: member.cookie, 'x-csrf-token': member.csrf };
    const authenticator = new SoftwareAuthenticator('http://evil.example');
    const started = (
      await postJson(context.app, '/console/account/passkeys/options', {}, headers)
    ).json<Started>();
    const answer = {
      challenge_token: started.challenge_token,
      response: authenticator.register(started.options),
    };
    const refused = await postJson(context.app, '/console/account/passkeys', answer, headers);
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json()).sort()).toEqual(['code', 'error', 'request_id']);
    expect(refused.json().code).toBe('passkey_invalid');
    const again = await postJson(context.app, '/console/account/passkeys', answer, headers);
    expect(again.json()).toMatchObject({
      code: 'passkey_invalid',
      error: expect.stringContaining('start again'),
    });
  });
});

describe('removing a passkey', () => {
  it('removes it with the form; the last way to sign in stays, said on the page (409)', async () => {
    const accountId = await newAccount();
    const { token } = await invite(context.db, accountId, email());
    const authenticator = new SoftwareAuthenticator(origin());
    const joined = await acceptWithPasskey(token, authenticator);
    expect(joined.statusCode).toBe(200);
    const cookie = cookieOf(joined);
    const csrf = await csrfOf(context.app, cookie);
    const second = new SoftwareAuthenticator(origin());
    expect((await addPasskey({ cookie, csrf }, second, 'Spare key')).statusCode).toBe(201);
    const ids = (
      await context.db.query<{ id: string; name: string }>(
        `SELECT p.id, p.name FROM member_passkeys p JOIN account_members m ON m.person_id = p.person_id
       WHERE m.account_id = $1 ORDER BY p.created_at`,
        [accountId],
      )
    ).rows;
    expect(ids).toHaveLength(2);

    const remove = (id: string, fields: Record<string, string>) =>
      context.app.inject({
        method: 'POST',
        url: `/console/account/passkeys/${id}/remove`,
        headers: { ...FORM, cookie },
        payload: form(fields),
      });
    const withoutCsrf = await remove(ids[0]!.id, {});
    expect(withoutCsrf.statusCode).toBe(403);
    expect(withoutCsrf.headers['content-type']).toMatch(/^text\/html/);

    const removed = await remove(ids[1]!.id, { _csrf: csrf });
    expect(removed.statusCode).toBe(303);
    expect(removed.headers.location).toBe('/console/account');
    const page = await accountPage(cookie);
    expect(page.body).toContain('Passkey removed.');
    expect(page.body).not.toContain('Spare key');

    const last = await remove(ids[0]!.id, { _csrf: csrf });
    expect(last.statusCode).toBe(409);
    expect(last.headers['content-type']).toMatch(/^text\/html/);
    expect(last.body).toContain('This is the only way left to sign in');
    expect(last.body).toContain('<h1>Your account</h1>');

    const notMine = await remove('00000000-0000-4000-8000-000000000000', { _csrf: csrf });
    expect(notMine.statusCode).toBe(404);
  });
});

async function acceptWithPasskey(
  token: string,
  authenticator: SoftwareAuthenticator,
  remoteAddress = freshAddress(),
) {
  const started = await postJson(
    context.app,
    `/console/invitations/${token}/passkey/options`,
    {},
    {},
    remoteAddress,
  );
  if (started.statusCode !== 200) return started;
  const { challenge_token, options, mode } = started.json<Started>();
  const response =
    mode === 'register' ? authenticator.register(options) : authenticator.authenticate(options);
  return postJson(
    context.app,
    `/console/invitations/${token}/passkey`,
    { challenge_token, response },
    {},
    remoteAddress,
  );
}

describe('accepting an invitation with a passkey', () => {
  it('registers the passkey instead of a password: active, link used, signed in; then signs in with it', async () => {
    const accountId = await newAccount();
    const address = email();
    const { token, invitation } = await invite(context.db, accountId, address, 'editor');
    const page = await context.app.inject({ method: 'GET', url: `/console/invitations/${token}` });
    expect(page.body).toContain('Accept with a new passkey');
    expect(page.body).toContain('Choose a password');

    const authenticator = new SoftwareAuthenticator(origin());
    const joined = await acceptWithPasskey(token, authenticator);
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toEqual({ redirect: '/console' });
    const cookie = cookieOf(joined);
    const home = await context.app.inject({ method: 'GET', url: '/console', headers: { cookie } });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain(`${address} · editor`);

    const { rows } = await context.db.query<{ status: string; password_hash: string | null }>(
      `SELECT m.status, p.password_hash FROM account_members m JOIN people p ON p.id = m.person_id WHERE m.id = $1`,
      [invitation.member_id],
    );
    expect(rows[0]).toEqual({ status: 'active', password_hash: null });
    const used = await context.app.inject({ method: 'GET', url: `/console/invitations/${token}` });
    expect(used.statusCode).toBe(410);
    expect((await acceptWithPasskey(token, authenticator)).statusCode).toBe(410);

    expect((await passkeySignIn(authenticator)).statusCode).toBe(200);
    // No password: the password form refuses it like a wrong one.
    expect((await signIn(context.app, address, MEMBER_PASSWORD)).statusCode).toBe(401);
  });

  it('a person who proved the address with a password enters it; one with passkeys only uses one of theirs (no password set by the link)', async () => {
    const first = await newAccount();
    const second = await newAccount();
    const withPassword = email();
    await joinedMember(context.app, context.db, first, withPassword);
    // Only a proven address reaches the person another account's link made (test/members/invitation-squat.test.ts).
    await proveAddress(context.db, withPassword);
    const { token } = await invite(context.db, second, withPassword);
    const refused = await postJson(context.app, `/console/invitations/${token}/passkey/options`, {});
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'validation_failed',
      error: expect.stringContaining('password'),
    });

    const passkeyOnly = email();
    const authenticator = new SoftwareAuthenticator(origin());
    const { token: firstToken } = await invite(context.db, first, passkeyOnly);
    expect((await acceptWithPasskey(firstToken, authenticator)).statusCode).toBe(200);
    await proveAddress(context.db, passkeyOnly);
    const { token: secondToken } = await invite(context.db, second, passkeyOnly);
    const page = await context.app.inject({ method: 'GET', url: `/console/invitations/${secondToken}` });
    expect(page.body).toContain('Accept with your passkey');
    expect(page.body).not.toContain('Choose a password');
    // The link alone does not let its holder give the person a password.
    const byPassword = await accept(context.app, secondToken);
    expect(byPassword.statusCode).toBe(400);
    // Another person's passkey does not accept it.
    const stranger = new SoftwareAuthenticator(origin());
    const { token: strangerToken } = await invite(context.db, first, email());
    expect((await acceptWithPasskey(strangerToken, stranger)).statusCode).toBe(200);
    const wrongPerson = await acceptWithPasskey(secondToken, stranger);
    expect(wrongPerson.statusCode).toBe(400);
    expect(wrongPerson.json().code).toBe('passkey_invalid');
    const joined = await acceptWithPasskey(secondToken, authenticator);
    expect(joined.statusCode).toBe(200);
  });

  it('an unknown link is 404 in the error shape', async () => {
    const unknown = await postJson(context.app, `/console/invitations/${'A'.repeat(43)}/passkey/options`, {});
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('invitation_not_found');
  });
});

describe('passkey sign-in refusals', () => {
  it('a disabled membership everywhere is refused like a wrong passkey', async () => {
    const accountId = await newAccount();
    const owner = await joinedMember(context.app, context.db, accountId, email());
    const { token, invitation } = await invite(context.db, accountId, email(), 'viewer');
    const authenticator = new SoftwareAuthenticator(origin());
    expect((await acceptWithPasskey(token, authenticator)).statusCode).toBe(200);
    await disableMember(context.db, {
      accountId,
      memberId: invitation.member_id,
      actor: { memberId: owner.memberId },
    });
    const refused = await passkeySignIn(authenticator);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('passkey_invalid');
    expect(refused.headers['set-cookie']).toBeUndefined();
  });

  it('is throttled per address: 429 with Retry-After, even for a good passkey, and only from that address', async () => {
    const member = await joinedMember(context.app, context.db, await newAccount(), email());
    const authenticator = new SoftwareAuthenticator(origin());
    expect((await addPasskey(member, authenticator)).statusCode).toBe(201);
    const from = freshAddress();
    for (let attempt = 0; attempt < LOGIN_LIMITS.perAddress.maxFailures; attempt++) {
      const bad = await postJson(
        context.app,
        '/console/passkey-sign-in',
        { challenge_token: 'A'.repeat(43), response: { id: 'x' } },
        {},
        from,
      );
      expect(bad.statusCode).toBe(400);
    }
    const throttled = await passkeySignIn(authenticator, from);
    expect(throttled.statusCode).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    expect(throttled.json().code).toBe('rate_limited');
    expect((await passkeySignIn(authenticator)).statusCode).toBe(200);
  });
});
