import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../src/modules/accounts/accounts.service.js';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import { inviteMember } from '../../src/modules/members/invitations.service.js';
import { relyingParty } from '../../src/modules/passkeys/passkeys.service.js';
import { tokenHash } from '../../src/modules/web-pages/web-sessions.js';
import { startMailServer, type MailServer } from '../helpers/mail-server.js';
import { postSignInForm } from '../helpers/sign-in-forms.js';
import { SoftwareAuthenticator } from '../helpers/software-authenticator.js';
import { createTestContext, type TestContext } from '../helpers/test-app.js';
import { get, linkIn, mailsTo, mailsWithLink, pathOf, post, PUBLIC_URL, tokenOf } from './mail-helpers.js';
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

/**
 * Issue #48, items 4 and 7, over real SMTP (smtp-server with STARTTLS and AUTH, read with mailparser): invitations
 * by mail, the address an invitee proves by accepting from the mailed link, proving an address later from the
 * account page, signing in with a link by e-mail, joining the other sign-ins of a proven address, and the sending
 * limits (docs/members.md, docs/mail.md).
 */
const PER_ACCOUNT = 6;
const PER_RECIPIENT = 3;

let server: MailServer;
let context: TestContext;
let counter = 0;
const address = (name = 'person') => `${name}${++counter}-${Date.now()}@galerie.example`;
const newAccount = async (name = 'Galerie Lumière') =>
  (await createAccount(context.db, { name: `${name} ${++counter}` })).id;

beforeAll(async () => {
  server = await startMailServer();
  context = await createTestContext({
    config: {
      ...server.config,
      AVS_PUBLIC_URL: PUBLIC_URL,
      AVS_MAIL_LIMIT_PER_ACCOUNT: PER_ACCOUNT,
      AVS_MAIL_LIMIT_PER_RECIPIENT: PER_RECIPIENT,
    },
  });
});
afterAll(async () => {
  await context.close();
  await server.close();
});

/** An owner of a new account, signed in to the console (invited by the operator, joined by the shown link). */
async function owner(accountName?: string) {
  const accountId = await newAccount(accountName);
  const email = address('owner');
  const member = await joinedMember(context.app, context.db, accountId, email);
  return { accountId, email, ...member };
}

/** The owner invites on the console's members page: the answer, and the link it shows once. */
async function inviteOnPage(inviter: { cookie: string; csrf: string }, email: string, role = 'editor') {
  const answer = await post(context.app, '/console/members', inviter.cookie, {
    _csrf: inviter.csrf,
    email,
    role,
  });
  const shown = /<code id="invitation-link">([^<]+)<\/code>/.exec(answer.body)?.[1];
  return { answer, shown };
}

async function personOf(email: string) {
  const { rows } = await context.db.query<{ id: string; proven: boolean }>(
    'SELECT id, address_proven_at IS NOT NULL AS proven FROM people WHERE email = $1 ORDER BY created_at',
    [email],
  );
  return rows;
}

async function outboxRows(filter: { to: string; kind?: string }) {
  const { rows } = await context.db.query<{ kind: string; text_body: string | null }>(
    'SELECT kind, text_body FROM mail_outbox WHERE recipient = $1 AND ($2::text IS NULL OR kind = $2) ORDER BY created_at',
    [filter.to, filter.kind ?? null],
  );
  return rows;
}

