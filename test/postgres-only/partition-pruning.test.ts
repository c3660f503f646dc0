import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { sqlText, type Sql } from '../../src/db/database.js';
import { findLastEventStatement, listEventsStatement } from '../../src/modules/chain/events.repository.js';
import { LIST_EVENTS_OF_ASSETS_SQL } from '../../src/modules/history/history-audit.repository.js';
import { READ_LOGGED_LEAVES_SQL } from '../../src/modules/history/history-checks.repository.js';
import { listHistoryStatement } from '../../src/modules/history/history.repository.js';
import {
  findEventWithLogIndexStatement,
  LIST_PENDING_SQL,
  readEntriesStatement,
} from '../../src/modules/tlog/tlog.repository.js';
import {
  ANY_LENGTH,
  findAssetWithHistoryStatement,
  findVerificationStatement,
  listVerificationsStatement,
  verificationWindow,
} from '../../src/modules/verification/verifications.repository.js';
import {
  createAssetViaApi,
  issueCertificateForTest,
  verifyViaApi,
  type CreatedAsset,
} from '../helpers/asset-factory.js';
import { LOG_ON_DEMAND, useTestContext, type TestContext } from '../helpers/test-app.js';

// The log integrates only when asked: the integrator's read is explained while events wait in its queue.
const context = useTestContext({ config: LOG_ON_DEMAND });
let owner: Awaited<ReturnType<TestContext['createAccountWithKey']>>;
const assets: CreatedAsset[] = [];
let verificationId: string;

interface PlanNode {
  'Relation Name'?: string;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}

/** The tables a plan read, each node that ran at least once: partitions pruned at planning, at start or per loop are absent. */
function tablesRead(node: PlanNode, into = new Set<string>()): Set<string> {
  if (node['Relation Name'] && (node['Actual Loops'] ?? 0) > 0) into.add(node['Relation Name']);
  for (const child of node.Plans ?? []) tablesRead(child, into);
  return into;
}

/**
 * The partitions of `parent` a statement reads, run as the service runs it: once with the plan made for its values
 * (pg's unnamed statements), once with the generic plan a named prepared statement settles on (pruned when it starts).
 */
async function partitionsRead(
  parent: string,
  sql: Sql,
  params: readonly Parameter[],
): Promise<{ custom: string[]; generic: string[] }> {
  // A connection of its own: PREPARE and DEALLOCATE leave the app's pool and its prepared statements alone.
  const client = new pg.Client({ connectionString: context.database.url });
  await client.connect();
  try {
    await client.query(`PREPARE explained AS ${sqlText(sql)}`);
    const explain = async (mode: 'force_custom_plan' | 'force_generic_plan') => {
      await client.query(`SET plan_cache_mode = ${mode}`);
      const values = params.map(literal).join(', ');
      const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
        `EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE explained${params.length > 0 ? `(${values})` : ''}`,
      );
      return [...tablesRead(rows[0]!['QUERY PLAN'][0].Plan)]
        .filter((table) => table.startsWith(`${parent}_`))
        .sort();
    };
    return { custom: await explain('force_custom_plan'), generic: await explain('force_generic_plan') };
  } finally {
    await client.end();
  }
}

type Parameter = string | number | Date | null | readonly (string | number)[];

/** A statement parameter as an SQL literal (EXECUTE takes values, not parameters), typed by the statement. */
function literal(value: Parameter): string {
  if (value === null) return 'NULL';
  if (typeof value === 'number') return String(value);
  const text =
    value instanceof Date ? value.toISOString() : typeof value === 'string' ? value : `{${value.join(',')}}`;
  return `'${text.replaceAll("'", "''")}'`;
}

/** The partition of `parent` that holds the asset's rows (the same remainder in asset_events and tlog_entries). */
async function partitionOf(parent: string, assetId: string): Promise<string> {
  const { rows } = await context.db.query<{ partition: string }>(
    `SELECT tableoid::regclass::text AS partition FROM ${parent} WHERE asset_id = $1 LIMIT 1`,
    [assetId],
  );
  return rows[0]!.partition;
}

const only = (partition: string) => ({ custom: [partition], generic: [partition] });

beforeAll(async () => {
  owner = await context.createAccountWithKey();
  // Eight assets: their histories land in several of the 16 partitions.
  for (let n = 0; n < 8; n++) {
    const asset = await createAssetViaApi(context.app, owner.auth, 'artworks', { title: `Pruned ${n}` });
    await issueCertificateForTest(context.db, asset);
    assets.push(asset);
  }
  await context.app.tlogIntegrator!.runOnce();
  for (const asset of assets) verificationId = (await verifyViaApi(context.app, owner.auth, asset)).id;
  const partitions = new Set<string>();
  for (const asset of assets) partitions.add(await partitionOf('asset_events', asset.id));
  expect(partitions.size).toBeGreaterThan(1);
});

