import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../src/modules/accounts/accounts.service.js';
import { mailSettings } from '../../src/modules/mail/mail-settings.js';
import { requestPasswordReset } from '../../src/modules/members/password-reset.service.js';
import { relyingParty } from '../../src/modules/passkeys/passkeys.service.js';
import {
  RESET_REQUESTS_PER_ADDRESS,
  RESET_REQUESTS_PER_CLIENT,
} from '../../src/modules/password-resets/password-resets.service.js';
import { tokenHash } from '../../src/modules/web-pages/web-sessions.js';
import { runAvsInProcess } from '../helpers/cli-in-process.js';
import { linksIn, startMailServer, type MailServer } from '../helpers/mail-server.js';
import { englishOutsideCatalogue, textOfPage } from '../helpers/pseudo-language.js';
import { postSignInForm } from '../helpers/sign-in-forms.js';
import { SoftwareAuthenticator } from '../helpers/software-authenticator.js';
import { createTestContext, type TestContext } from '../helpers/test-app.js';
import { createAdmin } from '../admin/admin-helpers.js';
import {
  accept,
  cookieOf,
  csrfOf,
  freshAddress,
  invite,
  joinedMember,
  MEMBER_PASSWORD,
  signIn,
} from './member-helpers.js';

// Issue #48 item 5, a way back in: "Forgot your password?" at /console, the link it mails over real SMTP, the page
// that sets a new password, the notice that follows, the throttle, a person with passkeys only, and the operator's
// `avs members recover`. Both databases.
const PUBLIC_URL = 'https://verify.example.com';
const NEW_PASSWORD = 'a brand new and uncommon passphrase';

let context: TestContext;
let server: MailServer;
let counter = 0;
const address = () => `reset${++counter}-${Date.now()}@galerie.example`;
const newAccount = async (name = `Gallery ${++counter}`) => (await createAccount(context.db, { name })).id;

beforeAll(async () => {
  server = await startMailServer();
  context = await createTestContext({ config: { ...server.config, AVS_PUBLIC_URL: PUBLIC_URL } });
});
afterAll(async () => {
  await context?.close();
  await server?.close();
});

function forgot(email: string, options: { remoteAddress?: string; headers?: Record<string, string> } = {}) {
  return postSignInForm(context.app, {
    url: '/console/forgot-password',
    fields: { email },
    remoteAddress: options.remoteAddress ?? freshAddress(),
    headers: options.headers,
  });
}

function setPassword(token: string, password = NEW_PASSWORD, again = password) {
  return postSignInForm(context.app, {
    url: `/console/reset-password/${token}`,
    fields: { password, password_again: again },
    remoteAddress: freshAddress(),
  });
}

const openLink = (token: string) =>
  context.app.inject({ method: 'GET', url: `/console/reset-password/${token}` });

async function queued(recipient: string, kind?: string) {
  const { rows } = await context.db.query<{ kind: string; language: string; carries_secret_link: boolean }>(
    `SELECT kind, language, carries_secret_link FROM mail_outbox
     WHERE recipient = $1 AND ($2::text IS NULL OR kind = $2) ORDER BY created_at, id`,
    [recipient, kind ?? null],
  );
  return rows;
}

/** Sends what is queued and answers the messages that reached the SMTP server for this address with this subject. */
async function delivered(recipient: string, subject: RegExp, count = 1): Promise<ParsedMail[]> {
  await context.app.mailWorker.drain();
  let found: ParsedMail[] = [];
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    found = server.received
      .filter((mail) => mail.to.includes(recipient) && subject.test(mail.parsed.subject ?? ''))
      .map((mail) => mail.parsed);
    if (found.length >= count) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(
    `${count} message(s) "${subject.source}" to ${recipient} did not arrive; ${found.length} did`,
  );
}

/** The reset link of a message, checked absolute under AVS_PUBLIC_URL in both its parts; its token. */
function resetLinkOf(mail: ParsedMail, path = '/console/reset-password/'): string {
  const link = linksIn(mail.text!).find((url) => url.startsWith(`${PUBLIC_URL}${path}`));
  expect(link, mail.text).toBeDefined();
  expect(mail.html).toContain(`href="${link}"`);
  return link!.split('/').pop()!;
}