describe('an invitation by mail', () => {
  it('arrives over SMTP in the inviter’s language, both parts, its own link under AVS_PUBLIC_URL; accepting from it proves the address', async () => {
    const inviter = await owner('Galerie Lumière');
    await context.db.query("UPDATE people SET language = 'fr' WHERE email = $1", [inviter.email]);
    const editor = address('editor');
    const { answer, shown } = await inviteOnPage(inviter, editor);
    expect(answer.statusCode).toBe(201);
    // The page says where the invitation went, and still shows a link to pass on, once.
    expect(answer.body).toContain(`Nous l’avons envoyée à ${editor}`);
    expect(shown).toMatch(new RegExp(`^${PUBLIC_URL}/console/invitations/[A-Za-z0-9_-]{43}$`));

    const [mail] = await mailsTo(context, server, editor);
    expect(mail!.subject).toMatch(/^Galerie Lumière \d+ vous invite à les rejoindre$/);
    expect(mail!.messageId).toMatch(/^<[0-9a-f-]{36}@verify\.example\.com>$/);
    expect(mail!.headers.get('content-language')).toBe('fr');
    expect(mail!.headers.get('auto-submitted')).toBe('auto-generated');
    expect(mail!.headers.has('list-unsubscribe')).toBe(false);
    expect(mail!.text).toContain('en tant que éditeur');
    expect(mail!.text).toContain('confirme aussi que cette adresse est la vôtre');
    const mailed = linkIn(mail!, '/console/invitations/');
    expect(mail!.html).toContain(`href="${mailed}"`);
    // Two links: the one shown to the inviter is not the one in the mailbox.
    expect(mailed).not.toBe(shown);
    // Its body is not kept once sent (it carries a one-time link).
    expect((await outboxRows({ to: editor, kind: 'invitation' }))[0]!.text_body).toBeNull();

    const page = await get(context.app, pathOf(mailed));
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`confirms that ${editor} is your address`);
    expect((await personOf(editor))[0]!.proven).toBe(false);
    expect((await accept(context.app, tokenOf(mailed))).statusCode).toBe(303);
    expect((await personOf(editor))[0]!.proven).toBe(true);
    // The shown link was of the same invitation: used now.
    expect((await get(context.app, pathOf(shown!))).statusCode).toBe(410);
  });

  it('is written in the invitee’s own language when they chose one; accepting from the shown link proves nothing', async () => {
    const first = await owner();
    const polyglot = address('polyglot');
    // Joined from the mail of one account: proven, and chose Japanese.
    await inviteOnPage(first, polyglot);
    const [invitation] = await mailsTo(context, server, polyglot);
    expect(
      (await accept(context.app, tokenOf(linkIn(invitation!, '/console/invitations/')))).statusCode,
    ).toBe(303);
    await context.db.query("UPDATE people SET language = 'ja' WHERE email = $1", [polyglot]);

    const second = await owner();
    const { answer } = await inviteOnPage(second, polyglot, 'viewer');
    expect(answer.statusCode).toBe(201);
    const mails = await mailsTo(context, server, polyglot, 2);
    const japanese = mails[1]!;
    expect(japanese.headers.get('content-language')).toBe('ja');
    expect(japanese.subject).toContain('からの招待');
    // A proven invitee accepts as themselves.
    expect(japanese.text).toContain('すでにお使いのパスワードかパスキーで承諾します');

    // A new address joined by the link shown on the page: the address is not proven.
    const passedOn = address('passed-on');
    const { shown } = await inviteOnPage(second, passedOn);
    expect((await accept(context.app, tokenOf(shown!))).statusCode).toBe(303);
    expect(await personOf(passedOn)).toEqual([expect.objectContaining({ proven: false })]);
  });

  it('re-inviting an active member stays 409, and nothing is mailed', async () => {
    const inviter = await owner();
    const member = address('member');
    const { shown } = await inviteOnPage(inviter, member);
    expect((await accept(context.app, tokenOf(shown!))).statusCode).toBe(303);
    const before = (await outboxRows({ to: member })).length;
    const again = await inviteOnPage(inviter, member);
    expect(again.answer.statusCode).toBe(409);
    expect(await outboxRows({ to: member })).toHaveLength(before);
  });
});

