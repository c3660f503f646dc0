import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../src/modules/accounts/accounts.service.js';
import { publicBaseUrl } from '../../src/modules/signing/issuer-identity.js';
import { createAdmin, logIn as adminLogIn, ADMIN_PASSWORD } from '../admin/admin-helpers.js';
import { postSignInForm, signInFormToken } from '../helpers/sign-in-forms.js';
import { useTestContext } from '../helpers/test-app.js';
import {
  accept,
  cookieOf,
  freshAddress,
  invite,
  joinedMember,
  MEMBER_PASSWORD,
} from '../members/member-helpers.js';

// Round 3 from outside, item 3: another site's page could post the sign-in form and sign its visitor into the
// attacker's account, replacing the visitor's own session.

const context = useTestContext();
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const OTHER_SITE = 'This form was sent from another site';

let accountId: string;
let victimEmail: string;
let attackerEmail: string;

beforeAll(async () => {
  accountId = (await createAccount(context.db, { name: 'Login CSRF Gallery' })).id;
  victimEmail = `victim-${Date.now()}@example.org`;
  attackerEmail = `attacker-${Date.now()}@example.net`;
  const attackerAccount = (await createAccount(context.db, { name: 'Attacker Ltd' })).id;
  await joinedMember(context.app, context.db, accountId, victimEmail);
  await joinedMember(context.app, context.db, attackerAccount, attackerEmail);
});

const attackerFields = () => ({ email: attackerEmail, password: MEMBER_PASSWORD });

/** A POST as another site's page makes it: no pre-session cookie, the fields it chose. */
function forgedPost(url: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return context.app.inject({
    method: 'POST',
    url,
    headers: { ...FORM, ...headers },
    payload: new URLSearchParams(fields).toString(),
    remoteAddress: freshAddress(),
  });
}

function sessionCookieSet(response: {
  headers: Record<string, string | string[] | number | undefined>;
}): boolean {
  return /avs_(member|admin)_session=[^;]/.test([response.headers['set-cookie'] ?? ''].flat().join('\n'));
}