async function passwordHashOf(email: string): Promise<string | null> {
  const { rows } = await context.db.query<{ password_hash: string | null }>(
    'SELECT password_hash FROM people WHERE email = $1',
    [email],
  );
  return rows[0]!.password_hash;
}

describe('forgot your password: the request', () => {
  it('the sign-in page links to it; its form carries the pre-session token', async () => {
    const login = await context.app.inject({ method: 'GET', url: '/console/login' });
    expect(login.body).toContain('href="/console/forgot-password"');
    expect(login.body).toContain('Forgot your password?');
    const page = await context.app.inject({ method: 'GET', url: '/console/forgot-password' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/<form method="post" action="\/console\/forgot-password"/);
    expect(page.body).toMatch(/name="_csrf" value="[^"]+"/);
    // Without the pre-session token nothing happens.
    const forged = await context.app.inject({
      method: 'POST',
      url: '/console/forgot-password',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=someone%40example.com',
    });
    expect(forged.statusCode).toBe(403);
  });

  it('answers a known and an unknown address with the same page and status; only the known one is mailed', async () => {
    const known = address();
    await joinedMember(context.app, context.db, await newAccount(), known, 'editor');
    const unknown = address();
    const [toKnown, toUnknown] = [await forgot(known), await forgot(unknown)];
    expect(toKnown.statusCode).toBe(200);
    expect(toUnknown.statusCode).toBe(200);
    expect(toKnown.body.replaceAll(known, 'ADDRESS')).toBe(toUnknown.body.replaceAll(unknown, 'ADDRESS'));
    expect(toKnown.body).toContain('Check your email');

    expect(await queued(known, 'password_reset')).toEqual([
      { kind: 'password_reset', language: 'en', carries_secret_link: true },
    ]);
    expect(await queued(unknown)).toEqual([]);
    // The same work for both: a row each, only the known one mailed.
    const { rows } = await context.db.query<{ email: string; mailed: boolean }>(
      'SELECT email, mailed FROM password_resets WHERE email = ANY($1) ORDER BY mailed',
      [[known, unknown]],
    );
    expect(rows).toEqual([
      { email: unknown, mailed: false },
      { email: known, mailed: true },
    ]);
    // A typed address that is no address is said on the form (nothing about who signs in here).
    const notAnAddress = await forgot('not an address');
    expect(notAnAddress.statusCode).toBe(400);
    expect(notAnAddress.body).toContain('is not an e-mail address');
  });

  it('throttles per recipient and per client address: past the limit the same page, and no mail', async () => {
    const known = address();
    await joinedMember(context.app, context.db, await newAccount(), known, 'viewer');
    const answers = [];
    for (let i = 0; i <= RESET_REQUESTS_PER_ADDRESS; i += 1) answers.push(await forgot(known));
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(await queued(known, 'password_reset')).toHaveLength(RESET_REQUESTS_PER_ADDRESS);

    // One client asking for many addresses: past its limit, a known address gets nothing either.
    const client = freshAddress();
    for (let i = 0; i < RESET_REQUESTS_PER_CLIENT; i += 1) {
      expect((await forgot(address(), { remoteAddress: client })).statusCode).toBe(200);
    }
    const another = address();
    await joinedMember(context.app, context.db, await newAccount(), another, 'viewer');
    const held = await forgot(another, { remoteAddress: client });
    expect(held.statusCode).toBe(200);
    expect(held.body).toContain('Check your email');
    expect(await queued(another, 'password_reset')).toEqual([]);
    // From elsewhere the address is served.
    expect((await forgot(another)).statusCode).toBe(200);
    expect(await queued(another, 'password_reset')).toHaveLength(1);
  });

  it('past the service’s sending limits to the address (AVS_MAIL_LIMIT_PER_RECIPIENT), nothing is queued either', async () => {
    const known = address();
    // Its invitation is the one message an hour this limit allows.
    await joinedMember(context.app, context.db, await newAccount(), known, 'viewer');
    expect(await queued(known, 'invitation')).toHaveLength(1);
    await requestPasswordReset(context.db, {
      email: known,
      clientBucket: freshAddress(),
      language: 'en',
      mail: { ...mailSettings(context.config), limits: { perAccount: 200, perRecipient: 1 } },
    });
    expect(await queued(known, 'password_reset')).toEqual([]);
    const { rows } = await context.db.query<{ mailed: boolean }>(
      'SELECT mailed FROM password_resets WHERE email = $1',
      [known],
    );
    expect(rows).toEqual([{ mailed: false }]);
  });

  it('writes in the person’s own language, else the language of the request', async () => {
    const french = address();
    await joinedMember(context.app, context.db, await newAccount(), french, 'editor');
    await context.db.query(`UPDATE people SET language = 'fr' WHERE email = $1`, [french]);
    await forgot(french, { headers: { 'accept-language': 'de' } });
    const [inFrench] = await delivered(french, /nouveau mot de passe/);
    expect(inFrench!.headers.get('content-language')).toBe('fr');

    const german = address();
    await joinedMember(context.app, context.db, await newAccount(), german, 'editor');
    await forgot(german, { headers: { 'accept-language': 'de' } });
    const [inGerman] = await delivered(german, /Neues Passwort/);
    expect(inGerman!.headers.get('content-language')).toBe('de');
    expect(inGerman!.text).toContain('Neues Passwort wählen');
  });
});

describe('the mailed link', () => {
  it('arrives over SMTP with both parts and an absolute link, no List-Unsubscribe; it works once and ends every session', async () => {
    const accountId = await newAccount();
    const email = address();
    await joinedMember(context.app, context.db, accountId, email, 'owner');
    const sessions = [cookieOf(await signIn(context.app, email)), cookieOf(await signIn(context.app, email))];
    for (const cookie of sessions) {
      expect(
        (await context.app.inject({ method: 'GET', url: '/console', headers: { cookie } })).statusCode,
      ).toBe(200);
    }

    expect((await forgot(email)).statusCode).toBe(200);
    const [mail] = await delivered(email, /^Choose a new password for /);
    expect(mail!.subject).toBe('Choose a new password for Asset Verification Service');
    expect(mail!.headers.has('list-unsubscribe')).toBe(false);
    expect(mail!.headers.get('auto-submitted')).toBe('auto-generated');
    expect(mail!.text).toContain(`a new password for ${email}`);
    expect(mail!.text).toContain('within an hour');
    expect(mail!.html).toContain('Choose a new password');
    const token = resetLinkOf(mail!);

    const page = await openLink(token);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Choose a new password');
    expect(page.body).toContain(`value="${email}"`);
    expect(page.body).toContain('autocomplete="new-password"');

    // The rules of a new password, said on the page; nothing changes.
    const tooShort = await setPassword(token, 'short');
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.body).toContain('at least 12 characters');
    const differ = await setPassword(token, NEW_PASSWORD, `${NEW_PASSWORD}!`);
    expect(differ.statusCode).toBe(400);
    expect(differ.body).toContain('The two passwords differ.');
    expect((await signIn(context.app, email, MEMBER_PASSWORD)).statusCode).toBe(303);

    const done = await setPassword(token);
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Your password is changed');
    expect(done.body).toContain('href="/console/login"');
    expect(done.headers['set-cookie'] ?? '').not.toContain('avs_member_session');

    // Every session ended (the ones signed in just before the reset too); the old password no longer works.
    for (const cookie of sessions) {
      const home = await context.app.inject({ method: 'GET', url: '/console', headers: { cookie } });
      expect(home.statusCode).toBe(303);
      expect(home.headers.location).toBe('/console/login');
    }
    expect((await signIn(context.app, email, MEMBER_PASSWORD)).statusCode).toBe(401);
    expect((await signIn(context.app, email, NEW_PASSWORD)).statusCode).toBe(303);

    // Once only.
    const again = await setPassword(token, 'yet another uncommon passphrase');
    expect(again.statusCode).toBe(410);
    expect(again.body).toContain('This link has already been used');
    const reopened = await openLink(token);
    expect(reopened.statusCode).toBe(410);
    expect(reopened.body).toContain('href="/console/forgot-password"');
    expect((await signIn(context.app, email, NEW_PASSWORD)).statusCode).toBe(303);

    // The notice, a security message: no List-Unsubscribe, its link absolute.
    const [notice] = await delivered(email, /was changed$/);
    expect(notice!.subject).toBe('Your password for Asset Verification Service was changed');
    expect(notice!.headers.has('list-unsubscribe')).toBe(false);
    expect(notice!.headers.has('list-unsubscribe-post')).toBe(false);
    expect(notice!.text).toContain(`The password of ${email}`);
    expect(notice!.text).toContain('Every session signed in before the change has ended');
    expect(linksIn(notice!.text!)).toContain(`${PUBLIC_URL}/console/forgot-password`);
    expect(notice!.html).toContain(`href="${PUBLIC_URL}/console/forgot-password"`);
    expect(await queued(email, 'password_changed')).toEqual([
      { kind: 'password_changed', language: 'en', carries_secret_link: false },
    ]);

    const { rows } = await context.db.query<{ action: string }>(
      `SELECT action FROM account_audit_log WHERE account_id = $1 AND action = 'password.reset'`,
      [accountId],
    );
    expect(rows).toHaveLength(1);
  });

  it('expires an hour after it is sent (the row moved back an hour, not waited for)', async () => {
    const email = address();
    await joinedMember(context.app, context.db, await newAccount(), email, 'editor');
    await forgot(email);
    const token = resetLinkOf((await delivered(email, /^Choose a new password/))[0]!);
    const { rows } = await context.db.query<{ lifetime_s: number }>(
      `SELECT extract(epoch FROM expires_at - created_at)::int AS lifetime_s FROM password_resets WHERE id = $1`,
      [tokenHash(token)],
    );
    expect(rows[0]!.lifetime_s).toBe(3600);
    await context.db.query(
      `UPDATE password_resets SET created_at = created_at - interval '3601 seconds',
         expires_at = expires_at - interval '3601 seconds' WHERE id = $1`,
      [tokenHash(token)],
    );
    const page = await openLink(token);
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain('This link has expired');
    expect((await setPassword(token)).statusCode).toBe(410);
    expect((await signIn(context.app, email, MEMBER_PASSWORD)).statusCode).toBe(303);
    // Unknown, cut or foreign tokens: a page saying the link is not valid.
    const unknown = await openLink('A'.repeat(43));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('This link is not valid');
    expect((await openLink('short')).statusCode).toBe(404);
  });

  it('a newer link and the link used end the older ones', async () => {
    const email = address();
    await joinedMember(context.app, context.db, await newAccount(), email, 'editor');
    await forgot(email);
    await forgot(email);
    const [first, second] = await delivered(email, /^Choose a new password/, 2);
    const firstToken = resetLinkOf(first!);
    expect((await setPassword(resetLinkOf(second!))).statusCode).toBe(200);
    expect((await openLink(firstToken)).statusCode).toBe(410);
  });

  it('serves every sign-in of an address two accounts invited (each with its own password)', async () => {
    const email = address();
    const [one, two] = [await newAccount('Galerie Une'), await newAccount('Galerie Deux')];
    expect((await accept(context.app, (await invite(context.db, one, email)).token)).statusCode).toBe(303);
    const other = 'another long and uncommon passphrase';
    expect((await accept(context.app, (await invite(context.db, two, email)).token, other)).statusCode).toBe(
      303,
    );
    await forgot(email);
    expect(
      (await setPassword(resetLinkOf((await delivered(email, /^Choose a new password/))[0]!))).statusCode,
    ).toBe(200);
    // One password now opens both sign-ins: the page asks which account.
    const chosen = await signIn(context.app, email, NEW_PASSWORD);
    expect(chosen.statusCode).toBe(200);
    expect(chosen.body).toContain('Galerie Une');
    expect(chosen.body).toContain('Galerie Deux');
    expect((await signIn(context.app, email, other)).statusCode).toBe(401);
  });
});

