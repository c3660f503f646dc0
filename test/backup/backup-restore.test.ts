import { createHash } from 'node:crypto';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../src/db/database.js';
import { migrate } from '../../src/db/migrate.js';
import { ensureSetupLink } from '../../src/modules/admin/auth/admin-setup.service.js';
import { createAdminUser } from '../../src/modules/admin/auth/admin-users.service.js';
import { TRAILER_BYTES, verifyArchive } from '../../src/modules/backup/backup-archive.js';
import { schemaVersionOf, writeBackup, type BackupSummary } from '../../src/modules/backup/backup.service.js';
import { checkRestoreTarget, loadArchive } from '../../src/modules/backup/restore.service.js';
import { queueMail } from '../../src/modules/mail/mail.service.js';
import { ensureSigningKey } from '../../src/modules/signing/signing-keys.service.js';
import { rotateTagKeys } from '../../src/modules/tags/tag-keys.service.js';
import { createAssetViaApi } from '../helpers/asset-factory.js';
import { softwareTagOf, type ProvisioningAnswer } from '../helpers/software-tag.js';
import { runAvs } from '../helpers/processes.js';
import {
  createTestDatabase,
  onPostgres,
  openChildDatabase,
  createChildDatabaseEnv,
} from '../helpers/test-database.js';
import { useTestContext } from '../helpers/test-app.js';

const ADMIN_TOKEN = 'backup-restore-admin-token-0123456789';

/** Every table of the schema, from the catalogue: partitions travel through their partitioned parent. */
async function catalogueTables(q: Queryable): Promise<{ name: string; root: string }[]> {
  const { rows } = await q.query<{ name: string; root: string }>(
    `SELECT c.relname AS name, coalesce(pg_partition_root(c.oid), c.oid)::regclass::text AS root
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') ORDER BY 1`,
  );
  return rows;
}

/** A table's rows as one digest: equal digests, equal contents. */
async function tableDigest(q: Queryable, table: string): Promise<string> {
  const { rows } = await q.query<{ count: number; digest: string }>(
    `SELECT count(*)::int AS count, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS digest FROM "${table}" t`,
  );
  return `${rows[0]!.count}:${rows[0]!.digest}`;
}

async function sequenceValues(q: Queryable): Promise<Record<string, string>> {
  const { rows } = await q.query<{ name: string }>(
    `SELECT relname AS name FROM pg_class WHERE relkind = 'S' AND relnamespace = 'public'::regnamespace ORDER BY 1`,
  );
  const values: Record<string, string> = {};
  for (const { name } of rows) {
    const value = await q.query<{ v: string }>(`SELECT last_value || '/' || is_called AS v FROM "${name}"`);
    values[name] = value.rows[0]!.v;
  }
  return values;
}

async function fingerprint(q: Queryable): Promise<Record<string, string>> {
  const tables = await catalogueTables(q);
  const digests: Record<string, string> = {};
  for (const { name } of tables) digests[name] = await tableDigest(q, name);
  return { ...digests, ...(await sequenceValues(q)) };
}

