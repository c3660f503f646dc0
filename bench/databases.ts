import { moveCertificate } from '../src/modules/certificates/certificate-moves.service.js';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Database } from '../src/db/database.js';
import { migrate } from '../src/db/migrate.js';
import { PgliteDatabase } from '../src/db/pglite.js';
import { PostgresDatabase } from '../src/db/postgres.js';
import { createAccount } from '../src/modules/accounts/accounts.service.js';
import { createApiKey } from '../src/modules/keys/keys.service.js';
import { acceptInvitation, inviteMember } from '../src/modules/members/invitations.service.js';
import { LoginThrottle } from '../src/modules/web-pages/login-throttle.js';
import { acceptClaimAsCollector } from '../src/modules/collection/objects/held-objects.service.js';
import { signInWithCollectionLink } from '../src/modules/collection/shell/collector-sign-in.service.js';
import { createHandover } from '../src/modules/holders/holders.service.js';
import { DEFAULT_MAIL_SETTINGS } from '../src/modules/mail/mail-settings.js';
import { mailCollectionSignInLink } from '../src/modules/members/collection-links.service.js';

export interface Credentials {
  accountId: string;
  apiKeyId: string;
  apiKey: string;
  /** The Cookie header of a signed-in owner of the account, for the /console pages. */
  memberCookie: string;
}

/** A fresh, empty PostgreSQL database on the given server; drop() removes it. */
export interface FreshPostgres {
  url: string;
  name: string;
  drop(): Promise<void>;
}

async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function createFreshPostgres(adminUrl: string, label: string): Promise<FreshPostgres> {
  const name = `avs_bench_${label}_${process.pid}_${Date.now()}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/**
 * An owner of the account, invited by the operator and signed in by accepting the invitation (the members'
 * services, as a person does it through the invitation page): the session's Cookie header.
 */
async function signedInOwner(db: Database, accountId: string): Promise<string> {
  const token = await joinAsOwner(db, accountId, 'bench-owner@example.org', 'http://localhost');
  return `avs_member_session=${token}`;
}

/** An owner invited to the account and joined by the invitation's link, as a person does; their session token. */
export async function joinAsOwner(
  db: Database,
  accountId: string,
  email: string,
  baseUrl: string,
): Promise<string> {
  const { url } = await inviteMember(db, {
    accountId,
    email,
    role: 'owner',
    actor: { admin: true },
    baseUrl,
  });
  const password = 'a bench passphrase, long enough';
  const accepted = await acceptInvitation(db, new LoginThrottle({ ipv6PrefixBits: 64 }), {
    token: url.split('/').pop()!,
    password,
    again: password,
    address: '127.0.0.1',
  });
  if (accepted.outcome !== 'accepted') throw new Error(`the bench owner could not join: ${accepted.outcome}`);
  return accepted.token;
}

/**
 * A collector as a buyer becomes one: the link mailed to their address (taken as the mail is drawn) signs them in and
 * proves it, then they accept a claim the account made for each of `assets` (issued). The session's Cookie header.
 */
export async function collectorHolding(
  url: string,
  credentials: Credentials,
  email: string,
  assets: readonly { id: string }[],
): Promise<{ collectorId: string; cookie: string }> {
  return withPostgres(url, async (db) => {
    let link = '';
    await db.transaction((tx) =>
      mailCollectionSignInLink(tx, {
        email,
        settings: { ...DEFAULT_MAIL_SETTINGS, baseUrl: 'http://localhost' },
        draw: (url) => {
          link = url;
          return {
            subject: 'Sign in',
            heading: 'Sign in',
            paragraphs: [],
            action: { label: 'Sign in', url },
          };
        },
      }),
    );
    const signedIn = await signInWithCollectionLink(db, link.split('/').pop()!);
    if (signedIn.outcome !== 'signed_in')
      throw new Error(`the bench collector could not sign in: ${signedIn.outcome}`);
    const gallery = {
      kind: 'account' as const,
      principal: { accountId: credentials.accountId, apiKeyId: credentials.apiKeyId, planetScope: [] },
    };
    for (const asset of assets) {
      const { code } = await createHandover(db, {
        planet: 'artworks',
        assetId: asset.id,
        actor: gallery,
        kind: 'claim',
      });
      await acceptClaimAsCollector(db, code!, signedIn.collectorId);
    }
    return { collectorId: signedIn.collectorId, cookie: `avs_collector_session=${signedIn.token}` };
  });
}

async function seedCredentials(db: Database): Promise<Credentials> {
  await migrate(db);
  const account = await createAccount(db, { name: 'Bench gallery' });
  const key = await createApiKey(db, { actor: { admin: true }, accountId: account.id, name: 'bench' });
  const memberCookie = await signedInOwner(db, account.id);
  return { accountId: account.id, apiKeyId: key.id, apiKey: key.key, memberCookie };
}

/** A second account with its own key (every planet), on a database seedPostgres made: the receiver of transfers. */
export async function createReceivingAccount(url: string): Promise<{ accountId: string; apiKey: string }> {
  return withPostgres(url, async (db) => {
    const account = await createAccount(db, { name: 'Bench receiving gallery' });
    const key = await createApiKey(db, { actor: { admin: true }, accountId: account.id, name: 'bench' });
    return { accountId: account.id, apiKey: key.key };
  });
}

/** Migrates the database and creates one account with one key of every planet, and a signed-in owner. */
export async function seedPostgres(url: string): Promise<Credentials> {
  return withPostgres(url, seedCredentials);
}

/** A small pool on the database for the bench's own set-up, closed when `use` is done. */
async function withPostgres<T>(url: string, use: (db: PostgresDatabase) => Promise<T>): Promise<T> {
  const db = new PostgresDatabase({
    connectionString: url,
    poolSize: 2,
    statementTimeoutMs: 60_000,
    connectTimeoutMs: 10_000,
  });
  try {
    return await use(db);
  } finally {
    await db.close();
  }
}

/** Migrates and seeds a PGlite data directory (a new one, or one a server made and has closed). */
export async function seedPglite(dataDir: string): Promise<Credentials> {
  const db = await PgliteDatabase.open(dataDir);
  try {
    return await seedCredentials(db);
  } finally {
    await db.close();
  }
}

/** A temporary PGlite data directory, migrated and seeded, then closed so that a server may open it. */
export async function createSeededPglite(label: string): Promise<{
  dataDir: string;
  credentials: Credentials;
  remove(): Promise<void>;
}> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `avs-bench-${label}-`));
  const credentials = await seedPglite(dataDir);
  return { dataDir, credentials, remove: () => rm(dataDir, { recursive: true, force: true }) };
}

/** Issues the given certificates as an administrator does (the certificate-moves service), for the public reads. */
export async function issueCertificates(url: string, certificateNumbers: readonly string[]): Promise<void> {
  await withPostgres(url, async (db) => {
    for (const certificateNumber of certificateNumbers) {
      await db.transaction((tx) =>
        moveCertificate(tx, { certificateNumber, move: 'issue', reason: null, actor: { adminToken: true } }),
      );
    }
  });
}