/** What a passkey ceremony's `…/options` answers. */
interface Started {
  mode: 'register' | 'authenticate';
  challenge_token: string;
  options: PublicKeyCredentialCreationOptionsJSON & PublicKeyCredentialRequestOptionsJSON;
}

function postJson(url: string, body: unknown, remoteAddress: string) {
  return context.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
    remoteAddress,
  });
}

/** Accepts an invitation with a new passkey, as console.js does; answers the session cookie. */
async function joinWithPasskey(token: string, authenticator: SoftwareAuthenticator): Promise<string> {
  const remoteAddress = freshAddress();
  const started = await postJson(`/console/invitations/${token}/passkey/options`, {}, remoteAddress);
  const { challenge_token, options } = started.json<Started>();
  const joined = await postJson(
    `/console/invitations/${token}/passkey`,
    { challenge_token, response: authenticator.register(options) },
    remoteAddress,
  );
  expect(joined.statusCode).toBe(200);
  return cookieOf(joined);
}

async function passkeySignIn(authenticator: SoftwareAuthenticator): Promise<string> {
  const remoteAddress = freshAddress();
  const started = await postJson('/console/passkey-sign-in/options', {}, remoteAddress);
  const { challenge_token, options } = started.json<Started>();
  const signedIn = await postJson(
    '/console/passkey-sign-in',
    { challenge_token, response: authenticator.authenticate(options) },
    remoteAddress,
  );
  expect(signedIn.statusCode).toBe(200);
  return cookieOf(signedIn);
}

