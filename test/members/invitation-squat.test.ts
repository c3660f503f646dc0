import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import { describe, expect, it } from 'vitest';
import { createAccount } from '../../src/modules/accounts/accounts.service.js';
import { inviteMember } from '../../src/modules/members/invitations.service.js';
import { relyingParty } from '../../src/modules/passkeys/passkeys.service.js';
import { form, FORM } from '../admin/admin-helpers.js';
import { postSignInForm } from '../helpers/sign-in-forms.js';
import { SoftwareAuthenticator } from '../helpers/software-authenticator.js';
import { useTestContext } from '../helpers/test-app.js';
import { accept, cookieOf, csrfOf, freshAddress, invite, joinedMember, signIn } from './member-helpers.js';

/**
 * Issue #46, item 1: an invitation link proves only that someone holds it, not that they own its address. The
 * owner of one account invites another account's invitee and opens the link himself; the invitee's own link
 * must not then ask for "your current password", and the owner's password must never open the other account.
 */
const context = useTestContext();
let counter = 0;
const victimAddress = () => `victim${++counter}-${Date.now()}@example.org`;
const newAccount = async (name: string) => (await createAccount(context.db, { name })).id;
const origin = () => relyingParty(context.config).origin;
const get = (url: string, cookie?: string) =>
  context.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const post = (url: string, cookie: string, fields: Record<string, string>) =>
  context.app.inject({ method: 'POST', url, headers: { ...FORM, cookie }, payload: form(fields) });

const ATTACKER_PASSWORD = 'the squatter chose this one';
const VICTIM_PASSWORD = 'the invitee own passphrase';

/** Account A, whose invitee is the victim, and account B, whose owner squats the victim's address. */
async function scene() {
  const suffix = ++counter;
  const victimAccount = await newAccount(`Victim Gallery ${suffix}`);
  const attackerAccount = await newAccount(`Squatter Dealer ${suffix}`);
  const attacker = await joinedMember(
    context.app,
    context.db,
    attackerAccount,
    `squatter${suffix}-${Date.now()}@example.net`,
  );
  /** The attacker, as owner of B, invites an address through the console's members page: the link on the answer. */
  const attackerInvites = async (address: string) => {
    const created = await post('/console/members', attacker.cookie, {
      _csrf: attacker.csrf,
      email: address,
      role: 'owner',
    });
    expect(created.statusCode).toBe(201);
    return /<code id="invitation-link">http:\/\/[^<]+\/console\/invitations\/([^<]+)<\/code>/.exec(
      created.body,
    )![1]!;
  };
  return { victimAccount, attackerAccount, attacker, attackerInvites, suffix };
}

/** The console home of a session: which account it acts in, and which others the switcher offers. */
async function home(cookie: string) {
  const page = await get('/console', cookie);
  expect(page.statusCode).toBe(200);
  return page.body;
}

interface Started {
  mode: 'register' | 'authenticate';
  challenge_token: string;
  options: PublicKeyCredentialCreationOptionsJSON & PublicKeyCredentialRequestOptionsJSON;
}

function postJson(app: FastifyInstance, url: string, body: unknown, remoteAddress: string) {
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
    remoteAddress,
  });
}

/** Accepts an invitation with a passkey as console.js does; returns the options' answer if it refused. */
async function acceptWithPasskey(token: string, authenticator: SoftwareAuthenticator) {
  const remoteAddress = freshAddress();
  const started = await postJson(
    context.app,
    `/console/invitations/${token}/passkey/options`,
    {},
    remoteAddress,
  );
  if (started.statusCode !== 200) return { started, accepted: undefined };
  const { challenge_token, options, mode } = started.json<Started>();
  const response =
    mode === 'register' ? authenticator.register(options) : authenticator.authenticate(options);
  const accepted = await postJson(
    context.app,
    `/console/invitations/${token}/passkey`,
    { challenge_token, response },
    remoteAddress,
  );
  return { started, mode, accepted };
}

async function passkeySignIn(authenticator: SoftwareAuthenticator) {
  const remoteAddress = freshAddress();
  const started = await postJson(context.app, '/console/passkey-sign-in/options', {}, remoteAddress);
  const { challenge_token, options } = started.json<Started>();
  return postJson(
    context.app,
    '/console/passkey-sign-in',
    { challenge_token, response: authenticator.authenticate(options) },
    remoteAddress,
  );
}

