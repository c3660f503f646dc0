import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Config } from '../../config.js';
import type { Database, Queryable } from '../../db/database.js';
import { AppError } from '../../errors/error-catalogue.js';
import { pick } from '../../lib/records.js';
import { loadSimpleWebAuthn } from '../../lib/lazy-modules.js';
import { isStorableText } from '../../lib/text.js';
import { isUuid } from '../../lib/uuid.js';
import { recordAudit, type AuditActor } from '../audit/audit.service.js';
import { publicBaseUrl } from '../signing/issuer-identity.js';
import {
  deleteChallengesBeyond,
  deleteExpiredChallenges,
  deletePasskey,
  findPasskeyByCredentialId,
  insertChallenge,
  insertPasskey,
  listPasskeysOfPerson,
  lockPersonSignInMethods,
  recordPasskeyUse,
  takeChallenge,
  type ChallengeRow,
  type PasskeyRow,
} from './passkeys.repository.js';

const RP_NAME = 'Asset Verification Service';
const CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** Open sign-in challenges one client address (its bucket) may hold: a few tabs and retries, never a flood. */
export const CHALLENGES_PER_CLIENT_BUCKET = 20;
const NAME_MAX_LENGTH = 100;
const TRANSPORTS = new Set(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);

/** Who the passkeys belong to: the host of AVS_PUBLIC_URL (the rpID) and its origin, which browsers check. */
export interface RelyingParty {
  id: string;
  name: string;
  origin: string;
}

export function relyingParty(config: Pick<Config, 'AVS_PUBLIC_URL' | 'HOST' | 'PORT'>): RelyingParty {
  const url = new URL(publicBaseUrl(config));
  return { id: url.hostname, name: RP_NAME, origin: url.origin };
}

/** A passkey as its owner sees it: never its public key. */
export interface Passkey {
  id: string;
  name: string;
  transports: string[];
  created_at: string;
  last_used_at: string | null;
}

/**
 * A ceremony begun: `options` go to the browser (@simplewebauthn/browser), `challengeToken` back with its
 * answer (a cookie or a hidden field). Only the token's SHA-256 is stored.
 */
export interface PasskeyCeremony<Options> {
  challengeToken: string;
  options: Options;
}

/** The account and actor of the audit entry written with the change, when the change is made in an account. */
export interface PasskeyAudit {
  accountId: string;
  actor: AuditActor;
}

function toPasskey(row: PasskeyRow): Passkey {
  return {
    ...pick(row, 'id', 'name', 'transports'),
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at?.toISOString() ?? null,
  };
}

/**
 * The library's verification, verified, or 400 `passkey_invalid`: its reasons name internals (CBOR, rpIdHash,
 * flags; a signature count that did not move forward: a cloned authenticator, or a replay), and the caller gets
 * the one refusal.
 */
async function verifiedOrRefused<V extends { verified: boolean }>(
  verify: () => Promise<V>,
): Promise<Exclude<V, { verified: false }>> {
  let verification: V;
  try {
    verification = await verify();
  } catch {
    throw new AppError('passkey_invalid');
  }
  if (!verification.verified) throw new AppError('passkey_invalid');
  return verification as Exclude<V, { verified: false }>;
}

/** What an answer must match: the challenge given, this site's origin and rpID. */
function expectedOf(challenge: ChallengeRow, rp: RelyingParty) {
  return { expectedChallenge: challenge.challenge, expectedOrigin: rp.origin, expectedRPID: rp.id };
}

function challengeId(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The WebAuthn user handle of a person: the 16 bytes of their id, nothing that names them. */
function userHandleOf(personId: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(personId.replace(/-/g, ''), 'hex'));
}

async function storeChallenge(
  db: Queryable,
  purpose: ChallengeRow['purpose'],
  challenge: string,
  asker: { personId: string } | { clientBucket: string | undefined },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const clientBucket = 'clientBucket' in asker ? (asker.clientBucket ?? null) : null;
  await insertChallenge(db, {
    id: challengeId(token),
    purpose,
    challenge,
    personId: 'personId' in asker ? asker.personId : null,
    clientBucket,
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
  });
  if (clientBucket !== null) await deleteChallengesBeyond(db, clientBucket, CHALLENGES_PER_CLIENT_BUCKET);
  return token;
}