describe('sending limits (item 7)', () => {
  it('refuses a flood of invitations from one account with 429 rate_limited and Retry-After, before it becomes mail', async () => {
    const inviter = await owner();
    // The operator's invitation of the owner counted once already.
    for (let sent = 1; sent < PER_ACCOUNT; sent++) {
      expect((await inviteOnPage(inviter, address('flood'))).answer.statusCode).toBe(201);
    }
    const refusedAddress = address('flood');
    const refused = await inviteOnPage(inviter, refusedAddress);
    expect(refused.answer.statusCode).toBe(429);
    expect(refused.answer.body).toContain('as many invitations as it may this hour');
    expect(refused.shown).toBeUndefined();
    expect(await outboxRows({ to: refusedAddress })).toHaveLength(0);
    expect(await personOf(refusedAddress)).toHaveLength(0);

    // The service's own answer, as the admin API and `avs members invite` get it: 429 with Retry-After.
    const error = await inviteMember(context.db, {
      accountId: inviter.accountId,
      email: refusedAddress,
      role: 'viewer',
      actor: { admin: true },
      baseUrl: PUBLIC_URL,
      limits: { perAccount: PER_ACCOUNT, perRecipient: PER_RECIPIENT },
    }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'rate_limited', detail: 'mail_account', statusCode: 429 });
    const retryAfter = Number((error as { headers: Record<string, string> }).headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3000);
    expect(retryAfter).toBeLessThanOrEqual(3600);
  });

  it('refuses invitations to one address past its limit, whichever accounts send them', async () => {
    const target = address('target');
    for (let sent = 0; sent < PER_RECIPIENT; sent++) {
      const inviter = await owner();
      expect((await inviteOnPage(inviter, target)).answer.statusCode).toBe(201);
    }
    const late = await owner();
    const refused = await inviteOnPage(late, target);
    expect(refused.answer.statusCode).toBe(429);
    expect(refused.answer.body).toContain('This address has been sent as many messages as it may this hour');
    expect(await outboxRows({ to: target, kind: 'invitation' })).toHaveLength(PER_RECIPIENT);
  });

  it('checks addresses for syntax and length only', async () => {
    const inviter = await owner();
    expect((await inviteOnPage(inviter, 'not an address')).answer.statusCode).toBe(400);
    expect((await inviteOnPage(inviter, `${'a'.repeat(310)}@example.org`)).answer.statusCode).toBe(400);
    // A domain that resolves nowhere is an address like any other: nothing is looked up.
    expect(
      (await inviteOnPage(inviter, address('nowhere').replace('galerie.example', 'no-such-domain.invalid')))
        .answer.statusCode,
    ).toBe(201);
  });
});

