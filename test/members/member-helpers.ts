import type { FastifyInstance } from 'fastify';
import type { Database } from '../../src/db/database.js';
import { inviteMember } from '../../src/modules/members/invitations.service.js';
import { postSignInForm } from '../helpers/sign-in-forms.js';

export const MEMBER_PASSWORD = 'a long and uncommon passphrase';

let addressCounter = 0;

/** A client address of its own, so that one test's failed sign-ins never throttle another's. */
export function freshAddress(): string {
  addressCounter += 1;
  return `10.9.${Math.floor(addressCounter / 250)}.${addressCounter % 250}`;
}

/** An invitation made by the operator; returns its link's token and the invitation. */
export async function invite(
  db: Database,
  accountId: string,
  email: string,
  role: 'owner' | 'editor' | 'viewer' = 'owner',
) {
  const created = await inviteMember(db, {
    accountId,
    email,
    role,
    actor: { admin: true },
    baseUrl: 'http://localhost:3000',
  });
  return { ...created, token: created.url.split('/').pop()! };
}

export function cookieOf(response: { headers: Record<string, unknown> }): string {
  return String(response.headers['set-cookie']).split(';', 1)[0]!;
}

/** Accepts an invitation through its page; returns the session cookie. */
export async function accept(
  app: FastifyInstance,
  token: string,
  password = MEMBER_PASSWORD,
  options: { again?: string | null } = {},
) {
  const fields: Record<string, string> = { password };
  if (options.again !== null) fields.password_again = options.again ?? password;
  return postSignInForm(app, {
    url: `/console/invitations/${token}`,
    fields,
    remoteAddress: freshAddress(),
  });
}

export async function signIn(
  app: FastifyInstance,
  email: string,
  password = MEMBER_PASSWORD,
  remoteAddress = freshAddress(),
) {
  return postSignInForm(app, { url: '/console/login', fields: { email, password }, remoteAddress });
}

/** The CSRF token a signed-in page carries. */
export async function csrfOf(app: FastifyInstance, cookie: string): Promise<string> {
  // The account page: every member reaches it, and it reads far less than the home's counts and charts.
  const page = await app.inject({ method: 'GET', url: '/console/account', headers: { cookie } });
  const match = /<meta name="csrf-token" content="([^"]+)"/.exec(page.body);
  if (!match)
    throw new Error(`no CSRF token on /console/account: ${page.statusCode} ${page.body.slice(0, 300)}`);
  return match[1]!;
}

/** A member, invited by the operator and signed in through the invitation: its cookie and CSRF token. */
export async function joinedMember(
  app: FastifyInstance,
  db: Database,
  accountId: string,
  email: string,
  role: 'owner' | 'editor' | 'viewer' = 'owner',
) {
  const invitation = await invite(db, accountId, email, role);
  const response = await accept(app, invitation.token);
  if (response.statusCode !== 303) throw new Error(`accept failed: ${response.statusCode} ${response.body}`);
  const cookie = cookieOf(response);
  return { cookie, csrf: await csrfOf(app, cookie), memberId: invitation.invitation.member_id };
}

/** Several members, each invited and joined in turn: [account id, address, role]. */
export async function joinedMembers(
  app: FastifyInstance,
  db: Database,
  members: readonly (readonly [string, string, 'owner' | 'editor' | 'viewer'])[],
): Promise<void> {
  for (const [accountId, email, role] of members) await joinedMember(app, db, accountId, email, role);
}

/**
 * Marks the address's one person as having proved by mail that it is theirs: what the proof by mail will do
 * (docs/members.md). Until then an invitation link makes a person of its own account only.
 */
export async function proveAddress(db: Database, email: string): Promise<void> {
  const { rows } = await db.query<{ id: string }>(
    'UPDATE people SET address_proven_at = now() WHERE email = $1 RETURNING id',
    [email],
  );
  if (rows.length !== 1) throw new Error(`expected one person of ${email}, found ${rows.length}`);
}