describe('a person who signs in with passkeys only', () => {
  it('gets no password from the link alone; signed in with the passkey, adds one on the account page', async () => {
    const accountId = await newAccount();
    const email = address();
    const authenticator = new SoftwareAuthenticator(relyingParty(context.config).origin);
    await joinWithPasskey((await invite(context.db, accountId, email, 'editor')).token, authenticator);
    expect(await passwordHashOf(email)).toBeNull();

    expect((await forgot(email)).statusCode).toBe(200);
    const [mail] = await delivered(email, /^Choose a new password/);
    expect(mail!.text).toContain('the link does not replace it');
    const token = resetLinkOf(mail!);
    const page = await openLink(token);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Sign in with your passkey');
    expect(page.body).not.toContain('type="password"');
    const refused = await setPassword(token);
    expect(refused.statusCode).toBe(200);
    expect(refused.body).toContain('Sign in with your passkey');
    expect(await passwordHashOf(email)).toBeNull();
    expect(await queued(email, 'password_changed')).toEqual([]);

    // Signed in with the passkey, the account page offers to add a password (no current one asked).
    const cookie = await passkeySignIn(authenticator);
    const account = await context.app.inject({ method: 'GET', url: '/console/account', headers: { cookie } });
    expect(account.body).toContain('Add a password');
    expect(account.body).not.toContain('name="current_password"');
    const csrf = await csrfOf(context.app, cookie);
    const add = (password: string, again = password, session = cookie, token_ = csrf) =>
      context.app.inject({
        method: 'POST',
        url: '/console/account/add-password',
        headers: { cookie: session, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ _csrf: token_, password, password_again: again }).toString(),
      });
    const common = await add('password1234');
    expect(common.statusCode).toBe(400);
    expect(common.body).toContain('one of the most used');
    const added = await add(NEW_PASSWORD);
    expect(added.statusCode).toBe(303);
    expect(added.headers.location).toBe('/console/account');
    const after = await context.app.inject({ method: 'GET', url: '/console/account', headers: { cookie } });
    expect(after.body).toContain('Password added');
    expect(after.body).toContain('name="current_password"');
    expect((await signIn(context.app, email, NEW_PASSWORD)).statusCode).toBe(303);
    // Once it has one, adding is refused: a password changes with the current one.
    expect((await add('a third uncommon passphrase here')).statusCode).toBe(409);
    // Without a session, the form leads to the sign-in page.
    const anonymous = await context.app.inject({
      method: 'POST',
      url: '/console/account/add-password',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'password=x',
    });
    expect(anonymous.statusCode).toBe(303);
    expect(anonymous.headers.location).toBe('/console/login');
  });
});

