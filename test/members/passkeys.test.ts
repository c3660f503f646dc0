import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { errorMessage } from '../../src/errors/error-catalogue.js';
import { listAuditEntries } from '../../src/modules/audit/audit.repository.js';
import { passkeyBrowserBundlePath } from '../../src/modules/passkeys/passkeys-browser-bundle.js';
import {
  finishPasskeyRegistration,
  finishPasskeySignIn,
  listPasskeys,
  relyingParty,
  removePasskey,
  startPasskeyRegistration,
  startPasskeySignIn,
  type Passkey,
} from '../../src/modules/passkeys/passkeys.service.js';
import { SoftwareAuthenticator, type CeremonyOverrides } from '../helpers/software-authenticator.js';
import { testConfig } from '../helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';

const rp = relyingParty(testConfig());

let database: TestDatabase;
let db: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(async () => database.drop());

interface TestPerson {
  id: string;
  email: string;
  displayName: string;
}

// The people service lives elsewhere: a row is all a passkey needs.
async function createPerson(options: { password?: boolean } = {}): Promise<TestPerson> {
  const person = { id: randomUUID(), email: `${randomUUID()}@gallery.example`, displayName: 'Émile Zola' };
  await db.query('INSERT INTO people (id, email, password_hash) VALUES ($1, $2, $3)', [
    person.id,
    person.email,
    options.password ? 'scrypt$not-a-real-hash' : null,
  ]);
  return person;
}

async function registerPasskey(
  person: TestPerson,
  authenticator: SoftwareAuthenticator,
  options: { name?: string; overrides?: CeremonyOverrides } = {},
): Promise<Passkey> {
  const { challengeToken, options: creation } = await startPasskeyRegistration(db, { person, rp });
  return finishPasskeyRegistration(db, {
    challengeToken,
    personId: person.id,
    response: authenticator.register(creation, options.overrides),
    name: options.name,
    rp,
  });
}

async function signIn(authenticator: SoftwareAuthenticator, overrides: CeremonyOverrides = {}) {
  const { challengeToken, options } = await startPasskeySignIn(db, rp);
  return finishPasskeySignIn(db, {
    challengeToken,
    response: authenticator.authenticate(options, overrides),
    rp,
  });
}

const refused = { code: 'passkey_invalid', message: errorMessage('passkey_invalid') };
const challengeUsed = { code: 'passkey_invalid', message: errorMessage('passkey_invalid', 'challenge_used') };

async function passkeyRow(id: string) {
  const { rows } = await db.query<{ sign_count: string | number; last_used_at: Date | null }>(
    'SELECT sign_count, last_used_at FROM member_passkeys WHERE id = $1',
    [id],
  );
  return rows[0];
}

describe('passkeys: the relying party', () => {
  it('is the host and origin of AVS_PUBLIC_URL, localhost in tests', () => {
    expect(rp).toEqual({
      id: 'localhost',
      name: 'Asset Verification Service',
      origin: 'http://localhost:8080',
    });
    expect(relyingParty(testConfig({ AVS_PUBLIC_URL: 'https://avs.example.com/registry' }))).toMatchObject({
      id: 'avs.example.com',
      origin: 'https://avs.example.com',
    });
  });

  it('ships the browser half as one file the console can serve', () => {
    expect(readFileSync(passkeyBrowserBundlePath, 'utf8')).toContain('SimpleWebAuthnBrowser');
  });
});

