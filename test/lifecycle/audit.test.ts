import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { createAccount } from '../../src/modules/accounts/accounts.service.js';
import { createApiKey } from '../../src/modules/keys/keys.service.js';
import { createAssetViaApi, issueCertificateForTest, type CreatedAsset } from '../helpers/asset-factory.js';
import { runAvsInProcess } from '../helpers/cli-in-process.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';
import { testConfig } from '../helpers/test-app.js';

let database: TestDatabase;
let artwork: CreatedAsset;
let watches: CreatedAsset[];

/** Runs `avs audit …` through runCli, as the binary does, on this file's database. */
const avs = (...args: string[]) => runAvsInProcess(args, { db: database.db });

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  const app = await buildApp({ config: testConfig(), db, logger: false, migrate: false });
  try {
    const account = await createAccount(db, { name: 'Audited Gallery' });
    const key = await createApiKey(db, { actor: { admin: true }, accountId: account.id });
    const auth = { authorization: `Bearer ${key.key}` };
    artwork = await createAssetViaApi(app, auth, 'artworks', { title: 'Audited artwork' });
    await issueCertificateForTest(db, artwork);
    watches = [
      await createAssetViaApi(app, auth, 'watches', { title: 'Audited watch' }),
      await createAssetViaApi(app, auth, 'watches', { title: 'Another watch' }),
    ];
  } finally {
    await app.close();
  }
});
afterAll(() => database?.drop());

describe('avs audit', () => {
  it('exits 0 on a clean store and reports assets, events and no breaks', async () => {
    const result = await avs('audit', '--json');
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      planet: null,
      assets: 3,
      events: 4,
      breaks: [],
      intact: true,
    });
    const human = await avs('audit');
    expect(human.code).toBe(0);
    expect(human.stdout).toContain('3 asset(s) and 4 event(s)');
    expect(human.stdout).toContain('0 break(s)');
  });

  it('exits 1 on a tampered store, listing each break with its asset and sequence', async () => {
    const { db } = database;
    await db.transaction(async (tx) => {
      await tx.query('SET LOCAL session_replication_role = replica');
      await tx.query(
        `UPDATE asset_events SET payload = '{"forged":true}' WHERE asset_id = $1 AND sequence = 2`,
        [artwork.id],
      );
    });
    const result = await avs('audit', '--json');
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout);
    expect(report).toMatchObject({ assets: 3, intact: false });
    expect(report.breaks).toEqual([
      { planet: 'artworks', asset_id: artwork.id, sequence: 2, reason: expect.stringContaining('altered') },
    ]);
    const human = await avs('audit');
    expect(human.code).toBe(1);
    expect(human.stdout).toContain(`BROKEN artworks ${artwork.id} at sequence 2`);
  });

  it('--planet audits one planet only', async () => {
    const watches = await avs('audit', '--planet', 'watches', '--json');
    expect(watches.code).toBe(0);
    expect(JSON.parse(watches.stdout)).toMatchObject({
      planet: 'watches',
      assets: 2,
      events: 2,
      intact: true,
    });
    expect((await avs('audit', '--planet', 'artworks')).code).toBe(1);
  });

  it('refuses an unknown planet or option with exit 2', async () => {
    const unknown = await avs('audit', '--planet', 'spaceships');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('spaceships');
    expect((await avs('audit', '--bogus')).code).toBe(2);
  });

  it('exits 1 for a row whose state was edited without an event, and for a history whose last event was deleted', async () => {
    const [edited, truncated] = watches;
    const { db } = database;
    await issueCertificateForTest(db, truncated!);
    await db.transaction(async (tx) => {
      await tx.query('SET LOCAL session_replication_role = replica');
      await tx.query(`UPDATE assets SET certificate_status = 'issued', status = 'active' WHERE id = $1`, [
        edited!.id,
      ]);
      // The row still says issued: a valid prefix of the chain remains, but the row's head is past it.
      await tx.query('DELETE FROM asset_events WHERE asset_id = $1 AND sequence = 2', [truncated!.id]);
    });
    const result = await avs('audit', '--planet', 'watches', '--json');
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout).breaks).toEqual(
      expect.arrayContaining([
        {
          planet: 'watches',
          asset_id: edited!.id,
          sequence: 1,
          reason: 'the asset says its certificate is issued, but its history says pending',
        },
        {
          planet: 'watches',
          asset_id: truncated!.id,
          sequence: 2,
          reason: "the history ends at event 1, but the asset's chain head is event 2",
        },
      ]),
    );
  });
});