/** The challenge of a token, used up by this call whatever comes next: an answer is checked once. */
async function useChallenge(
  db: Queryable,
  token: unknown,
  purpose: ChallengeRow['purpose'],
): Promise<ChallengeRow> {
  const row =
    typeof token === 'string' && /^[A-Za-z0-9_-]{43}$/.test(token)
      ? await takeChallenge(db, challengeId(token))
      : undefined;
  if (!row || !row.live || row.purpose !== purpose) throw new AppError('passkey_invalid', 'challenge_used');
  return row;
}

function checkedName(name: string | undefined): string {
  const trimmed = name?.trim() ?? '';
  if (trimmed.length > NAME_MAX_LENGTH) {
    throw new AppError('validation_failed', 'too_long', { field: 'name', max: NAME_MAX_LENGTH });
  }
  if (!isStorableText(trimmed)) throw new AppError('validation_failed', 'unstorable', { field: 'name' });
  return trimmed;
}

export async function startPasskeyRegistration(
  db: Queryable,
  input: { person: { id: string; email: string; displayName: string }; rp: RelyingParty },
): Promise<PasskeyCeremony<PublicKeyCredentialCreationOptionsJSON>> {
  const { person, rp } = input;
  await deleteExpiredChallenges(db);
  const existing = await listPasskeysOfPerson(db, person.id);
  const { generateRegistrationOptions } = await loadSimpleWebAuthn();
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: person.email,
    userID: userHandleOf(person.id),
    userDisplayName: person.displayName || person.email,
    timeout: CHALLENGE_TTL_MS,
    attestationType: 'none',
    // The browser refuses an authenticator that already holds one of the person's passkeys.
    excludeCredentials: existing.map((row) => ({ id: row.credential_id, transports: row.transports })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  const challengeToken = await storeChallenge(db, 'registration', options.challenge, { personId: person.id });
  return { challengeToken, options };
}

/**
 * Checks the browser's answer to startPasskeyRegistration and stores the passkey (with its audit entry when
 * `audit` is given). The challenge is used up in its own statement first, so a refused answer cannot be retried.
 */
export async function finishPasskeyRegistration(
  db: Database,
  input: {
    challengeToken: string;
    personId: string;
    response: RegistrationResponseJSON;
    name?: string;
    rp: RelyingParty;
    audit?: PasskeyAudit;
  },
): Promise<Passkey> {
  const challenge = await useChallenge(db, input.challengeToken, 'registration');
  if (challenge.person_id !== input.personId) throw new AppError('passkey_invalid');
  const name = checkedName(input.name);
  const { verifyRegistrationResponse } = await loadSimpleWebAuthn();
  const verification = await verifiedOrRefused(() =>
    verifyRegistrationResponse({
      response: input.response,
      ...expectedOf(challenge, input.rp),
      // userVerification is 'preferred': a security key without a PIN is still a passkey.
      requireUserVerification: false,
    }),
  );
  const { credential } = verification.registrationInfo;
  const transports = [...new Set(input.response.response.transports ?? [])].filter((transport) =>
    TRANSPORTS.has(transport),
  );
  return db.transaction(async (tx) => {
    const row = await insertPasskey(tx, {
      id: randomUUID(),
      personId: input.personId,
      credentialId: credential.id,
      publicKey: credential.publicKey,
      signCount: credential.counter,
      transports,
      name,
    });
    if (!row) throw new AppError('passkey_invalid');
    if (input.audit) {
      await recordAudit(tx, {
        ...input.audit,
        action: 'passkey.added',
        target: { person_id: row.person_id, passkey_id: row.id },
      });
    }
    return toPasskey(row);
  });
}

/**
 * A usernameless sign-in: no credentials listed, so the authenticator offers the passkeys it holds for this site.
 * Anyone may ask, so the challenge names the asking client's address bucket, which keeps only its newest
 * CHALLENGES_PER_CLIENT_BUCKET (an older one then answers as used).
 */
export async function startPasskeySignIn(
  db: Queryable,
  rp: RelyingParty,
  clientBucket?: string,
): Promise<PasskeyCeremony<PublicKeyCredentialRequestOptionsJSON>> {
  await deleteExpiredChallenges(db);
  const { generateAuthenticationOptions } = await loadSimpleWebAuthn();
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: [],
    userVerification: 'preferred',
    timeout: CHALLENGE_TTL_MS,
  });
  const challengeToken = await storeChallenge(db, 'authentication', options.challenge, { clientBucket });
  return { challengeToken, options };
}