describe('avs backup and avs restore', () => {
  const context = useTestContext({
    config: {
      AVS_ADMIN_TOKEN: ADMIN_TOKEN,
      AVS_WEBHOOK_ALLOW_INSECURE_TARGETS: true,
      AVS_TLOG_INTERVAL_MS: 3_600_000,
    },
  });
  const dir = mkdtempSync(path.join(tmpdir(), 'avs-backup-test-'));
  const archive = path.join(dir, 'registry.avs');
  let summary: BackupSummary;

  beforeAll(async () => {
    const { app, db } = context;
    const owner = await context.createAccountWithKey({ name: 'Owner' });
    const buyer = await context.createAccountWithKey({ name: 'Buyer' });
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/v1/webhooks',
          headers: owner.auth,
          payload: { url: 'http://127.0.0.1:9/hook' },
        })
      ).statusCode,
    ).toBe(201);
    const artwork = await createAssetViaApi(app, owner.auth, 'artworks', {
      title: 'Water Lilies — “Nymphéas”\n\\ 1916',
      medium: 'Oil on canvas',
      year: 1916,
    });
    const watch = await createAssetViaApi(app, owner.auth, 'watches', {
      title: 'Speedmaster',
      brand: 'Omega',
    });
    const idempotent = await app.inject({
      method: 'POST',
      url: '/api/v1/assets/jewelry',
      headers: { ...owner.auth, 'idempotency-key': 'backup-test-1' },
      payload: { title: 'Ring', carat: 1.25 },
    });
    expect(idempotent.statusCode).toBe(201);
    const issued = await app.inject({
      method: 'POST',
      url: `/admin/api/certificates/${artwork.certificate_number}/issue`,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      payload: { reason: 'Checked' },
    });
    expect(issued.statusCode).toBe(200);
    const verified = await app.inject({
      method: 'POST',
      url: '/api/v1/verify',
      headers: buyer.auth,
      payload: { planet: 'artworks', asset_id: artwork.id },
    });
    expect(verified.statusCode).toBe(200);
    await createAdminUser(db, { email: 'registrar@example.com', password: 'a long enough password' });
    // A message in the mail outbox, its headers and both bodies (it waits: mail is sent only when a test asks).
    await db.transaction((tx) =>
      queueMail(tx, {
        kind: 'notice.certificate_issued',
        to: 'registrar@example.com',
        language: 'fr',
        service: 'Asset Verification Service',
        unsubscribeUrl: 'https://verify.example.com/console/notices/off/token',
        draw: () => ({
          subject: 'Certificat délivré',
          heading: 'Bonjour',
          paragraphs: ['« Nymphéas »\n\\ 1916'],
        }),
      }),
    );
    // Two tag key versions, a tag bound under each (the first binding makes version 1), and a tap's counter.
    const bindTag = async (planet: string, id: string, uid: string) => {
      const bound = await app.inject({
        method: 'POST',
        url: `/api/v1/assets/${planet}/${id}/tags`,
        headers: owner.auth,
        payload: { uid },
      });
      expect(bound.statusCode, bound.body).toBe(201);
      return bound.json<ProvisioningAnswer>();
    };
    const tag = softwareTagOf(await bindTag('artworks', artwork.id, '04AA00BB11CC22'));
    expect((await app.inject({ method: 'GET', url: tag.tap('') })).statusCode).toBe(200);
    await rotateTagKeys(db, undefined);
    await bindTag('watches', watch.id, '04AA00BB11CC23');
    // The log's tables get rows too; then nothing moves in the background while the test compares.
    expect(await app.tlogIntegrator!.runOnce()).toBeGreaterThan(0);
    await app.tlogIntegrator!.stop();
    await app.apiKeys.flushLastUsed();

    const out = createWriteStream(archive, { mode: 0o600 });
    summary = await writeBackup(db, out, { file: archive, schemaVersion: await schemaVersionOf(db) });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('starts with its magic, format and schema version, and its --json summary is true to the file', () => {
    const bytes = readFileSync(archive);
    expect(bytes.subarray(0, 20).toString('latin1')).toMatch(/^AVS-BACKUP 1 \d+\n/);
    expect(summary.bytes).toBe(bytes.length);
    expect(summary.sha256).toBe(createHash('sha256').update(bytes.subarray(0, -TRAILER_BYTES)).digest('hex'));
    expect(bytes.subarray(-TRAILER_BYTES).toString('latin1')).toBe(`\nAVS-SHA256 ${summary.sha256}\n`);
    expect(summary.tables).toMatchObject({
      accounts: 2,
      api_keys: 2,
      assets: 3,
      admin_users: 1,
      webhooks: 1,
      tag_key_versions: 2,
      tags: 2,
      tag_taps: 1,
    });
    expect(summary.tables.mail_outbox).toBeGreaterThanOrEqual(1);
  });

  it('carries every table of the schema (from the catalogue) and restores each one and every sequence exactly', async () => {
    const tables = await catalogueTables(context.db);
    const missing = tables.filter(
      (table) => table.name !== 'schema_migrations' && !(table.root in summary.tables),
    );
    expect(missing.map((table) => table.name)).toEqual([]);

    const target = await createTestDatabase();
    try {
      // What a first start generates does not make a target non-empty; the restore replaces it.
      await ensureSigningKey(target.db, 'log', undefined);
      expect(await ensureSetupLink(target.db)).toMatchObject({ state: 'minted' });
      const verified = await verifyArchive(archive, summary.schema_version);
      await checkRestoreTarget(target.db, verified);
      await migrate(target.db);
      const restored = await loadArchive(target.db, verified);
      expect(restored.tables).toEqual(summary.tables);
      expect(await fingerprint(target.db)).toEqual(await fingerprint(context.db));
    } finally {
      await target.drop();
    }
  });

  describe('refusals: exit 1, one sentence, the target as it was', () => {
    const refused = async (file: string, env: Record<string, string>) => {
      const result = await runAvs(['restore', file], { env });
      expect(result.code, result.stderr).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(/^avs restore: [^\n]+\.\n$/);
      return result.stderr;
    };
    const blankTarget = async () => {
      if (!onPostgres)
        return {
          env: { AVS_DATA_DIR: path.join(dir, `blank-${Math.random()}`) },
          drop: async () => undefined,
        };
      return createChildDatabaseEnv();
    };
    const unchanged = async (env: Record<string, string>, check: () => Promise<void>) => {
      if (env.AVS_DATA_DIR) {
        await check();
        expect(existsSync(env.AVS_DATA_DIR)).toBe(false);
        return;
      }
      const db = await openChildDatabase(env);
      const before = await fingerprint(db);
      await check();
      expect(await fingerprint(db)).toEqual(before);
      await db.close();
    };

    it('refuses a truncated archive, a flipped byte and an archive of a newer schema', async () => {
      const bytes = readFileSync(archive);
      const truncated = path.join(dir, 'truncated.avs');
      writeFileSync(truncated, bytes.subarray(0, bytes.length - 100));
      const flipped = path.join(dir, 'flipped.avs');
      const altered = Buffer.from(bytes);
      altered[Math.floor(altered.length / 2)]! ^= 0x01;
      writeFileSync(flipped, altered);
      // A well-formed archive (checksum right) of a schema this code does not have yet.
      const newer = path.join(dir, 'newer.avs');
      const body = bytes.subarray(bytes.indexOf(0x0a) + 1, -TRAILER_BYTES);
      const head = Buffer.from(`AVS-BACKUP 1 ${summary.schema_version + 1000}\n`);
      const sha = createHash('sha256').update(head).update(body).digest('hex');
      writeFileSync(newer, Buffer.concat([head, body, Buffer.from(`\nAVS-SHA256 ${sha}\n`)]));

      const target = await blankTarget();
      try {
        await unchanged(target.env, async () => {
          expect(await refused(truncated, target.env)).toMatch(/incomplete|damaged/);
          expect(await refused(flipped, target.env)).toMatch(/damaged/);
          expect(await refused(newer, target.env)).toMatch(/newer than this avs/);
        });
      } finally {
        await target.drop();
      }
    });

    it('refuses a target that holds data', async () => {
      const { env, drop } = await createChildDatabaseEnv();
      try {
        const seeded = await runAvs(['accounts', 'create', '--name', 'Already here'], { env });
        expect(seeded.code, seeded.stderr).toBe(0);
        const db = await openChildDatabase(env);
        const before = await fingerprint(db);
        await db.close();
        expect(await refused(archive, env)).toMatch(/not empty \(accounts hold rows\)/);
        const after = await openChildDatabase(env);
        expect(await fingerprint(after)).toEqual(before);
        await after.close();
      } finally {
        await drop();
      }
    });
  });
});