describe('passkeys: registration and sign-in', () => {
  it('registers a passkey, then signs in with it and no user name', async () => {
    const person = await createPerson();
    const authenticator = new SoftwareAuthenticator(rp.origin);
    const { challengeToken, options } = await startPasskeyRegistration(db, { person, rp });
    expect(options).toMatchObject({
      rp: { id: 'localhost', name: 'Asset Verification Service' },
      user: { name: person.email, displayName: 'Émile Zola' },
      attestation: 'none',
      excludeCredentials: [],
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    });
    const passkey = await finishPasskeyRegistration(db, {
      challengeToken,
      personId: person.id,
      response: authenticator.register(options),
      name: '  Laptop  ',
      rp,
    });
    expect(passkey).toMatchObject({ name: 'Laptop', transports: ['internal', 'hybrid'], last_used_at: null });
    expect(await listPasskeys(db, person.id)).toEqual([passkey]);

    const signInStart = await startPasskeySignIn(db, rp);
    expect(signInStart.options).toMatchObject({
      rpId: 'localhost',
      allowCredentials: [],
      userVerification: 'preferred',
    });
    const signedIn = await finishPasskeySignIn(db, {
      challengeToken: signInStart.challengeToken,
      response: authenticator.authenticate(signInStart.options),
      rp,
    });
    expect(signedIn).toEqual({ personId: person.id, passkeyId: passkey.id });
    const row = await passkeyRow(passkey.id);
    expect(Number(row!.sign_count)).toBe(1);
    expect(row!.last_used_at).toBeInstanceOf(Date);
    expect((await listPasskeys(db, person.id))[0]!.last_used_at).not.toBeNull();
  });

  it('adds a second passkey, lists the first in excludeCredentials, and signs in with either', async () => {
    const person = await createPerson();
    const laptop = new SoftwareAuthenticator(rp.origin);
    const phone = new SoftwareAuthenticator(rp.origin);
    const first = await registerPasskey(person, laptop, { name: 'Laptop' });
    const { challengeToken, options } = await startPasskeyRegistration(db, { person, rp });
    const { rows } = await db.query<{ credential_id: string }>(
      'SELECT credential_id FROM member_passkeys WHERE id = $1',
      [first.id],
    );
    expect(options.excludeCredentials).toEqual([
      { id: rows[0]!.credential_id, type: 'public-key', transports: ['internal', 'hybrid'] },
    ]);
    // The browser will not make a second passkey on an authenticator that holds one.
    expect(() => laptop.register(options)).toThrow(/InvalidStateError/);
    const second = await finishPasskeyRegistration(db, {
      challengeToken,
      personId: person.id,
      response: phone.register(options),
      name: 'Phone',
      rp,
    });
    expect((await listPasskeys(db, person.id)).map((passkey) => passkey.name)).toEqual(['Laptop', 'Phone']);
    expect(await signIn(laptop)).toEqual({ personId: person.id, passkeyId: first.id });
    expect(await signIn(phone)).toEqual({ personId: person.id, passkeyId: second.id });
  });

  it('accepts an authenticator that keeps no signature count (always zero)', async () => {
    const person = await createPerson();
    const authenticator = new SoftwareAuthenticator(rp.origin);
    const passkey = await registerPasskey(person, authenticator);
    expect(await signIn(authenticator, { signCount: 0 })).toMatchObject({ passkeyId: passkey.id });
    expect(await signIn(authenticator, { signCount: 0 })).toMatchObject({ passkeyId: passkey.id });
  });
});