describe('avs members recover', () => {
  it('makes a link the operator passes on: it gives a password even to a passkey-only owner; audited', async () => {
    const accountId = await newAccount();
    const email = address();
    const authenticator = new SoftwareAuthenticator(relyingParty(context.config).origin);
    await joinWithPasskey((await invite(context.db, accountId, email, 'owner')).token, authenticator);

    const result = await runAvsInProcess(
      ['members', 'recover', '--account', accountId, '--email', email.toUpperCase(), '--json'],
      { db: context.db, config: { AVS_PUBLIC_URL: PUBLIC_URL } },
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const printed = JSON.parse(result.stdout) as Record<string, string>;
    expect(Object.keys(printed)).toEqual(['member_id', 'email', 'expires_at', 'url']);
    expect(printed.email).toBe(email);
    expect(printed.url).toMatch(
      /^https:\/\/verify\.example\.com\/console\/reset-password\/[A-Za-z0-9_-]{43}$/,
    );
    const hours = (Date.parse(printed.expires_at!) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    expect(await queued(email, 'account_recovery')).toEqual([]);

    const token = printed.url!.split('/').pop()!;
    const page = await openLink(token);
    expect(page.body).toContain('Choose a new password');
    expect((await setPassword(token)).statusCode).toBe(200);
    expect((await signIn(context.app, email, NEW_PASSWORD)).statusCode).toBe(303);
    expect((await openLink(token)).statusCode).toBe(410);

    const { rows } = await context.db.query<{ action: string; actor_admin: boolean; target: unknown }>(
      `SELECT action, actor_admin, target FROM account_audit_log
       WHERE account_id = $1 AND action IN ('recovery_link.created', 'password.reset') ORDER BY created_at, id`,
      [accountId],
    );
    expect(rows.map((row) => [row.action, row.actor_admin])).toEqual([
      ['recovery_link.created', true],
      ['password.reset', false],
    ]);
    expect(rows[0]!.target).toEqual({ member_id: printed.member_id });
  });

  it('--mail queues the link to the address instead of printing it; an unknown member is refused', async () => {
    const accountId = await newAccount('Galerie Lumière');
    const email = address();
    await joinedMember(context.app, context.db, accountId, email, 'owner');
    const mailed = await runAvsInProcess(
      ['members', 'recover', '--account', accountId, '--email', email, '--mail'],
      {
        db: context.db,
        config: { AVS_PUBLIC_URL: PUBLIC_URL },
      },
    );
    expect(mailed.code).toBe(0);
    expect(mailed.stdout).toMatch(/queued to that address/);
    expect(mailed.stdout).not.toContain('/reset-password/');
    const [mail] = await delivered(email, /^Sign in to .* again$/);
    expect(mail!.text).toContain('Galerie Lumière');
    expect(mail!.headers.has('list-unsubscribe')).toBe(false);
    expect((await openLink(resetLinkOf(mail!))).statusCode).toBe(200);
    expect(await queued(email, 'account_recovery')).toEqual([
      { kind: 'account_recovery', language: 'en', carries_secret_link: true },
    ]);

    const stranger = await runAvsInProcess(
      ['members', 'recover', '--account', accountId, '--email', address()],
      { db: context.db },
    );
    expect(stranger.code).not.toBe(0);
    expect(stranger.stderr).toContain('Member');
    const usage = await runAvsInProcess(['members', 'recover', '--account', accountId], { db: context.db });
    expect(usage.code).toBe(2);
  });
});

describe('the pseudo language on every page of the way back in', () => {
  const PSEUDO = '?lang=en-XA';
  function expectAllFromCatalogue(page: { body: string }, data: string[], what: string) {
    expect(/<html lang="([^"]+)"/.exec(page.body)?.[1], what).toBe('en-XA');
    expect(
      englishOutsideCatalogue(textOfPage(page.body), ['Asset Verification Service', ...data]),
      what,
    ).toEqual([]);
  }

  it('console: the request, its answer, the new password, the change, closed links, passkeys only, add a password', async () => {
    const email = address();
    await joinedMember(context.app, context.db, await newAccount(), email, 'owner');
    expectAllFromCatalogue(await context.app.inject({ url: `/console/login${PSEUDO}` }), [], 'sign-in');
    expectAllFromCatalogue(
      await context.app.inject({ url: `/console/forgot-password${PSEUDO}` }),
      [],
      'request',
    );
    const sent = await postSignInForm(context.app, {
      url: `/console/forgot-password${PSEUDO}`,
      fields: { email },
      remoteAddress: freshAddress(),
    });
    expectAllFromCatalogue(sent, [email], 'answer');
    const refused = await postSignInForm(context.app, {
      url: `/console/forgot-password${PSEUDO}`,
      fields: { email: 'nobody' },
      remoteAddress: freshAddress(),
    });
    expectAllFromCatalogue(refused, ['nobody'], 'refused address');
    const token = resetLinkOf((await delivered(email, /^Choose a new password/))[0]!);
    expectAllFromCatalogue(await openLink(`${token}${PSEUDO}`), [], 'new password');
    const done = await postSignInForm(context.app, {
      url: `/console/reset-password/${token}${PSEUDO}`,
      fields: { password: NEW_PASSWORD, password_again: NEW_PASSWORD },
      remoteAddress: freshAddress(),
    });
    expectAllFromCatalogue(done, [], 'changed');
    expectAllFromCatalogue(await openLink(`${token}${PSEUDO}`), [], 'used');
    expectAllFromCatalogue(await openLink(`${'A'.repeat(43)}${PSEUDO}`), [], 'unknown');

    const passkeyOnly = address();
    const authenticator = new SoftwareAuthenticator(relyingParty(context.config).origin);
    const cookie = await joinWithPasskey(
      (await invite(context.db, await newAccount('Galerie Lumière'), passkeyOnly, 'viewer')).token,
      authenticator,
    );
    await forgot(passkeyOnly);
    const passkeyToken = resetLinkOf((await delivered(passkeyOnly, /^Choose a new password/))[0]!);
    expectAllFromCatalogue(await openLink(`${passkeyToken}${PSEUDO}`), [], 'passkeys only');
    const account = await context.app.inject({ url: `/console/account${PSEUDO}`, headers: { cookie } });
    expect(account.body).toContain('action="/console/account/add-password"');
    expectAllFromCatalogue(account, [passkeyOnly, 'Galerie Lumière'], 'add a password');
  });

  it('/admin: the request, its answer, the new password, the change, closed links', async () => {
    const admin = await createAdmin(context.db);
    expectAllFromCatalogue(await context.app.inject({ url: `/admin/login${PSEUDO}` }), [], 'log-in');
    expectAllFromCatalogue(
      await context.app.inject({ url: `/admin/forgot-password${PSEUDO}` }),
      [],
      'request',
    );
    const sent = await postSignInForm(context.app, {
      url: `/admin/forgot-password${PSEUDO}`,
      fields: { email: admin.email },
      remoteAddress: freshAddress(),
    });
    expectAllFromCatalogue(sent, [admin.email], 'answer');
    const mail = (await delivered(admin.email, /^Choose a new password/))[0]!;
    const token = resetLinkOf(mail, '/admin/reset-password/');
    const page = await context.app.inject({ url: `/admin/reset-password/${token}${PSEUDO}` });
    expectAllFromCatalogue(page, [], 'new password');
    const done = await postSignInForm(context.app, {
      url: `/admin/reset-password/${token}${PSEUDO}`,
      fields: { password: NEW_PASSWORD, password_again: NEW_PASSWORD },
      remoteAddress: freshAddress(),
    });
    expectAllFromCatalogue(done, [], 'changed');
    expectAllFromCatalogue(
      await context.app.inject({ url: `/admin/reset-password/${token}${PSEUDO}` }),
      [],
      'used',
    );
  });
});