/**
 * The person whose passkey answered startPasskeySignIn's challenge; 400 `passkey_invalid` otherwise. It takes
 * the database, not a transaction: the challenge must stay used up when the answer is refused.
 */
export async function finishPasskeySignIn(
  db: Database,
  input: { challengeToken: string; response: AuthenticationResponseJSON; rp: RelyingParty },
): Promise<{ personId: string; passkeyId: string }> {
  const challenge = await useChallenge(db, input.challengeToken, 'authentication');
  const credentialId: unknown = input.response?.id;
  const row =
    typeof credentialId === 'string' ? await findPasskeyByCredentialId(db, credentialId) : undefined;
  if (!row) throw new AppError('passkey_invalid');
  const userHandle: unknown = input.response.response?.userHandle;
  if (userHandle && userHandle !== Buffer.from(userHandleOf(row.person_id)).toString('base64url')) {
    throw new AppError('passkey_invalid');
  }
  const signCount = Number(row.sign_count);
  const { verifyAuthenticationResponse } = await loadSimpleWebAuthn();
  const verification = await verifiedOrRefused(() =>
    verifyAuthenticationResponse({
      response: input.response,
      ...expectedOf(challenge, input.rp),
      credential: {
        id: row.credential_id,
        publicKey: new Uint8Array(row.public_key),
        counter: signCount,
        transports: row.transports,
      },
      requireUserVerification: false,
    }),
  );
  const recorded = await recordPasskeyUse(db, {
    id: row.id,
    verifiedCount: signCount,
    newCount: verification.authenticationInfo.newCounter,
  });
  if (!recorded) throw new AppError('passkey_invalid');
  return { personId: row.person_id, passkeyId: row.id };
}

export async function listPasskeys(db: Queryable, personId: string): Promise<Passkey[]> {
  if (!isUuid(personId)) return [];
  return (await listPasskeysOfPerson(db, personId)).map(toPasskey);
}

/**
 * Removes one of the person's passkeys (with its audit entry when `audit` is given). A person keeps a way to
 * sign in: the last passkey of a person without a password stays (409 `last_sign_in_method`), unless
 * `mailedLinkRemains` (a collector, whom a mailed link signs in) and the person is a member of no account.
 */
export async function removePasskey(
  db: Database,
  personId: string,
  passkeyId: string,
  audit?: PasskeyAudit,
  { mailedLinkRemains = false }: { mailedLinkRemains?: boolean } = {},
): Promise<Passkey> {
  if (!isUuid(personId) || !isUuid(passkeyId)) throw new AppError('passkey_not_found');
  return db.transaction(async (tx) => {
    // The person's row is locked first, so two removals at once cannot both take "the other" passkey.
    const methods = await lockPersonSignInMethods(tx, personId);
    if (!methods) throw new AppError('passkey_not_found');
    const row = await deletePasskey(tx, personId, passkeyId);
    if (!row) throw new AppError('passkey_not_found');
    const anotherWay = methods.hasPassword || (mailedLinkRemains && !methods.inAccount);
    if (!anotherWay && methods.passkeys <= 1) throw new AppError('last_sign_in_method');
    if (audit) {
      await recordAudit(tx, {
        ...audit,
        action: 'passkey.removed',
        target: { person_id: personId, passkey_id: row.id },
      });
    }
    return toPasskey(row);
  });
}
