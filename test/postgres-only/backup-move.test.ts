import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { PgliteDatabase } from '../../src/db/pglite.js';
import { PostgresDatabase } from '../../src/db/postgres.js';
import { createAccount } from '../../src/modules/accounts/accounts.service.js';
import { createApiKey } from '../../src/modules/keys/keys.service.js';
import { createAssetViaApi, type CreatedAsset } from '../helpers/asset-factory.js';
import { OpenApiConformance } from '../helpers/openapi-conformance.js';
import { databaseUrl } from '../helpers/postgres-url.js';
import { runAvs } from '../helpers/processes.js';
import { testConfig } from '../helpers/test-app.js';

const ADMIN_TOKEN = 'backup-move-admin-token-0123456789abcdef';
const config = testConfig({ AVS_ADMIN_TOKEN: ADMIN_TOKEN, AVS_TLOG_INTERVAL_MS: 3_600_000 });

const numberOf = (certificate: string) => Number(certificate.split('-').at(-1));

describe('moving from the embedded database to PostgreSQL (and back) with avs backup and avs restore', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'avs-backup-move-'));
  const dataDir = path.join(root, 'embedded');
  const { adminUrl } = inject('postgresTemplate');
  const databaseName = `avs_move_${randomBytes(4).toString('hex')}`;
  const postgresUrl = databaseUrl(adminUrl, databaseName);
  afterAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin.end();
    rmSync(root, { recursive: true, force: true });
  });

  it('restores an embedded archive into a new PostgreSQL database where the old keys, the main flows and the numbering go on', async () => {
    // The embedded registry: a key, two artworks, one certificate issued, one verification.
    const embedded = await PgliteDatabase.open(dataDir);
    const source = await buildApp({ config, db: embedded, logger: false });
    await source.ready();
    const account = await createAccount(embedded, { name: 'Moving Gallery' });
    const { key } = await createApiKey(embedded, {
      actor: { admin: true },
      accountId: account.id,
      planetScope: [],
      expiresAt: null,
      name: 'before the move',
    });
    const auth = { authorization: `Bearer ${key}` };
    const first = await createAssetViaApi(source, auth);
    const second = await createAssetViaApi(source, auth, 'artworks', { title: 'Haystacks', year: 1891 });
    const issued = await source.inject({
      method: 'POST',
      url: `/admin/api/certificates/${first.certificate_number}/issue`,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      payload: {},
    });
    expect(issued.statusCode).toBe(200);
    await source.close();
    await embedded.close();

    // No server holds the directory: avs backup opens it itself.
    const archive = path.join(root, 'embedded.avs');
    const backup = await runAvs(['backup', archive, '--json'], { env: { AVS_DATA_DIR: dataDir } });
    expect(backup.code, backup.stderr).toBe(0);

    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${databaseName}`);
    await admin.end();
    const restore = await runAvs(['restore', archive, '--json'], { env: { DATABASE_URL: postgresUrl } });
    expect(restore.code, restore.stderr).toBe(0);
    expect(JSON.parse(restore.stdout)).toEqual(JSON.parse(backup.stdout));
    const audit = await runAvs(['audit'], { env: { DATABASE_URL: postgresUrl } });
    expect(audit.code, audit.stdout + audit.stderr).toBe(0);

    const moved = new PostgresDatabase({
      connectionString: postgresUrl,
      poolSize: 4,
      statementTimeoutMs: 30_000,
      connectTimeoutMs: 5_000,
    });
    const app = await buildApp({ config, db: moved, logger: false, migrate: false });
    await app.ready();
    const conformance = await OpenApiConformance.of(app);
    conformance.watch(app);
    try {
      const read = await app.inject({ url: `/api/v1/assets/artworks/${first.id}`, headers: auth });
      expect(read.statusCode).toBe(200);
      expect(read.json()).toMatchObject({
        certificate_number: first.certificate_number,
        certificate_status: 'issued',
      });
      const certificate = await app.inject({
        url: `/api/v1/certificates/${first.certificate_number}`,
        headers: auth,
      });
      expect(certificate.statusCode).toBe(200);
      const history = await app.inject({ url: `/api/v1/assets/artworks/${first.id}/history`, headers: auth });
      expect(history.statusCode).toBe(200);
      expect(history.json<{ data: unknown[] }>().data).toHaveLength(2);
      const verify = await app.inject({
        method: 'POST',
        url: '/api/v1/verify',
        headers: auth,
        payload: { planet: 'artworks', asset_id: first.id },
      });
      expect(verify.statusCode).toBe(200);
      const updated = await app.inject({
        method: 'PATCH',
        url: `/api/v1/assets/artworks/${second.id}`,
        headers: auth,
        payload: { title: 'Haystacks (End of Summer)' },
      });
      expect(updated.statusCode).toBe(200);

      // The certificate numbers go on from the embedded registry's: none is handed out twice.
      const next: CreatedAsset = await createAssetViaApi(app, auth, 'artworks', { title: 'Rouen Cathedral' });
      expect(numberOf(next.certificate_number)).toBe(
        Math.max(numberOf(first.certificate_number), numberOf(second.certificate_number)) + 1,
      );
      const issueNext = await app.inject({
        method: 'POST',
        url: `/admin/api/certificates/${next.certificate_number}/issue`,
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        payload: {},
      });
      expect(issueNext.statusCode).toBe(200);
    } finally {
      await app.close();
      await moved.close();
    }
    expect(conformance.violations).toEqual([]);
    const auditAfter = await runAvs(['audit', '--json'], { env: { DATABASE_URL: postgresUrl } });
    expect(JSON.parse(auditAfter.stdout)).toMatchObject({ assets: 3, intact: true });

    // And back: PostgreSQL → archive → a new embedded directory.
    const back = path.join(root, 'postgres.avs');
    expect((await runAvs(['backup', back], { env: { DATABASE_URL: postgresUrl } })).code).toBe(0);
    const returned = { AVS_DATA_DIR: path.join(root, 'returned') };
    const restoredBack = await runAvs(['restore', back, '--json'], { env: returned });
    expect(restoredBack.code, restoredBack.stderr).toBe(0);
    expect(JSON.parse(restoredBack.stdout)).toMatchObject({ tables: { assets: 3, api_keys: 1 } });
    const auditBack = await runAvs(['audit', '--json'], { env: returned });
    expect(auditBack.code, auditBack.stdout + auditBack.stderr).toBe(0);
  });
});