describe('an invitation squatted by another account’s owner (issue #46)', () => {
  it('fails at every step: the victim joins A with their own password; the squatter’s never opens A', async () => {
    const { victimAccount, attackerAccount, attackerInvites, suffix } = await scene();
    const victim = victimAddress();
    // A invites the victim; B's owner invites the same address and opens B's link himself, choosing a password.
    const { token: victimToken } = await invite(context.db, victimAccount, victim, 'editor');
    const squatToken = await attackerInvites(victim);
    const squatted = await accept(context.app, squatToken, ATTACKER_PASSWORD);
    expect(squatted.statusCode).toBe(303);

    // The victim's link from A asks for a new password, not "your current password".
    const page = await get(`/console/invitations/${victimToken}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Choose a password');
    expect(page.body).not.toContain('Your password');
    // The squatter's password, typed into A's link as a current password, does not accept it.
    const asCurrent = await accept(context.app, victimToken, ATTACKER_PASSWORD, { again: null });
    expect(asCurrent.statusCode).toBe(400);
    expect((await get(`/console/invitations/${victimToken}`)).statusCode).toBe(200);

    // The victim joins A with their own password.
    const joined = await accept(context.app, victimToken, VICTIM_PASSWORD);
    expect(joined.statusCode).toBe(303);
    const victimHome = await home(cookieOf(joined));
    expect(victimHome).toContain(`Victim Gallery ${suffix}`);
    expect(victimHome).not.toContain(`Squatter Dealer ${suffix}`);

    // The squatter's password signs in to B's sign-in of the address only: A is not there, nor reachable.
    const squatter = await signIn(context.app, victim, ATTACKER_PASSWORD);
    expect(squatter.statusCode).toBe(303);
    const squatterCookie = cookieOf(squatter);
    const squatterHome = await home(squatterCookie);
    expect(squatterHome).toContain(`Squatter Dealer ${suffix}`);
    expect(squatterHome).not.toContain(`Victim Gallery ${suffix}`);
    expect(squatterHome).not.toContain('action="/console/switch"');
    const csrf = await csrfOf(context.app, squatterCookie);
    const switched = await post('/console/switch', squatterCookie, {
      _csrf: csrf,
      account_id: victimAccount,
    });
    expect(switched.statusCode).toBe(404);
    expect(await home(squatterCookie)).not.toContain(`Victim Gallery ${suffix}`);
    // Naming A at sign-in does not help either: the password opens only its own person's memberships.
    const naming = await postSignInForm(context.app, {
      url: '/console/login',
      fields: { email: victim, password: ATTACKER_PASSWORD, account_id: victimAccount },
      remoteAddress: freshAddress(),
    });
    expect(naming.statusCode).toBe(303);
    expect(await home(cookieOf(naming))).not.toContain(`Victim Gallery ${suffix}`);

    // The victim's password opens A, and only A.
    const victimSignIn = await signIn(context.app, victim, VICTIM_PASSWORD);
    expect(victimSignIn.statusCode).toBe(303);
    const again = await home(cookieOf(victimSignIn));
    expect(again).toContain(`Victim Gallery ${suffix}`);
    expect(again).not.toContain(`Squatter Dealer ${suffix}`);

    // Two people of one address, neither proven, each a member of one account.
    const { rows } = await context.db.query<{ account_id: string; status: string; proven: boolean }>(
      `SELECT m.account_id, m.status, p.address_proven_at IS NOT NULL AS proven
       FROM people p JOIN account_members m ON m.person_id = p.id WHERE p.email = $1 ORDER BY m.created_at`,
      [victim],
    );
    expect(rows).toEqual([
      { account_id: victimAccount, status: 'active', proven: false },
      { account_id: attackerAccount, status: 'active', proven: false },
    ]);
    const people = await context.db.query(
      'SELECT DISTINCT person_id FROM account_members m JOIN people p ON p.id = m.person_id WHERE p.email = $1',
      [victim],
    );
    expect(people.rows).toHaveLength(2);
  });

  it('squatting first changes nothing: A’s later invitation makes its own sign-in, the squatter’s password stays out', async () => {
    const { victimAccount, attackerInvites, suffix } = await scene();
    const victim = victimAddress();
    expect((await accept(context.app, await attackerInvites(victim), ATTACKER_PASSWORD)).statusCode).toBe(
      303,
    );
    // The operator's invitation (as `avs members invite` and the admin pages make it) and an owner's alike.
    const { token } = await invite(context.db, victimAccount, victim, 'owner');
    const page = await get(`/console/invitations/${token}`);
    expect(page.body).toContain('Choose a password');
    expect((await accept(context.app, token, ATTACKER_PASSWORD, { again: null })).statusCode).toBe(400);
    expect((await accept(context.app, token, VICTIM_PASSWORD)).statusCode).toBe(303);
    const squatter = await signIn(context.app, victim, ATTACKER_PASSWORD);
    expect(await home(cookieOf(squatter))).not.toContain(`Victim Gallery ${suffix}`);
    // A re-invitation within A reaches A's own person, never B's: an active member there is refused.
    await expect(
      inviteMember(context.db, {
        accountId: victimAccount,
        email: victim.toUpperCase(),
        role: 'viewer',
        actor: { admin: true },
        baseUrl: 'http://localhost',
      }),
    ).rejects.toMatchObject({ code: 'member_exists' });
  });

  it('with a passkey: the squatter’s passkey neither accepts A’s link nor signs in to A', async () => {
    const { victimAccount, attackerInvites, suffix } = await scene();
    const victim = victimAddress();
    const { token: victimToken } = await invite(context.db, victimAccount, victim, 'viewer');
    const squatterKey = new SoftwareAuthenticator(origin());
    const squatted = await acceptWithPasskey(await attackerInvites(victim), squatterKey);
    expect(squatted.accepted?.statusCode).toBe(200);

    // A's link offers the victim a passkey of their own (register), not "use your passkey" (authenticate).
    const page = await get(`/console/invitations/${victimToken}`);
    expect(page.body).not.toContain('Accept with your passkey');
    expect(page.body).toContain('Choose a password');
    const victimKey = new SoftwareAuthenticator(origin());
    const joined = await acceptWithPasskey(victimToken, victimKey);
    expect(joined.mode).toBe('register');
    expect(joined.accepted?.statusCode).toBe(200);

    const squatterSession = await passkeySignIn(squatterKey);
    expect(squatterSession.statusCode).toBe(200);
    expect(await home(cookieOf(squatterSession))).not.toContain(`Victim Gallery ${suffix}`);
    const victimSession = await passkeySignIn(victimKey);
    expect(await home(cookieOf(victimSession))).toContain(`Victim Gallery ${suffix}`);
  });

  it('one address, the same password chosen for two accounts: the sign-in asks which account', async () => {
    const suffix = ++counter;
    const first = await newAccount(`First Gallery ${suffix}`);
    const second = await newAccount(`Second Gallery ${suffix}`);
    const address = victimAddress();
    expect(
      (await accept(context.app, (await invite(context.db, first, address)).token, VICTIM_PASSWORD))
        .statusCode,
    ).toBe(303);
    expect(
      (await accept(context.app, (await invite(context.db, second, address)).token, VICTIM_PASSWORD))
        .statusCode,
    ).toBe(303);

    const asked = await signIn(context.app, address, VICTIM_PASSWORD);
    expect(asked.statusCode).toBe(200);
    expect(asked.headers['set-cookie']).toBeUndefined();
    expect(asked.body).toContain('Choose the account');
    expect(asked.body).toContain(`value="${first}"`);
    expect(asked.body).toContain(`value="${second}"`);
    const chosen = await postSignInForm(context.app, {
      url: '/console/login',
      fields: { email: address, password: VICTIM_PASSWORD, account_id: second },
      remoteAddress: freshAddress(),
    });
    expect(chosen.statusCode).toBe(303);
    const body = await home(cookieOf(chosen));
    expect(body).toContain(`Second Gallery ${suffix}`);
    expect(body).not.toContain(`First Gallery ${suffix}`);
    // Separate sign-ins until the address is proven: no switcher between them.
    expect(body).not.toContain('action="/console/switch"');
    // A wrong password is refused as ever, with or without a chosen account.
    expect((await signIn(context.app, address, 'not the password at all')).statusCode).toBe(401);
  });

  it('a pending invitation squatted before the fix gets a person of its own (migration 356)', async () => {
    const { victimAccount, attackerInvites, suffix } = await scene();
    const victim = victimAddress();
    expect((await accept(context.app, await attackerInvites(victim), ATTACKER_PASSWORD)).statusCode).toBe(
      303,
    );
    const { token, invitation } = await invite(context.db, victimAccount, victim, 'editor');
    // The state the old rule left: A's invitation names the person B's link made, with the squatter's password.
    await context.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        `UPDATE account_members SET person_id = (
           SELECT m.person_id FROM account_members m JOIN people p ON p.id = m.person_id
           WHERE p.email = $2 AND m.id <> $1)
         WHERE id = $1 RETURNING (SELECT person_id FROM account_members WHERE id = $1) AS id`,
        [invitation.member_id, victim],
      );
      await tx.query('DELETE FROM people WHERE id = $1', [rows[0]!.id]);
    });
    expect((await get(`/console/invitations/${token}`)).body).toContain('Your password');

    const migration = readFileSync(
      new URL('../../migrations/356_people_per_invitation.sql', import.meta.url),
      'utf8',
    );
    const split = migration.slice(migration.indexOf('CREATE TEMPORARY TABLE'));
    await context.db.transaction(async (tx) => {
      await tx.exec(split);
    });

    expect((await get(`/console/invitations/${token}`)).body).toContain('Choose a password');
    expect((await accept(context.app, token, VICTIM_PASSWORD)).statusCode).toBe(303);
    const squatter = await signIn(context.app, victim, ATTACKER_PASSWORD);
    expect(await home(cookieOf(squatter))).not.toContain(`Victim Gallery ${suffix}`);
    const victimHome = await home(cookieOf(await signIn(context.app, victim, VICTIM_PASSWORD)));
    expect(victimHome).toContain(`Victim Gallery ${suffix}`);
  });
});
