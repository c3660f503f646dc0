import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../../db/database.js';
import { AppError } from '../../errors/error-catalogue.js';
import { typedEmailAddress } from '../../lib/email.js';
import type { MailContent } from '../mail/mail-layout.js';
import type { MailSettings } from '../mail/mail-settings.js';
import { checkSendingLimits, sendingRefusal } from '../mail/sending-limits.js';
import { mailText } from '../mail/text/index.js';
import { finishPasskeySignIn } from '../passkeys/passkeys.service.js';
import type { LoginThrottle } from '../web-pages/login-throttle.js';
import { checkPersonPassword } from '../web-pages/password-sign-in.js';
import { isSecretTokenShape, newSecretToken, tokenHash } from '../web-pages/web-sessions.js';
import {
  findMailLinkByTokenHash,
  findMailLinkByTokenHashForUpdate,
  insertMailLink,
  markMailLinkUsed,
  type MailLinkPurpose,
  type MailLinkRow,
} from './mail-links.repository.js';
import { drawLinkMail, queueLinkMail, type LinkSignIn } from './link-mails.service.js';
import type { PasskeyAnswer } from './member-login.service.js';
import { endAllSessionsOfPerson, startMemberSession } from './member-sessions.service.js';
import { listActiveMembershipsOfPerson } from './members.repository.js';
import {
  deletePersonWithoutMemberships,
  lockPeopleOfEmail,
  moveMemberships,
} from './people-join.repository.js';
import {
  findPersonById,
  findProvenPersonByEmail,
  findUnprovenPeopleByEmail,
  markAddressProven,
  type PersonRow,
} from './people.repository.js';

/**
 * Each kind of mailed link: its mail's kind, the console page it opens and how long it works (a proof of address,
 * asked for on the account page, 24 hours; a sign-in link 15 minutes).
 */
const LINK_MAILS = {
  prove_address: { kind: 'address_proof', page: '/console/prove-address/', ttlMs: 24 * 60 * 60 * 1000 },
  sign_in: { kind: 'sign_in_link', page: '/console/email-sign-in/', ttlMs: 15 * 60 * 1000 },
} as const satisfies Record<Exclude<MailLinkPurpose, 'collection_sign_in'>, unknown>;

/** The state of a link mailed to a person, as its page shows it. */
export type MailLinkState = 'open' | 'used' | 'expired';

function stateOf(row: MailLinkRow): MailLinkState {
  if (row.used_at) return 'used';
  return row.expires_at <= row.now ? 'expired' : 'open';
}

async function findLink(
  db: Queryable,
  token: string,
  purpose: MailLinkPurpose,
  forUpdate = false,
): Promise<MailLinkRow | undefined> {
  if (!isSecretTokenShape(token)) return undefined;
  return (forUpdate ? findMailLinkByTokenHashForUpdate : findMailLinkByTokenHash)(
    db,
    tokenHash(token),
    purpose,
  );
}

/** A new link of this purpose for the person (their earlier ones stop working); answers its token and row. */
async function newMailLink(
  tx: Queryable,
  person: PersonRow,
  purpose: MailLinkPurpose,
  expiresInMs: number,
): Promise<{ token: string; row: MailLinkRow }> {
  const token = newSecretToken();
  const row = await insertMailLink(tx, {
    id: randomUUID(),
    personId: person.id,
    purpose,
    email: person.email,
    tokenHash: tokenHash(token),
    expiresInMs,
  });
  return { token, row };
}

/**
 * Makes the person a new link for `purpose` and mails it to `to`; `draw` gives the mail's words, with the link's
 * address and when it stops working.
 */