describe('proving an address later, from the account page', () => {
  it('mails a single-use link that only the sign-in that asked for it confirms', async () => {
    const accountId = await newAccount();
    const email = address('later');
    const member = await joinedMember(context.app, context.db, accountId, email, 'viewer');
    const account = await get(context.app, '/console/account', member.cookie);
    expect(account.body).toContain('Prove your address');
    expect(account.body).toContain(`${email} is not confirmed yet`);

    const asked = await post(context.app, '/console/account/prove-address', member.cookie, {
      _csrf: member.csrf,
    });
    expect(asked.statusCode).toBe(303);
    expect((await get(context.app, '/console/account', member.cookie)).body).toContain(
      `We have sent a link to ${email}`,
    );
    const [mail] = await mailsWithLink(context, server, email, '/console/prove-address/');
    expect(mail!.subject).toBe('Confirm your address on Asset Verification Service');
    expect(mail!.headers.has('list-unsubscribe')).toBe(false);
    const link = linkIn(mail!, '/console/prove-address/');
    // Stored hashed only.
    const { rows } = await context.db.query<{ token_hash: string; hours: number }>(
      `SELECT token_hash, (extract(epoch FROM expires_at - created_at) / 3600)::float8 AS hours
       FROM person_mail_links WHERE purpose = 'prove_address' AND email = $1`,
      [email],
    );
    expect(rows).toEqual([{ token_hash: tokenHash(tokenOf(link)), hours: 24 }]);

    // Not signed in, or signed in as someone else: no button, and confirming is refused.
    const anonymous = await get(context.app, pathOf(link));
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.body).toContain('Only the sign-in that asked for this link can confirm it');
    expect(anonymous.body).not.toContain(`action="${pathOf(link)}"`);
    const stranger = await joinedMember(context.app, context.db, accountId, address('stranger'), 'viewer');
    expect((await get(context.app, pathOf(link), stranger.cookie)).body).not.toContain(
      `action="${pathOf(link)}"`,
    );
    expect(
      (await post(context.app, pathOf(link), stranger.cookie, { _csrf: stranger.csrf })).statusCode,
    ).toBe(403);
    expect((await personOf(email))[0]!.proven).toBe(false);

    // The person who asked confirms it.
    const own = await get(context.app, pathOf(link), member.cookie);
    expect(own.body).toContain(`action="${pathOf(link)}"`);
    const confirmed = await post(context.app, pathOf(link), member.cookie, { _csrf: member.csrf });
    expect(confirmed.statusCode).toBe(303);
    expect((await personOf(email))[0]!.proven).toBe(true);
    const after = await get(context.app, '/console/account', member.cookie);
    expect(after.body).toContain('Your address is confirmed.');
    expect(after.body).toContain(`${email} is confirmed`);
    expect(after.body).not.toContain('Prove your address');
    // Once only.
    expect((await post(context.app, pathOf(link), member.cookie, { _csrf: member.csrf })).statusCode).toBe(
      410,
    );
    expect((await get(context.app, pathOf(link))).body).toContain('already been used');
  });

  it('expires after 24 hours', async () => {
    const email = address('slow');
    const member = await joinedMember(context.app, context.db, await newAccount(), email, 'viewer');
    await post(context.app, '/console/account/prove-address', member.cookie, { _csrf: member.csrf });
    const [mail] = await mailsWithLink(context, server, email, '/console/prove-address/');
    const link = linkIn(mail!, '/console/prove-address/');
    await context.db.query(
      "UPDATE person_mail_links SET expires_at = now() - interval '1 second' WHERE token_hash = $1",
      [tokenHash(tokenOf(link))],
    );
    const page = await get(context.app, pathOf(link), member.cookie);
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain('This link has expired');
    expect((await post(context.app, pathOf(link), member.cookie, { _csrf: member.csrf })).statusCode).toBe(
      410,
    );
    expect((await personOf(email))[0]!.proven).toBe(false);
  });
});

/** Asks for a sign-in link as a browser does (the page's pre-session token); the answer's words without tokens. */
async function askSignInLink(email: string) {
  const answer = await postSignInForm(context.app, {
    url: '/console/email-sign-in',
    fields: { email },
    remoteAddress: freshAddress(),
  });
  const words = answer.body
    .replace(/name="_csrf" value="[^"]+"/g, '')
    .replaceAll(email, 'ADDRESS')
    .replace(/nonce="[^"]+"/g, '');
  return { answer, words };
}