describe("an asset's history and log entries: one hash partition of each", () => {
  it('the history page joins the one partition of asset_events and of tlog_entries with the same remainder', async () => {
    const asset = assets[0]!;
    const events = await partitionOf('asset_events', asset.id);
    const entries = await partitionOf('tlog_entries', asset.id);
    expect(entries.slice(-3)).toBe(events.slice(-3));
    const params = [asset.id, 0, 100];
    expect(await partitionsRead('asset_events', listHistoryStatement, params)).toEqual(only(events));
    expect(await partitionsRead('tlog_entries', listHistoryStatement, params)).toEqual(only(entries));
  });

  it("the chain's reads: the last event, a page of events, one event with its log index, the audit's and re-check's", async () => {
    const asset = assets[1]!;
    const events = await partitionOf('asset_events', asset.id);
    const entries = await partitionOf('tlog_entries', asset.id);
    expect(await partitionsRead('asset_events', findLastEventStatement, [asset.id])).toEqual(only(events));
    expect(await partitionsRead('asset_events', listEventsStatement, [asset.id, 0, 100])).toEqual(
      only(events),
    );
    const withIndex = [asset.id, 1];
    expect(await partitionsRead('asset_events', findEventWithLogIndexStatement, withIndex)).toEqual(
      only(events),
    );
    expect(await partitionsRead('tlog_entries', findEventWithLogIndexStatement, withIndex)).toEqual(
      only(entries),
    );
    // A batch of one asset: one partition (an array parameter prunes in the plan made for its values, as these run).
    expect((await partitionsRead('asset_events', LIST_EVENTS_OF_ASSETS_SQL, [[asset.id]])).custom).toEqual([
      events,
    ]);
    expect((await partitionsRead('tlog_entries', READ_LOGGED_LEAVES_SQL, [[asset.id]])).custom).toEqual([
      entries,
    ]);
  });

  it("the verification's read of the chain and its log entries", async () => {
    const asset = assets[2]!;
    const params = ['artworks', asset.id, ANY_LENGTH, []];
    expect(await partitionsRead('asset_events', findAssetWithHistoryStatement, params)).toEqual(
      only(await partitionOf('asset_events', asset.id)),
    );
    expect(await partitionsRead('tlog_entries', findAssetWithHistoryStatement, params)).toEqual(
      only(await partitionOf('tlog_entries', asset.id)),
    );
  });

  it("the integrator's read of its queue: each queued event in its asset's partition only", async () => {
    const queued = await createAssetViaApi(context.app, owner.auth, 'artworks', { title: 'Queued' });
    const { rows } = await context.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM tlog_pending',
    );
    expect(rows[0]!.count).toBe(1);
    expect(await partitionsRead('asset_events', LIST_PENDING_SQL, [100])).toEqual(
      only(await partitionOf('asset_events', queued.id)),
    );
    await context.app.tlogIntegrator!.runOnce();
  });

  it('an entry bundle (consecutive log indexes of many assets) reads every partition: the one read not by asset', async () => {
    const read = await partitionsRead('tlog_entries', readEntriesStatement, [0, 256]);
    expect(read.custom).toHaveLength(16);
  });
});

describe('verification records: the months a read can reach', () => {
  const month = (at: Date) =>
    `verifications_p${at.getUTCFullYear()}_${String(at.getUTCMonth() + 1).padStart(2, '0')}`;
  const monthsAfter = (at: Date, n: number) =>
    month(new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + n, 1)));

  it('a look-up by id reads the months about its UUIDv7 only', async () => {
    const read = await partitionsRead('verifications', findVerificationStatement, [
      verificationId,
      ...verificationWindow(verificationId),
    ]);
    const now = new Date();
    for (const plan of [read.custom, read.generic]) {
      expect(plan).toContain(month(now));
      expect(plan).not.toContain(monthsAfter(now, 2));
      expect(plan).not.toContain(monthsAfter(now, 3));
    }
  });

  it("an asset's list: a page after a cursor skips the months after it", async () => {
    const asset = assets[3]!;
    const now = new Date();
    const read = await partitionsRead('verifications', listVerificationsStatement, [
      asset.id,
      now,
      '00000000-0000-7000-8000-000000000000',
      51,
    ]);
    for (const plan of [read.custom, read.generic]) {
      expect(plan).toContain(month(now));
      for (const ahead of [1, 2, 3]) expect(plan).not.toContain(monthsAfter(now, ahead));
    }
  });
});