describe('the sign-in forms carry a pre-session token', () => {
  it('refuses a console sign-in with no token: no session is opened', async () => {
    const response = await forgedPost('/console/login', attackerFields());
    expect(response.statusCode).toBe(403);
    expect(sessionCookieSet(response)).toBe(false);
    expect(response.body).toContain('This form has expired or was not opened on this site');
  });

  it('refuses a token made for another browser, and a token of the right shape that no cookie signed', async () => {
    const mine = await signInFormToken(context.app, '/console/login');
    const theirs = await signInFormToken(context.app, '/console/login');
    for (const [cookie, token] of [
      [mine.cookie, theirs.csrfToken],
      [mine.cookie, `${'A'.repeat(16)}.${'B'.repeat(43)}`],
      [mine.cookie, ''],
      ['', mine.csrfToken],
    ] as const) {
      const response = await forgedPost('/console/login', { ...attackerFields(), _csrf: token }, { cookie });
      expect(response.statusCode).toBe(403);
      expect(sessionCookieSet(response)).toBe(false);
    }
    // The form as the browser got it signs in.
    const signedIn = await forgedPost(
      '/console/login',
      { ...attackerFields(), _csrf: mine.csrfToken },
      { cookie: mine.cookie },
    );
    expect(signedIn.statusCode).toBe(303);
  });

  it('gives the token in an httpOnly, SameSite=Strict cookie of /console', async () => {
    const page = await context.app.inject({ method: 'GET', url: '/console/login' });
    const cookie = String(page.headers['set-cookie']);
    expect(cookie).toMatch(/^avs_member_sign_in=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain('Path=/console');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(page.body).toMatch(
      /<input type="hidden" name="_csrf" value="[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{43}" \/>/,
    );
  });

  it('refuses an invitation accepted with no token, and leaves the link unused', async () => {
    const invitation = await invite(context.db, accountId, `invitee-${Date.now()}@example.org`);
    const forged = await forgedPost(`/console/invitations/${invitation.token}`, {
      password: MEMBER_PASSWORD,
      password_again: MEMBER_PASSWORD,
    });
    expect(forged.statusCode).toBe(403);
    expect(sessionCookieSet(forged)).toBe(false);
    const page = await context.app.inject({ method: 'GET', url: `/console/invitations/${invitation.token}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/name="_csrf" value="[^"]+"/);
    expect((await accept(context.app, invitation.token)).statusCode).toBe(303);
  });

  it('refuses an admin log-in with no token', async () => {
    const admin = await createAdmin(context.db);
    const forged = await forgedPost('/admin/login', { email: admin.email, password: ADMIN_PASSWORD });
    expect(forged.statusCode).toBe(403);
    expect(sessionCookieSet(forged)).toBe(false);
    const real = await postSignInForm(context.app, {
      url: '/admin/login',
      fields: { email: admin.email, password: ADMIN_PASSWORD },
      remoteAddress: freshAddress(),
    });
    expect(real.statusCode).toBe(303);
  });
});

describe('a write another site made is refused by what the browser says of it', () => {
  const signIn = (headers: Record<string, string>) =>
    postSignInForm(context.app, {
      url: '/console/login',
      fields: attackerFields(),
      headers,
      remoteAddress: freshAddress(),
    });

  it.each(['cross-site', 'same-site'])('refuses Sec-Fetch-Site: %s even with a good token', async (site) => {
    const response = await signIn({ 'sec-fetch-site': site });
    expect(response.statusCode).toBe(403);
    expect(response.body).toContain(OTHER_SITE);
    expect(sessionCookieSet(response)).toBe(false);
  });

  it.each(['same-origin', 'none'])('accepts Sec-Fetch-Site: %s', async (site) => {
    // Chromium's own form posts under Referrer-Policy: no-referrer say Origin: null beside same-origin.
    expect((await signIn({ 'sec-fetch-site': site, origin: 'null' })).statusCode).toBe(303);
  });

  it('without Sec-Fetch-Site, refuses an Origin of another host and lets null and our own through', async () => {
    const refused = await signIn({ origin: 'https://evil.example' });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain(OTHER_SITE);
    expect((await signIn({ origin: 'null' })).statusCode).toBe(303);
    expect((await signIn({ origin: 'http://localhost:80' })).statusCode).toBe(303);
    // AVS_PUBLIC_URL (here its default) names us too, whatever Host a proxy passed on.
    expect((await signIn({ origin: publicBaseUrl(context.config) })).statusCode).toBe(303);
    expect((await signIn({})).statusCode).toBe(303);
  });

  it('refuses every state-changing /console and /admin route sent from another site, before anything else', async () => {
    const member = await joinedMember(
      context.app,
      context.db,
      accountId,
      `everywhere-${Date.now()}@example.org`,
    );
    const admin = await adminLogIn(context.app, (await createAdmin(context.db)).email);
    const writes: { method: string; url: string }[] = [];
    for (const [path, methods] of context.app.registeredRoutes) {
      if (!/^\/(console|admin)(\/|$)/.test(path)) continue;
      for (const method of methods) {
        if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) {
          writes.push({ method, url: path.replace(/:[A-Za-z_]+/g, 'x') });
        }
      }
    }
    expect(writes.length).toBeGreaterThan(30);
    expect(writes).toContainEqual({ method: 'POST', url: '/console/passkey-sign-in/options' });
    expect(writes).toContainEqual({ method: 'POST', url: '/console/passkey-sign-in' });
    expect(writes).toContainEqual({ method: 'POST', url: '/admin/setup/x' });
    for (const { method, url } of writes) {
      const cookie = url.startsWith('/admin') ? admin.cookie : member.cookie;
      const csrf = url.startsWith('/admin') ? admin.csrfToken : member.csrf;
      for (const foreign of [{ 'sec-fetch-site': 'cross-site' }, { origin: 'https://evil.example' }]) {
        const response = await context.app.inject({
          method: method as 'POST',
          url,
          headers: { ...FORM, cookie, 'x-csrf-token': csrf, ...foreign },
          payload: new URLSearchParams({ _csrf: csrf }).toString(),
          remoteAddress: freshAddress(),
        });
        expect(response.statusCode, `${method} ${url} ${JSON.stringify(foreign)}`).toBe(403);
        expect(response.body, `${method} ${url}`).toContain(OTHER_SITE);
      }
    }
  });
});

describe('a browser signed in as one person, sent the sign-in of another', () => {
  /** The victim's own console sign-in, through the form: the session cookie. */
  async function victimSignsIn(): Promise<string> {
    const response = await postSignInForm(context.app, {
      url: '/console/login',
      fields: { email: victimEmail, password: MEMBER_PASSWORD },
      remoteAddress: freshAddress(),
    });
    expect(response.statusCode).toBe(303);
    return cookieOf(response);
  }

  it('asks first, and switches (ending the old session) only once confirmed with the token', async () => {
    const victimCookie = await victimSignsIn();
    const asked = await postSignInForm(context.app, {
      url: '/console/login',
      fields: attackerFields(),
      cookie: victimCookie,
      remoteAddress: freshAddress(),
    });
    expect(asked.statusCode).toBe(200);
    expect(sessionCookieSet(asked)).toBe(false);
    expect(asked.body).toContain(`This browser is signed in as ${victimEmail}`);
    expect(asked.body).toContain('name="switch" value="confirmed"');
    expect(asked.body).toMatch(/name="_csrf" value="[^"]+"/);
    // The victim is still signed in as themself.
    const still = await context.app.inject({
      method: 'GET',
      url: '/console',
      headers: { cookie: victimCookie },
    });
    expect(still.statusCode).toBe(200);
    expect(still.body).toContain('Login CSRF Gallery');

    // The confirmation is a form of our own: without its token it is refused like any sign-in.
    const forgedConfirm = await forgedPost(
      '/console/login',
      { ...attackerFields(), switch: 'confirmed' },
      { cookie: victimCookie },
    );
    expect(forgedConfirm.statusCode).toBe(403);

    const confirmed = await postSignInForm(context.app, {
      url: '/console/login',
      fields: { ...attackerFields(), switch: 'confirmed' },
      cookie: victimCookie,
      remoteAddress: freshAddress(),
    });
    expect(confirmed.statusCode).toBe(303);
    expect(sessionCookieSet(confirmed)).toBe(true);
    const after = await context.app.inject({
      method: 'GET',
      url: '/console',
      headers: { cookie: victimCookie },
    });
    expect(after.statusCode).toBe(303);
    expect(after.headers.location).toBe('/console/login');
  });

  it('asks an administrator first too, and logs in as the other one only once confirmed', async () => {
    const first = await createAdmin(context.db);
    const other = await createAdmin(context.db);
    const { cookie } = await adminLogIn(context.app, first.email);
    const otherFields = { email: other.email, password: ADMIN_PASSWORD };
    const asked = await postSignInForm(context.app, {
      url: '/admin/login',
      fields: otherFields,
      cookie,
      remoteAddress: freshAddress(),
    });
    expect(asked.statusCode).toBe(200);
    expect(sessionCookieSet(asked)).toBe(false);
    expect(asked.body).toContain(`This browser is logged in as ${first.email}`);
    expect(asked.body).toContain('name="switch" value="confirmed"');
    expect((await context.app.inject({ method: 'GET', url: '/admin', headers: { cookie } })).statusCode).toBe(
      200,
    );

    const confirmed = await postSignInForm(context.app, {
      url: '/admin/login',
      fields: { ...otherFields, switch: 'confirmed' },
      cookie,
      remoteAddress: freshAddress(),
    });
    expect(confirmed.statusCode).toBe(303);
    expect(sessionCookieSet(confirmed)).toBe(true);
    // The first administrator's session ended with the switch.
    const after = await context.app.inject({ method: 'GET', url: '/admin', headers: { cookie } });
    expect(after.statusCode).toBe(303);
    expect(after.headers.location).toBe('/admin/login');
  });

  it('tells a browser signed in as someone else, on the invitation page, that accepting signs them out here', async () => {
    const victimCookie = await victimSignsIn();
    const inviteeEmail = `invitee-${Date.now()}@example.org`;
    const { token } = await invite(context.db, accountId, inviteeEmail, 'viewer');
    const page = await context.app.inject({
      method: 'GET',
      url: `/console/invitations/${token}`,
      headers: { cookie: victimCookie },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(
      `This browser is signed in as ${victimEmail}. Accepting this invitation signs ${victimEmail} out here and signs you in as ${inviteeEmail}.`,
    );
    // Without a session the page has no such notice.
    const plain = await context.app.inject({ method: 'GET', url: `/console/invitations/${token}` });
    expect(plain.body).not.toContain('This browser is signed in as');

    const accepted = await postSignInForm(context.app, {
      url: `/console/invitations/${token}`,
      fields: { password: MEMBER_PASSWORD, password_again: MEMBER_PASSWORD },
      cookie: victimCookie,
      remoteAddress: freshAddress(),
    });
    expect(accepted.statusCode).toBe(303);
    expect(sessionCookieSet(accepted)).toBe(true);
    // The session the acceptance replaced ended.
    const after = await context.app.inject({
      method: 'GET',
      url: '/console',
      headers: { cookie: victimCookie },
    });
    expect(after.statusCode).toBe(303);
    expect(after.headers.location).toBe('/console/login');
  });

  it('signs the same person in again without asking', async () => {
    const again = await postSignInForm(context.app, {
      url: '/console/login',
      fields: { email: victimEmail, password: MEMBER_PASSWORD },
      cookie: await victimSignsIn(),
      remoteAddress: freshAddress(),
    });
    expect(again.statusCode).toBe(303);
  });
});