describe('signing in with a link by e-mail', () => {
  it('sends a link to a proven address only, answering the same for any address', async () => {
    const login = await get(context.app, '/console/login');
    expect(login.body).toContain('href="/console/email-sign-in"');
    expect((await get(context.app, '/console/email-sign-in')).statusCode).toBe(200);

    const inviter = await owner();
    const proven = address('proven');
    await inviteOnPage(inviter, proven);
    const [invitation] = await mailsTo(context, server, proven);
    expect(
      (await accept(context.app, tokenOf(linkIn(invitation!, '/console/invitations/')))).statusCode,
    ).toBe(303);
    const unproven = address('unproven');
    await joinedMember(context.app, context.db, inviter.accountId, unproven, 'viewer');

    const answers = await Promise.all(
      [proven, unproven, address('unknown')].map(async (email) => askSignInLink(email)),
    );
    for (const { answer, words } of answers) {
      expect(answer.statusCode).toBe(200);
      expect(words).toBe(answers[0]!.words);
      expect(words).toContain(
        'If ADDRESS is the confirmed address of a member, a sign-in link is on its way',
      );
    }
    expect(await outboxRows({ to: unproven, kind: 'sign_in_link' })).toHaveLength(0);
    const [mail] = await mailsWithLink(context, server, proven, '/console/email-sign-in/');
    expect(mail!.subject).toBe('Your sign-in link for Asset Verification Service');
    const link = linkIn(mail!, '/console/email-sign-in/');
    const { rows } = await context.db.query<{ minutes: number }>(
      `SELECT (extract(epoch FROM expires_at - created_at) / 60)::float8 AS minutes FROM person_mail_links
       WHERE token_hash = $1`,
      [tokenHash(tokenOf(link))],
    );
    expect(rows).toEqual([{ minutes: 15 }]);

    // Opening the link signs nobody in (a mail scanner opens links too); its button does.
    const page = await get(context.app, pathOf(link));
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`Sign in as ${proven}.`);
    expect(String(page.headers['set-cookie'] ?? '')).not.toContain('avs_member_session=');
    const signedIn = await postSignInForm(context.app, { url: pathOf(link), fields: {} });
    expect(signedIn.statusCode).toBe(303);
    expect(signedIn.headers.location).toBe('/console');
    const home = await get(context.app, '/console', cookieOf(signedIn));
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain(proven);
    // Once only.
    expect((await postSignInForm(context.app, { url: pathOf(link), fields: {} })).statusCode).toBe(410);
    expect((await get(context.app, pathOf(link))).statusCode).toBe(410);
  });

  it('expires after 15 minutes; a newer link ends the older; past the per-address limit nothing more is sent', async () => {
    const inviter = await owner();
    const email = address('hurried');
    await inviteOnPage(inviter, email);
    const [invitation] = await mailsTo(context, server, email);
    await accept(context.app, tokenOf(linkIn(invitation!, '/console/invitations/')));

    await askSignInLink(email);
    const [firstMail] = await mailsWithLink(context, server, email, '/console/email-sign-in/');
    const first = linkIn(firstMail!, '/console/email-sign-in/');
    await askSignInLink(email);
    const secondMail = (await mailsWithLink(context, server, email, '/console/email-sign-in/', 2))[1];
    const second = linkIn(secondMail!, '/console/email-sign-in/');
    expect((await get(context.app, pathOf(first))).statusCode).toBe(410);
    await context.db.query(
      "UPDATE person_mail_links SET expires_at = now() - interval '1 second' WHERE token_hash = $1",
      [tokenHash(tokenOf(second))],
    );
    expect((await postSignInForm(context.app, { url: pathOf(second), fields: {} })).statusCode).toBe(410);

    // The invitation and two links make three, the most one address gets in an hour: the answer stays the same.
    const { answer } = await askSignInLink(email);
    expect(answer.statusCode).toBe(200);
    expect(await outboxRows({ to: email, kind: 'sign_in_link' })).toHaveLength(2);
  });
});

