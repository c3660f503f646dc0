import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { timeOrderedId } from '../../src/lib/time-ordered-id.js';
import { listTables } from '../../src/modules/backup/backup.repository.js';
import { makeVerificationMonths } from '../../src/modules/verification/verification-partitions.service.js';
import { findVerification } from '../../src/modules/verification/verifications.repository.js';
import {
  createAssetViaApi,
  issueCertificateForTest,
  verifyViaApi,
  type CreatedAsset,
} from '../helpers/asset-factory.js';
import { appendEventsForTest } from '../helpers/long-history.js';
import { useTestContext, type TestContext } from '../helpers/test-app.js';

// Migrations 480 and 481 (docs/scaling.md, "Partitions"), on both databases: what partitioning must not change.
const context = useTestContext();
let asset: CreatedAsset;
let owner: Awaited<ReturnType<TestContext['createAccountWithKey']>>;

const monthName = (year: number, month: number) => {
  const first = new Date(Date.UTC(year, month, 1));
  return `verifications_p${first.getUTCFullYear()}_${String(first.getUTCMonth() + 1).padStart(2, '0')}`;
};
const monthsFromNow = (n: number) => monthName(new Date().getUTCFullYear(), new Date().getUTCMonth() + n);

async function partitionsOf(parent: string): Promise<string[]> {
  const { rows } = await context.db.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
     WHERE i.inhparent = $1::regclass ORDER BY 1`,
    [parent],
  );
  return rows.map((row) => row.name);
}

const verify = () => verifyViaApi(context.app, owner.auth, asset);

beforeAll(async () => {
  owner = await context.createAccountWithKey();
  asset = await createAssetViaApi(context.app, owner.auth, 'artworks', { title: 'Partitioned' });
  await issueCertificateForTest(context.db, asset);
  await appendEventsForTest(context.db, asset, 3);
  await context.app.tlogIntegrator!.runOnce();
});

describe('the partitioned history tables', () => {
  it('asset_events and tlog_entries in 16 hash partitions each; verifications by month, three ahead, and a default', async () => {
    expect(await partitionsOf('asset_events')).toEqual(
      Array.from({ length: 16 }, (_, n) => `asset_events_p${String(n).padStart(2, '0')}`),
    );
    expect(await partitionsOf('tlog_entries')).toHaveLength(16);
    const months = await partitionsOf('verifications');
    for (const ahead of [0, 1, 2, 3]) expect(months).toContain(monthsFromNow(ahead));
    expect(months).toContain('verifications_default');
  });

  it("the backup carries each partitioned table once, by its parent, and none of pg_partman's own", async () => {
    const carried = (await listTables(context.db)).map((table) => table.name);
    for (const parent of ['asset_events', 'tlog_entries', 'verifications'])
      expect(carried.filter((name) => name === parent)).toHaveLength(1);
    expect(carried.filter((name) => /_p\d{2}$|_p\d{4}_\d{2}$|_default$/.test(name))).toEqual([]);
    expect(carried.filter((name) => /part_config|template_/.test(name))).toEqual([]);
  });

  it('a history still verifies, its events logged, and its verification is found by id', async () => {
    const answer = await verify();
    expect(answer.verified).toBe(true);
    expect(answer.checks.find((check) => check.name === 'history_logged')?.passed).toBe(true);
    expect((await findVerification(context.db, answer.id))?.asset_id).toBe(asset.id);
  });

  it('every partitioned table still refuses UPDATE and DELETE, naming the table', async () => {
    const { id } = await verify();
    const refusals = [
      ['UPDATE asset_events SET event_type = event_type WHERE asset_id = $1', asset.id, 'asset_events'],
      ['DELETE FROM asset_events WHERE asset_id = $1', asset.id, 'asset_events'],
      ['UPDATE tlog_entries SET entry = entry WHERE asset_id = $1', asset.id, 'tlog_entries'],
      ['DELETE FROM tlog_entries WHERE asset_id = $1', asset.id, 'tlog_entries'],
      ['UPDATE verifications SET verified = false WHERE id = $1', id, 'verifications'],
      ['DELETE FROM verifications WHERE id = $1', id, 'verifications'],
    ] as const;
    for (const [sql, key, table] of refusals)
      await expect(context.db.query(sql, [key])).rejects.toThrow(`${table} is append-only`);
    expect(await verify()).toMatchObject({ verified: true });
  });

  it('an old record with a random id is found in whichever month holds it', async () => {
    const id = randomUUID();
    await context.db.query(
      `INSERT INTO verifications (id, planet, asset_id, certificate_number, verified, result, account_id, created_at)
       VALUES ($1, 'artworks', $2, $3, true, '{}', $4, now() - interval '2 years')`,
      [id, asset.id, asset.certificate_number, owner.accountId],
    );
    expect((await findVerification(context.db, id))?.asset_id).toBe(asset.id);
    // A UUIDv7 is looked for within a day of its own time only: its months, not every month.
    const ordered = timeOrderedId();
    await context.db.query(
      `INSERT INTO verifications (id, planet, asset_id, certificate_number, verified, result, account_id, created_at)
       VALUES ($1, 'artworks', $2, $3, true, '{}', $4, now() - interval '2 years')`,
      [ordered, asset.id, asset.certificate_number, owner.accountId],
    );
    expect(await findVerification(context.db, ordered)).toBeUndefined();
  });

  it('the periodic step makes a coming month that is missing, and a month detaches for archive', async () => {
    const farthest = monthsFromNow(3);
    await context.db.exec(`ALTER TABLE verifications DETACH PARTITION ${farthest}; DROP TABLE ${farthest}`);
    expect(await partitionsOf('verifications')).not.toContain(farthest);
    await makeVerificationMonths(context.db);
    expect(await partitionsOf('verifications')).toContain(farthest);

    const current = monthsFromNow(0);
    const { id } = await verify();
    await context.db.exec(`ALTER TABLE verifications DETACH PARTITION ${current}`);
    expect(await findVerification(context.db, id)).toBeUndefined();
    const archived = await context.db.query(`SELECT 1 FROM ${current} WHERE id = $1`, [id]);
    expect(archived.rows).toHaveLength(1);
  });
});