async function mailNewLink(
  tx: Queryable,
  person: PersonRow,
  link: { purpose: keyof typeof LINK_MAILS; to: string; settings: MailSettings },
  draw: (url: string, expiresAt: Date) => MailContent,
): Promise<void> {
  const { kind, page, ttlMs } = LINK_MAILS[link.purpose];
  const { token, row } = await newMailLink(tx, person, link.purpose, ttlMs);
  await queueLinkMail(tx, person, {
    kind,
    to: link.to,
    service: link.settings.service,
    dedupeKey: `${kind}:${row.id}`,
    draw: () => draw(`${link.settings.baseUrl}${page}${token}`, row.expires_at),
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Proving an address later, from the account page.

/**
 * Mails the signed-in person a link that proves their address: single use, 24 hours. It is confirmed only in a
 * browser signed in as that same person (confirmAddressProof), so a person who made a sign-in at somebody else's
 * address cannot have its owner prove it for him by clicking. Past the sending limits, 429.
 */
export async function requestAddressProof(
  db: Database,
  input: { personId: string; settings: MailSettings },
): Promise<'sent' | 'already_proven'> {
  const { settings } = input;
  return db.transaction(async (tx) => {
    const person = await findPersonById(tx, input.personId);
    if (!person) throw new AppError('member_unauthorized');
    if (person.address_proven_at) return 'already_proven';
    await checkSendingLimits(tx, { recipient: person.email, limits: settings.limits });
    await mailNewLink(
      tx,
      person,
      { purpose: 'prove_address', to: person.email, settings },
      drawLinkMail(() => mailText.addressProof, settings.service, person.email),
    );
    return 'sent';
  });
}

/** What the page of a proof link shows: the address, and whether this browser's person may confirm it. */
export interface OpenAddressProof {
  state: MailLinkState;
  email: string;
  /** The browser is signed in as the person who asked (only they confirm). */
  yours: boolean;
}

export async function openAddressProof(
  db: Queryable,
  token: string,
  personId: string | undefined,
): Promise<OpenAddressProof | undefined> {
  const row = await findLink(db, token, 'prove_address');
  if (!row) return undefined;
  return { state: stateOf(row), email: row.email, yours: row.person_id === personId };
}

/**
 * Confirms a proof link in a browser signed in as the person who asked for it: the link is used and the address
 * proven, unless another person of the address proved it first (`other_proven`: that sign-in may join this one from
 * its account page). A link of another person, or closed, changes nothing.
 */
export async function confirmAddressProof(
  db: Database,
  input: { token: string; personId: string },
): Promise<'proven' | 'other_proven' | 'not_yours' | 'closed' | 'unknown'> {
  return db.transaction(async (tx) => {
    const row = await findLink(tx, input.token, 'prove_address', true);
    if (!row) return 'unknown';
    if (stateOf(row) !== 'open') return 'closed';
    if (row.person_id !== input.personId) return 'not_yours';
    const person = await findPersonById(tx, row.person_id);
    if (!person || person.email !== row.email) return 'closed';
    await markMailLinkUsed(tx, row.id);
    return (await markAddressProven(tx, person)) ? 'proven' : 'other_proven';
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Sign-in by e-mailed link: proven addresses only.

/**
 * Mails a sign-in link to an address, if a person proved it and is an active member somewhere; nothing otherwise.
 * The caller answers the same whatever happened (no enumeration): nothing here throws for an unknown, unproven or
 * throttled address. A link of the same person asked for earlier stops working.
 */
export async function requestSignInLink(
  db: Database,
  input: { email: string; settings: MailSettings },
): Promise<void> {
  const email = typedEmailAddress(input.email);
  const { settings } = input;
  await db.transaction(async (tx) => {
    const person = await findProvenPersonByEmail(tx, email);
    if (!person || (await listActiveMembershipsOfPerson(tx, person.id)).length === 0) return;
    // Past the per-recipient limit the link is not sent, and the answer stays the same.
    if (await sendingRefusal(tx, { recipient: email, limits: settings.limits })) return;
    await mailNewLink(
      tx,
      person,
      { purpose: 'sign_in', to: email, settings },
      drawLinkMail(() => mailText.signInLink, settings.service, email),
    );
  });
}

/** What the page of a sign-in link shows (before the person presses the button: mail scanners open links too). */
export async function openSignInLink(
  db: Queryable,
  token: string,
): Promise<{ state: MailLinkState; email: string; personId: string } | undefined> {
  const row = await findLink(db, token, 'sign_in');
  if (!row) return undefined;
  return { state: stateOf(row), email: row.email, personId: row.person_id };
}

export type SignInLinkResult = LinkSignIn<{ personId: string }>;

/**
 * Signs in with an e-mailed link: used once, within 15 minutes, and only while the person is still the proven one
 * of the address and an active member somewhere. The session opens in the account the person used last.
 */
export async function signInWithMailLink(db: Database, token: string): Promise<SignInLinkResult> {
  return db.transaction(async (tx): Promise<SignInLinkResult> => {
    const row = await findLink(tx, token, 'sign_in', true);
    if (!row) return { outcome: 'unknown' };
    if (stateOf(row) !== 'open') return { outcome: 'closed' };
    await markMailLinkUsed(tx, row.id);
    const person = await findPersonById(tx, row.person_id);
    const memberships = person ? await listActiveMembershipsOfPerson(tx, person.id) : [];
    if (!person?.address_proven_at || person.email !== row.email || memberships.length === 0)
      return { outcome: 'closed' };
    const session = await startMemberSession(tx, person.id, memberships[0]!.account_id);
    return { outcome: 'signed_in', personId: person.id, ...session };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Joining the other sign-ins of a proven address.

/**
 * Where the person's address stands: when they proved it (null: not yet), and how many other sign-ins of it they may
 * join (none unless it is proven).
 */
export async function addressStanding(
  db: Queryable,
  personId: string,
): Promise<{ provenAt: Date | null; others: number }> {
  const person = await findPersonById(db, personId);
  if (!person?.address_proven_at) return { provenAt: null, others: 0 };
  return {
    provenAt: person.address_proven_at,
    others: (await findUnprovenPeopleByEmail(db, person.email)).length,
  };
}

export type JoinResult =
  | { outcome: 'joined'; accounts: string[] }
  | { outcome: 'refused' }
  | { outcome: 'throttled'; retryAfterSeconds: number };

/**
 * The memberships of another sign-in of the proven person's address join the proven person: in one transaction,
 * with the people of the address locked. The other sign-in's sessions end; with no membership left it is deleted
 * (its password and passkeys with it).
 */
async function joinPeople(db: Database, proven: PersonRow, otherId: string): Promise<JoinResult> {
  return db.transaction(async (tx): Promise<JoinResult> => {
    const people = await lockPeopleOfEmail(tx, proven.email);
    const into = people.find((row) => row.id === proven.id);
    const from = people.find((row) => row.id === otherId);
    if (!into?.proven || !from || from.proven) return { outcome: 'refused' };
    const { moved } = await moveMemberships(tx, from.id, into.id);
    await endAllSessionsOfPerson(tx, from.id);
    await deletePersonWithoutMemberships(tx, from.id);
    return { outcome: 'joined', accounts: moved.map((membership) => membership.account_name) };
  });
}

async function provenPersonOf(db: Queryable, personId: string): Promise<PersonRow> {
  const person = await findPersonById(db, personId);
  // The page offers joining only to a proven person; anyone else asking is refused as a wrong password is.
  if (!person?.address_proven_at) throw new AppError('validation_failed', 'address_not_proven');
  return person;
}

/**
 * Joins the sign-in whose password this is (another person of the proven person's address) to the proven person:
 * knowing both sign-ins is what joins them. Throttled per (client address, e-mail) like a sign-in; a wrong password
 * costs the same whether the address has other sign-ins or not.
 */
export async function joinSignInWithPassword(
  db: Database,
  throttle: LoginThrottle,
  input: { personId: string; password: string; address: string },
): Promise<JoinResult> {
  const proven = await provenPersonOf(db, input.personId);
  const retryAfterSeconds = throttle.retryAfterSeconds(input.address, proven.email);
  if (retryAfterSeconds > 0) return { outcome: 'throttled', retryAfterSeconds };
  const others = (await findUnprovenPeopleByEmail(db, proven.email)).filter((person) => person.password_hash);
  let match: PersonRow | undefined;
  for (const other of others.length > 0 ? others : [undefined]) {
    if ((await checkPersonPassword(other?.password_hash, input.password)) && other) match ??= other;
  }
  if (!match) {
    throttle.recordFailure(input.address, proven.email);
    return { outcome: 'refused' };
  }
  throttle.recordSuccess(input.address, proven.email);
  return joinPeople(db, proven, match.id);
}

/**
 * As joinSignInWithPassword, with a passkey of the other sign-in (the answer to startPasskeySignIn): the passkey
 * must be one of another, unproven person of the same address. A refusal is 400 `passkey_invalid` and counts
 * against the client address.
 */
export async function joinSignInWithPasskey(
  db: Database,
  throttle: LoginThrottle,
  input: PasskeyAnswer & { personId: string },
): Promise<JoinResult> {
  const proven = await provenPersonOf(db, input.personId);
  const retryAfterSeconds = throttle.retryAfterSeconds(input.address, proven.email);
  if (retryAfterSeconds > 0) return { outcome: 'throttled', retryAfterSeconds };
  try {
    const { personId } = await finishPasskeySignIn(db, input);
    const other = await findPersonById(db, personId);
    if (!other || other.id === proven.id || other.email !== proven.email || other.address_proven_at)
      throw new AppError('passkey_invalid');
    const joined = await joinPeople(db, proven, other.id);
    if (joined.outcome !== 'joined') throw new AppError('passkey_invalid');
    throttle.recordSuccess(input.address, proven.email);
    return joined;
  } catch (error) {
    if (error instanceof AppError && error.code === 'passkey_invalid')
      throttle.recordFailure(input.address, proven.email);
    throw error;
  }
}