describe('joining the other sign-ins of a proven address', () => {
  it('the proven person signs in with the other sign-in’s password: its memberships join, and it ends', async () => {
    const address_ = address('joiner');
    // Account A's link, passed on by hand: a sign-in of A alone, unproven, with its own password.
    const accountA = await newAccount('Atelier');
    const { token } = await invite(context.db, accountA, address_, 'editor');
    const otherPassword = 'the other sign-in’s own passphrase';
    expect((await accept(context.app, token, otherPassword)).statusCode).toBe(303);
    // Account B's invitation by mail: accepted from the mailbox, so proven.
    const inviterB = await owner('Bureau');
    await inviteOnPage(inviterB, address_, 'viewer');
    const mail = (await mailsTo(context, server, address_, 2)).find((one) => one.subject?.includes('Bureau'));
    const joined = await accept(context.app, tokenOf(linkIn(mail!, '/console/invitations/')));
    expect(joined.statusCode).toBe(303);
    const cookie = cookieOf(joined);
    const csrf = await csrfOf(context.app, cookie);

    const account = await get(context.app, '/console/account', cookie);
    expect(account.body).toContain('One other sign-in');
    const wrong = await post(context.app, '/console/account/join-sign-in', cookie, {
      _csrf: csrf,
      join_password: MEMBER_PASSWORD,
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('That is not the password of another sign-in of your address.');

    const right = await post(context.app, '/console/account/join-sign-in', cookie, {
      _csrf: csrf,
      join_password: otherPassword,
    });
    expect(right.statusCode).toBe(303);
    const after = await get(context.app, '/console/account', cookie);
    expect(after.body).toMatch(/The other sign-in is joined to this one: Atelier \d+ now open here\./);
    expect(after.body).not.toContain('Other sign-ins of your address');
    // One person of the address now, a member of both accounts; the other password opens nothing.
    expect(await personOf(address_)).toEqual([expect.objectContaining({ proven: true })]);
    const home = await get(context.app, '/console', cookie);
    expect(home.body).toContain('action="/console/switch"');
    expect((await signIn(context.app, address_, otherPassword)).statusCode).toBe(401);
  });

  it('with a passkey of the other sign-in, through the ceremony console.js drives', async () => {
    const email = address('keyholder');
    const authenticator = new SoftwareAuthenticator(relyingParty(context.config).origin);
    type Started = {
      mode: 'register' | 'authenticate';
      challenge_token: string;
      options: PublicKeyCredentialCreationOptionsJSON & PublicKeyCredentialRequestOptionsJSON;
    };
    const json = (url: string, body: unknown, headers: Record<string, string> = {}) =>
      context.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json', ...headers },
        payload: JSON.stringify(body),
        remoteAddress: freshAddress(),
      });
    // Account A's shown link, accepted with a passkey: a sign-in of A alone, passkeys only.
    const accountA = await newAccount('Atelier');
    const { token } = await invite(context.db, accountA, email, 'editor');
    const registration = (await json(`/console/invitations/${token}/passkey/options`, {})).json<Started>();
    expect(registration.mode).toBe('register');
    const registered = await json(`/console/invitations/${token}/passkey`, {
      challenge_token: registration.challenge_token,
      response: authenticator.register(registration.options),
    });
    expect(registered.statusCode).toBe(200);
    // Account B's invitation by mail, accepted with a password: proven.
    const inviterB = await owner('Bureau');
    await inviteOnPage(inviterB, email, 'viewer');
    const mail = (await mailsTo(context, server, email, 2)).find((one) => one.subject?.includes('Bureau'));
    const joined = await accept(context.app, tokenOf(linkIn(mail!, '/console/invitations/')));
    const cookie = cookieOf(joined);
    const session = { cookie, 'x-csrf-token': await csrfOf(context.app, cookie) };

    const started = await json('/console/account/join-sign-in/passkey/options', {}, session);
    expect(started.statusCode).toBe(200);
    const ceremony = started.json<Started>();
    expect(ceremony.mode).toBe('authenticate');
    const answered = await json(
      '/console/account/join-sign-in/passkey',
      { challenge_token: ceremony.challenge_token, response: authenticator.authenticate(ceremony.options) },
      session,
    );
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toEqual({ redirect: '/console/account' });
    expect(await personOf(email)).toEqual([expect.objectContaining({ proven: true })]);
    const { rows } = await context.db.query<{ account_id: string }>(
      `SELECT m.account_id FROM account_members m JOIN people p ON p.id = m.person_id WHERE p.email = $1`,
      [email],
    );
    expect(rows.map((row) => row.account_id)).toContain(accountA);
    // The joined sign-in's passkey went with it: it signs nobody in.
    const signInCeremony = (await json('/console/passkey-sign-in/options', {})).json<Started>();
    const refused = await json('/console/passkey-sign-in', {
      challenge_token: signInCeremony.challenge_token,
      response: authenticator.authenticate(signInCeremony.options),
    });
    expect(refused.statusCode).toBe(400);
  });
});