describe('passkeys: refusals', () => {
  it('uses a registration challenge once, even when its first answer is refused', async () => {
    const person = await createPerson();
    const authenticator = new SoftwareAuthenticator(rp.origin);
    const { challengeToken, options } = await startPasskeyRegistration(db, { person, rp });
    const answer = authenticator.register(options, { origin: 'https://evil.example' });
    await expect(
      finishPasskeyRegistration(db, { challengeToken, personId: person.id, response: answer, rp }),
    ).rejects.toMatchObject(refused);
    const honest = new SoftwareAuthenticator(rp.origin).register(options);
    await expect(
      finishPasskeyRegistration(db, { challengeToken, personId: person.id, response: honest, rp }),
    ).rejects.toMatchObject(challengeUsed);
    expect(await listPasskeys(db, person.id)).toEqual([]);
  });

  it('uses a sign-in challenge once: the same answer twice signs in once', async () => {
    const person = await createPerson();
    const authenticator = new SoftwareAuthenticator(rp.origin);
    await registerPasskey(person, authenticator);
    const { challengeToken, options } = await startPasskeySignIn(db, rp);
    const response = authenticator.authenticate(options);
    expect(await finishPasskeySignIn(db, { challengeToken, response, rp })).toMatchObject({
      personId: person.id,
    });
    await expect(finishPasskeySignIn(db, { challengeToken, response, rp })).rejects.toMatchObject(
      challengeUsed,
    );
  });

  it('refuses a challenge of the other ceremony, an unknown token and an expired one, and sweeps the expired', async () => {
    const person = await createPerson();
    const authenticator = new SoftwareAuthenticator(rp.origin);
    await registerPasskey(person, authenticator);
    const registration = await startPasskeyRegistration(db, { person, rp });
    const signInStart = await startPasskeySignIn(db, rp);
    await expect(
      finishPasskeySignIn(db, {
        challengeToken: registration.challengeToken,
        response: authenticator.authenticate({
          ...signInStart.options,
          challenge: registration.options.challenge,
        }),
        rp,
      }),
    ).rejects.toMatchObject(challengeUsed);
    await expect(
      finishPasskeySignIn(db, {
        challengeToken: 'x'.repeat(43),
        response: authenticator.authenticate(signInStart.options),
        rp,
      }),
    ).rejects.toMatchObject(challengeUsed);

    const late = await startPasskeySignIn(db, rp);
    await db.query(`UPDATE webauthn_challenges SET expires_at = now() - interval '1 second'`);
    await expect(
      finishPasskeySignIn(db, {
        challengeToken: late.challengeToken,
        response: authenticator.authenticate(late.options),
        rp,
      }),
    ).rejects.toMatchObject(challengeUsed);
    await startPasskeySignIn(db, rp);
    const { rows } = await db.query<{ expired: number; live: number }>(
      `SELECT count(*) FILTER (WHERE expires_at <= now())::int AS expired,
              count(*) FILTER (WHERE expires_at > now())::int AS live
       FROM webauthn_challenges`,
    );
    expect(rows[0]).toEqual({ expired: 0, live: 1 });
    await db.query('DELETE FROM webauthn_challenges');
  });

  it("refuses an answer to another person's registration challenge", async () => {
    const alice = await createPerson();
    const mallory = await createPerson();
    const { challengeToken, options } = await startPasskeyRegistration(db, { person: alice, rp });
    const response = new SoftwareAuthenticator(rp.origin).register(options);
    await expect(
      finishPasskeyRegistration(db, { challengeToken, personId: mallory.id, response, rp }),
    ).rejects.toMatchObject(refused);
    expect(await listPasskeys(db, mallory.id)).toEqual([]);
    expect(await listPasskeys(db, alice.id)).toEqual([]);
  });

  it('refuses a registration made for another origin or relying-party id', async () => {
    const person = await createPerson();
    for (const overrides of [{ origin: 'http://localhost:9999' }, { rpId: 'evil.example' }]) {
      await expect(
        registerPasskey(person, new SoftwareAuthenticator(rp.origin), { overrides }),
      ).rejects.toMatchObject(refused);
    }
    expect(await listPasskeys(db, person.id)).toEqual([]);
  });

  it('refuses a sign-in from another origin, for another relying-party id, or with a tampered signature', async () => {
    const person = await createPerson();
    const authenticator = new SoftwareAuthenticator(rp.origin);
    const passkey = await registerPasskey(person, authenticator);
    await expect(signIn(authenticator, { origin: 'https://evil.example' })).rejects.toMatchObject(refused);
    await expect(signIn(authenticator, { rpId: 'evil.example' })).rejects.toMatchObject(refused);

    const { challengeToken, options } = await startPasskeySignIn(db, rp);
    const response = authenticator.authenticate(options);
    const signature = Buffer.from(response.response.signature, 'base64url');
    signature[signature.length - 1]! ^= 0x01;
    response.response.signature = signature.toString('base64url');
    await expect(finishPasskeySignIn(db, { challengeToken, response, rp })).rejects.toMatchObject(refused);
    expect((await listPasskeys(db, person.id))[0]!.id).toBe(passkey.id);
    expect((await passkeyRow(passkey.id))!.last_used_at).toBeNull();
  });

  it('refuses a signature count that does not move forward (a cloned authenticator or a replay)', async () => {
    const person = await createPerson();
    const authenticator = new SoftwareAuthenticator(rp.origin);
    const passkey = await registerPasskey(person, authenticator);
    await signIn(authenticator, { signCount: 5 });
    await expect(signIn(authenticator, { signCount: 3 })).rejects.toMatchObject(refused);
    await expect(signIn(authenticator, { signCount: 5 })).rejects.toMatchObject(refused);
    expect(Number((await passkeyRow(passkey.id))!.sign_count)).toBe(5);
    expect(await signIn(authenticator, { signCount: 6 })).toMatchObject({ passkeyId: passkey.id });
  });

  it('refuses a credential nobody registered, and a user handle that is not its owner', async () => {
    const person = await createPerson();
    const authenticator = new SoftwareAuthenticator(rp.origin);
    await registerPasskey(person, authenticator);
    const stranger = new SoftwareAuthenticator(rp.origin);
    const { options } = await startPasskeyRegistration(db, { person: await createPerson(), rp });
    stranger.register(options);
    await expect(signIn(stranger)).rejects.toMatchObject(refused);

    const { challengeToken, options: request } = await startPasskeySignIn(db, rp);
    const response = authenticator.authenticate(request);
    response.response.userHandle = Buffer.alloc(16, 7).toString('base64url');
    await expect(finishPasskeySignIn(db, { challengeToken, response, rp })).rejects.toMatchObject(refused);
  });

  it('refuses a malformed answer with the same refusal, never a 500', async () => {
    const { challengeToken } = await startPasskeySignIn(db, rp);
    const response = { id: 'nope', rawId: 'nope', type: 'public-key', response: {} } as never;
    await expect(finishPasskeySignIn(db, { challengeToken, response, rp })).rejects.toMatchObject(refused);
  });
});

