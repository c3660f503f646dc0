import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadMigrations, migrate } from '../../src/db/migrate.js';
import { PgliteDatabase } from '../../src/db/pglite.js';
import { MasterKeyError } from '../../src/modules/signing/key-encryption.js';
import {
  SigningKeyring,
  ensureSigningKey,
  rotateSigningKey,
} from '../../src/modules/signing/signing-keys.service.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';
import { testConfig } from '../helpers/test-app.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.drop());

const masterKey = Buffer.alloc(32, 1).toString('base64');

describe('signing keys', () => {
  it('instances starting together create one key, not several', async () => {
    const ids = await Promise.all(
      Array.from({ length: 6 }, () => ensureSigningKey(database.db, 'credentials', masterKey)),
    );
    expect(new Set(ids).size).toBe(1);
    const { rows } = await database.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM signing_keys WHERE purpose = 'credentials' AND status = 'active'`,
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('a private key encrypted under AVS_MASTER_KEY opens only with it', async () => {
    const rotated = await rotateSigningKey(database.db, 'credentials', masterKey);
    const { rows } = await database.db.query<{ private_key: Buffer; private_key_encryption: string }>(
      'SELECT private_key, private_key_encryption FROM signing_keys WHERE id = $1',
      [rotated.id],
    );
    expect(rows[0]!.private_key_encryption).toBe('aes-256-gcm');
    expect((await new SigningKeyring(masterKey).activeKey(database.db, 'credentials')).id).toBe(rotated.id);
    await expect(new SigningKeyring(undefined).activeKey(database.db, 'credentials')).rejects.toThrow(
      /AVS_MASTER_KEY/,
    );
    await expect(
      new SigningKeyring(Buffer.alloc(32, 2).toString('base64')).activeKey(database.db, 'credentials'),
    ).rejects.toBeInstanceOf(MasterKeyError);
  });

  it('concurrent rotations leave exactly one active key', async () => {
    await Promise.all([1, 2, 3].map(() => rotateSigningKey(database.db, 'credentials', masterKey)));
    const { rows } = await database.db.query<{ status: string }>(
      `SELECT status FROM signing_keys WHERE purpose = 'credentials'`,
    );
    expect(rows.filter((row) => row.status === 'active')).toHaveLength(1);
  });
});

describe('start-up warnings', () => {
  async function warningsOf(overrides: Parameters<typeof testConfig>[0]) {
    const lines: string[] = [];
    const stream = { write: (line: string) => lines.push(line) };
    const own = await createTestDatabase();
    const app = await buildApp({
      config: testConfig({ LOG_LEVEL: 'warn', ...overrides }),
      db: own.db,
      migrate: false,
      logger: { level: 'warn', stream },
    });
    await app.close();
    await own.drop();
    return lines.map((line) => (JSON.parse(line) as { msg: string }).msg);
  }

  it('names AVS_MASTER_KEY once when it is unset, and AVS_PUBLIC_URL when its host is an IP address', async () => {
    const unset = await warningsOf({ AVS_PUBLIC_URL: 'http://192.0.2.10:8080' });
    expect(unset.filter((message) => message.includes('AVS_MASTER_KEY'))).toHaveLength(1);
    expect(unset.filter((message) => message.includes('AVS_PUBLIC_URL'))).toHaveLength(1);
    const set = await warningsOf({ AVS_MASTER_KEY: masterKey, AVS_PUBLIC_URL: 'https://avs.example.com' });
    expect(set).toEqual([]);
  });
});

describe('an AVS_PUBLIC_URL with a path', () => {
  it('serves the DID document at <path>/did.json, where did:web resolution looks', async () => {
    const own = await createTestDatabase();
    const app = await buildApp({
      config: testConfig({ AVS_PUBLIC_URL: 'https://example.com/trust/avs' }),
      db: own.db,
      migrate: false,
      logger: false,
    });
    try {
      const response = await app.inject({ method: 'GET', url: '/trust/avs/did.json' });
      expect(response.statusCode).toBe(200);
      expect(response.json().id).toBe('did:web:example.com:trust:avs');
      expect((await app.inject({ method: 'GET', url: '/.well-known/did.json' })).statusCode).toBe(404);
    } finally {
      await app.close();
      await own.drop();
    }
  });
});

describe('migration 121 backfill', () => {
  it('gives certificates issued before it a credential row and a random index in each status list', async () => {
    const db = await PgliteDatabase.open(`memory://${randomUUID()}`);
    try {
      await migrate(
        db,
        loadMigrations().filter((migration) => migration.version < 120),
      );
      const account = randomUUID();
      await db.query(`INSERT INTO accounts (id, name) VALUES ($1, 'Old Gallery')`, [account]);
      const states = ['issued', 'suspended', 'revoked', 'pending', 'rejected'];
      for (const [n, state] of states.entries()) {
        await db.query(
          `INSERT INTO assets (id, planet, title, account_id, certificate_number, certificate_status,
             created_by, updated_by, issued_at)
           VALUES ($1, 'artworks', $2, $3, generate_certificate_number('artworks'), $4, $3, $3, $5)`,
          [
            randomUUID(),
            `Old ${n}`,
            account,
            state,
            ['pending', 'rejected'].includes(state) ? null : new Date(),
          ],
        );
      }
      await migrate(db);
      const credentials = await db.query('SELECT * FROM certificate_credentials');
      expect(credentials.rows).toHaveLength(3);
      const { rows } = await db.query<{ purpose: string; is_set: boolean; certificate_status: string }>(
        `SELECT e.purpose, e.is_set, a.certificate_status FROM status_list_entries e
         JOIN assets a ON a.planet = e.planet AND a.id = e.asset_id ORDER BY e.purpose, a.certificate_status`,
      );
      expect(rows.map((row) => [row.purpose, row.certificate_status, row.is_set])).toEqual([
        ['revocation', 'issued', false],
        ['revocation', 'revoked', true],
        ['revocation', 'suspended', false],
        ['suspension', 'issued', false],
        ['suspension', 'revoked', false],
        ['suspension', 'suspended', true],
      ]);
    } finally {
      await db.close();
    }
  });
});