describe('passkeys: removal', () => {
  it('removes a passkey, which then cannot sign in', async () => {
    const person = await createPerson();
    const laptop = new SoftwareAuthenticator(rp.origin);
    const phone = new SoftwareAuthenticator(rp.origin);
    const removed = await registerPasskey(person, laptop);
    const kept = await registerPasskey(person, phone);
    expect(await removePasskey(db, person.id, removed.id)).toMatchObject({ id: removed.id });
    expect((await listPasskeys(db, person.id)).map((passkey) => passkey.id)).toEqual([kept.id]);
    await expect(signIn(laptop)).rejects.toMatchObject(refused);
    expect(await signIn(phone)).toMatchObject({ personId: person.id });
  });

  it("refuses to remove another person's passkey, or one that does not exist", async () => {
    const owner = await createPerson({ password: true });
    const other = await createPerson({ password: true });
    const passkey = await registerPasskey(owner, new SoftwareAuthenticator(rp.origin));
    const notFound = { code: 'passkey_not_found' };
    await expect(removePasskey(db, other.id, passkey.id)).rejects.toMatchObject(notFound);
    await expect(removePasskey(db, owner.id, randomUUID())).rejects.toMatchObject(notFound);
    await expect(removePasskey(db, owner.id, 'not-a-uuid')).rejects.toMatchObject(notFound);
    expect(await listPasskeys(db, owner.id)).toHaveLength(1);
  });

  it('keeps the last passkey of a person without a password, and lets one with a password remove it', async () => {
    const passwordless = await createPerson();
    const only = await registerPasskey(passwordless, new SoftwareAuthenticator(rp.origin));
    await expect(removePasskey(db, passwordless.id, only.id)).rejects.toMatchObject({
      code: 'last_sign_in_method',
    });
    expect(await listPasskeys(db, passwordless.id)).toHaveLength(1);

    const withPassword = await createPerson({ password: true });
    const passkey = await registerPasskey(withPassword, new SoftwareAuthenticator(rp.origin));
    await removePasskey(db, withPassword.id, passkey.id);
    expect(await listPasskeys(db, withPassword.id)).toEqual([]);
  });

  it("writes the account's audit entry with the change when asked", async () => {
    const accountId = randomUUID();
    const memberId = randomUUID();
    const person = await createPerson({ password: true });
    await db.query(`INSERT INTO accounts (id, name) VALUES ($1, 'Galerie Zola')`, [accountId]);
    await db.query(
      `INSERT INTO account_members (id, account_id, person_id, role, status) VALUES ($1, $2, $3, 'editor', 'active')`,
      [memberId, accountId, person.id],
    );
    const audit = { accountId, actor: { memberId } };
    const { challengeToken, options } = await startPasskeyRegistration(db, { person, rp });
    const passkey = await finishPasskeyRegistration(db, {
      challengeToken,
      personId: person.id,
      response: new SoftwareAuthenticator(rp.origin).register(options),
      rp,
      audit,
    });
    await removePasskey(db, person.id, passkey.id, audit);
    const entries = await listAuditEntries(db, accountId, { limit: 10 });
    const rows = entries
      .map(({ action, actor_member_id, target }) => ({ action, actor_member_id, target }))
      .sort((a, b) => a.action.localeCompare(b.action));
    const target = { person_id: person.id, passkey_id: passkey.id };
    expect(rows).toEqual([
      { action: 'passkey.added', actor_member_id: memberId, target },
      { action: 'passkey.removed', actor_member_id: memberId, target },
    ]);
  });
});
