import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Sql } from '../../src/db/database.js';
import { FULL_CHECK_EVENTS } from '../../src/modules/history/history-integrity.js';
import { recheckHistories } from '../../src/modules/history/history-recheck.service.js';
import { createAssetViaApi, issueCertificateForTest, type CreatedAsset } from '../helpers/asset-factory.js';
import { runAvsInProcess } from '../helpers/cli-in-process.js';
import { appendEventsForTest } from '../helpers/long-history.js';
import { LOG_ON_DEMAND, useTestContext, type TestContext } from '../helpers/test-app.js';

// A long history is verified from its last full check (docs/api.md, "Verification"): these tests run the
// background re-check themselves (the test config's bound is an hour) and the log on demand.
const context = useTestContext({
  config: { ...LOG_ON_DEMAND, AVS_RATE_LIMIT_PER_SECOND: 1_000_000, AVS_RATE_LIMIT_BURST: 1_000_000 },
});
let owner: Awaited<ReturnType<TestContext['createAccountWithKey']>>;

beforeAll(async () => {
  owner = await context.createAccountWithKey();
});

interface Check {
  name: string;
  passed: boolean;
  detail?: string;
}

const recheck = () => context.app.historyChecks.runOnce();

async function verify(
  asset: CreatedAsset,
  form: 'asset_id' | 'certificate_number' = 'asset_id',
): Promise<{ verified: boolean; checks: Check[] }> {
  const response = await context.app.inject({
    method: 'POST',
    url: '/api/v1/verify',
    headers: owner.auth,
    payload:
      form === 'asset_id'
        ? { planet: 'artworks', asset_id: asset.id }
        : { certificate_number: asset.certificate_number },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
const checkNamed = (body: { checks: Check[] }, name: string) =>
  body.checks.find((check) => check.name === name);

/** CREATED, `events - 2` UPDATED made in bulk (a valid chain), CERTIFICATE_ISSUED; all logged. */
async function issuedHistory(events: number): Promise<CreatedAsset> {
  const asset = await createAssetViaApi(context.app, owner.auth, 'artworks', { title: `${events} events` });
  await appendEventsForTest(context.db, asset, events - 2);
  await issueCertificateForTest(context.db, asset);
  await context.app.tlogIntegrator!.runOnce();
  return asset;
}

async function historyCheck(asset: { id: string }) {
  const { rows } = await context.db.query<{
    checked_sequence: number | null;
    logged_sequence: number;
    broken_at: number | null;
    broken_reason: string | null;
  }>(
    'SELECT checked_sequence, logged_sequence, broken_at, broken_reason FROM history_checks WHERE asset_id = $1',
    [asset.id],
  );
  return rows[0];
}

/** An edit as an attacker with SQL access makes it: the append-only trigger bypassed (replica role). */
async function editWithReplicaRole(sql: string, params: readonly unknown[]): Promise<void> {
  await context.db.transaction(async (tx) => {
    await tx.query('SET LOCAL session_replication_role = replica');
    await tx.query(sql, params);
  });
}

/** An edit with every trigger of the table switched off: not even the history checks' triggers see it. */
async function editWithTriggersOff(sql: string, params: readonly unknown[]): Promise<void> {
  await context.db.transaction(async (tx) => {
    await tx.query('ALTER TABLE asset_events DISABLE TRIGGER ALL');
    await tx.query(sql, params);
    await tx.query('ALTER TABLE asset_events ENABLE TRIGGER ALL');
    // ENABLE TRIGGER ALL leaves every trigger enabled for the origin role only: this one fires ALWAYS (migration 350).
    await tx.query('ALTER TABLE asset_events ENABLE ALWAYS TRIGGER asset_events_forget_history_check');
  });
}

const forgeEvent = (asset: { id: string }, sequence: number) =>
  [
    `UPDATE asset_events SET payload = '{"changes":{"title":{"old":"x","new":"forged"}}}' WHERE asset_id = $1 AND sequence = $2`,
    [asset.id, sequence],
  ] as const;

/** Sampling that draws the pair starting at `sequence` of a history checked up to `checked` (docs/api.md). */
const drawing = (sequence: number, checked: number) => () => [(sequence - 1 + 0.5) / (checked - 1)];

async function withSampling<T>(sample: () => readonly number[], run: () => Promise<T>): Promise<T> {
  const original = context.app.historyChecks.sample;
  context.app.historyChecks.sample = sample;
  try {
    return await run();
  } finally {
    context.app.historyChecks.sample = original;
  }
}

/** The sequences of the events each verification's read returned while `run` ran: what its checks re-hashed. */
async function eventsRead<T>(run: () => Promise<T>): Promise<{ value: T; reads: number[][] }> {
  const reads: number[][] = [];
  const value = await afterEachRead(async (rows) => {
    for (const row of rows)
      reads.push((row.history as { sequence: number }[]).map((event) => event.sequence));
  }, run);
  return { value, reads };
}

/** `during` once, right after the first verification's read returned: before that verification is recorded. */
async function afterTheRead<T>(during: () => Promise<void>, run: () => Promise<T>): Promise<T> {
  let pending = true;
  return afterEachRead(async () => {
    if (!pending) return;
    pending = false;
    await during();
  }, run);
}

async function afterEachRead<T>(
  seen: (rows: Record<string, unknown>[]) => Promise<void>,
  run: () => Promise<T>,
): Promise<T> {
  const { db } = context.app;
  const query = db.query.bind(db);
  const spy = vi.spyOn(db, 'query').mockImplementation(async (sql: Sql, params?: readonly unknown[]) => {
    const result = await query(sql, params);
    // The statements of verifications.repository.ts that read an asset with the events to re-hash.
    if (typeof sql !== 'string' && sql.name.startsWith('find_asset')) await seen(result.rows);
    return result;
  });
  try {
    return await run();
  } finally {
    spy.mockRestore();
  }
}

const noSample = () => [];
const sequences = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('verification of a long history, from its last full check (both databases)', () => {
  it('the re-check writes an intact check of a long history, and a verification builds on it', async () => {
    const asset = await issuedHistory(200);
    expect(await historyCheck(asset)).toBeUndefined();
    const report = await recheck();
    expect(report).toMatchObject({ assets: 1, events: 200, broken: [] });
    expect(await historyCheck(asset)).toEqual({
      checked_sequence: 200,
      logged_sequence: 200,
      broken_at: null,
      broken_reason: null,
    });
    const body = await verify(asset);
    expect(body.verified).toBe(true);
    expect(checkNamed(body, 'history_logged')).toEqual({ name: 'history_logged', passed: true });
    // Nothing moved: the next pass reads one row and writes nothing.
    expect(await recheck()).toEqual({ assets: 0, events: 0, broken: [] });
  });

  it('an old event edited in SQL fails the very next verification, naming it; the re-check records the break, and restoring the event mends both', async () => {
    const asset = await issuedHistory(200);
    await recheck();
    const { rows } = await context.db.query<{ payload: unknown }>(
      'SELECT payload FROM asset_events WHERE asset_id = $1 AND sequence = 50',
      [asset.id],
    );
    await editWithReplicaRole(...forgeEvent(asset, 50));
    // The edit's trigger forgot the asset's check: the verification re-hashed the whole history.
    expect(await historyCheck(asset)).toMatchObject({ checked_sequence: null, broken_at: null });
    const failed = await verify(asset);
    expect(failed.verified).toBe(false);
    expect(checkNamed(failed, 'history_intact')).toEqual({
      name: 'history_intact',
      passed: false,
      detail: 'The history chain breaks at sequence 50: event 50 was altered after it was written.',
    });

    const report = await recheck();
    expect(report?.broken).toEqual([
      {
        planet: 'artworks',
        asset_id: asset.id,
        sequence: 50,
        reason: 'The history chain breaks at sequence 50: event 50 was altered after it was written.',
      },
    ]);
    expect(await historyCheck(asset)).toMatchObject({ checked_sequence: null, broken_at: 50 });
    expect(checkNamed(await verify(asset), 'history_intact')?.passed).toBe(false);

    await editWithReplicaRole('UPDATE asset_events SET payload = $3 WHERE asset_id = $1 AND sequence = $2', [
      asset.id,
      50,
      JSON.stringify(rows[0]!.payload),
    ]);
    expect((await verify(asset)).verified).toBe(true);
    await recheck();
    expect(await historyCheck(asset)).toMatchObject({ checked_sequence: 200, broken_reason: null });
  });

  it('an edit no trigger sees: caught at once when sampled, and within the bound otherwise (the next re-check of the asset, or avs audit)', async () => {
    const asset = await issuedHistory(200);
    await recheck();
    await editWithTriggersOff(...forgeEvent(asset, 120));
    expect(await historyCheck(asset)).toMatchObject({ checked_sequence: 200 });

    // Not drawn: the verification re-hashes event 200 and the pair 10–11 only. This is the bound the design takes.
    expect((await withSampling(drawing(10, 200), () => verify(asset))).verified).toBe(true);
    // Drawn: caught at once.
    const sampled = await withSampling(drawing(120, 200), () => verify(asset));
    expect(checkNamed(sampled, 'history_intact')).toMatchObject({
      passed: false,
      detail: 'The history chain breaks at sequence 120: event 120 was altered after it was written.',
    });
    // The pair before it reads the edited event as its second: caught too.
    expect((await withSampling(drawing(119, 200), () => verify(asset))).verified).toBe(false);

    // The history grows: the re-check of the asset re-hashes all of it, and from then on every verification fails.
    await appendEventsForTest(context.db, asset, 1);
    expect((await recheck())?.broken).toMatchObject([{ asset_id: asset.id, sequence: 120 }]);
    const after = await withSampling(drawing(10, 200), () => verify(asset));
    expect(checkNamed(after, 'history_intact')?.detail).toContain('sequence 120');
  });

  it('avs audit re-checks every long history and writes its break: every verification fails from then on', async () => {
    const asset = await issuedHistory(120);
    await recheck();
    await editWithTriggersOff(...forgeEvent(asset, 7));
    const audit = await runAvsInProcess(['audit', '--json'], { db: context.db });
    expect(audit.code).toBe(1);
    expect(JSON.parse(audit.stdout).breaks).toContainEqual(
      expect.objectContaining({ asset_id: asset.id, sequence: 7 }),
    );
    expect(await historyCheck(asset)).toMatchObject({ checked_sequence: null, broken_at: 7 });
    const body = await withSampling(drawing(100, 120), () => verify(asset));
    expect(checkNamed(body, 'history_intact')?.detail).toBe(
      'The history chain breaks at sequence 7: event 7 was altered after it was written.',
    );
  });

  it('events after the checked head are all re-hashed: an edit among them fails at once', async () => {
    const asset = await issuedHistory(150);
    await recheck();
    await appendEventsForTest(context.db, asset, 10);
    await editWithTriggersOff(...forgeEvent(asset, 155));
    const body = await withSampling(drawing(10, 150), () => verify(asset));
    expect(checkNamed(body, 'history_intact')?.detail).toBe(
      'The history chain breaks at sequence 155: event 155 was altered after it was written.',
    );
    // The checked head itself, rewritten with a hash that matches its new content: its hash is not the one checked.
    const other = await issuedHistory(100);
    await recheck();
    await editWithTriggersOff(
      `UPDATE asset_events SET created_at = created_at - interval '1 day' WHERE asset_id = $1 AND sequence = 100`,
      [other.id],
    );
    expect(checkNamed(await verify(other), 'history_intact')?.detail).toContain('sequence 100');
  });

  it(`a history of at most ${FULL_CHECK_EVENTS} events is always checked in full: an edit no trigger sees fails at once`, async () => {
    const asset = await issuedHistory(FULL_CHECK_EVENTS);
    await recheck();
    expect(await historyCheck(asset)).toBeUndefined();
    await editWithTriggersOff(...forgeEvent(asset, 3));
    expect(checkNamed(await verify(asset), 'history_intact')?.detail).toContain('sequence 3');
  });

  it('a log leaf of an old event edited in SQL fails history_logged at once', async () => {
    const asset = await issuedHistory(100);
    await recheck();
    await editWithReplicaRole(
      `UPDATE tlog_hashes SET hash = sha256('forged'::bytea)
       WHERE level = 0 AND idx = (SELECT log_index FROM tlog_entries WHERE asset_id = $1 AND sequence = 30)`,
      [asset.id],
    );
    const body = await verify(asset);
    expect(checkNamed(body, 'history_logged')).toMatchObject({
      passed: false,
      detail: expect.stringContaining('Event 30 differs from the entry the log holds for it'),
    });
  });

  it('the row is held to the checked states and the events after them', async () => {
    const asset = await issuedHistory(100);
    await recheck();
    await editWithReplicaRole(`UPDATE assets SET certificate_status = 'revoked' WHERE id = $1`, [asset.id]);
    expect(checkNamed(await verify(asset), 'history_intact')?.detail).toBe(
      'The history chain breaks at sequence 100: the asset says its certificate is revoked, but its history says issued.',
    );
  });

  it.skipIf(process.env.AVS_TEST_DB === 'pglite')(
    'one instance at a time: while another holds the re-check, a pass does nothing',
    async () => {
      const asset = await issuedHistory(80);
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const holding = new Promise<void>((resolve) => (locked = resolve));
      const other = context.db.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock(4242350, 0)');
        locked();
        await released;
      });
      await holding;
      try {
        expect(await recheckHistories(context.db)).toBeNull();
        expect(await historyCheck(asset)).toBeUndefined();
      } finally {
        release();
        await other;
      }
      await recheck();
      expect(await historyCheck(asset)).toMatchObject({ checked_sequence: 80 });
    },
  );
});

describe('a verification records the check point it reached (both databases)', () => {
  it('a long history verified with no check records one at its last event; the next verification re-hashes only the new events', async () => {
    const asset = await issuedHistory(200);
    expect(await historyCheck(asset)).toBeUndefined();
    const first = await eventsRead(() => withSampling(noSample, () => verify(asset)));
    expect(first.value.verified).toBe(true);
    expect(first.reads).toEqual([sequences(1, 200)]);
    expect(await historyCheck(asset)).toEqual({
      checked_sequence: 200,
      logged_sequence: 200,
      broken_at: null,
      broken_reason: null,
    });

    await appendEventsForTest(context.db, asset, 5);
    const second = await eventsRead(() => withSampling(noSample, () => verify(asset)));
    expect(second.value.verified).toBe(true);
    // The checked head (its hash must still be the one checked) and the five new events: no re-check ran.
    expect(second.reads).toEqual([sequences(200, 205)]);
    expect(await historyCheck(asset)).toMatchObject({ checked_sequence: 205, logged_sequence: 200 });

    // The log catches up: the check's log part follows, with no event re-hashed but the head.
    await context.app.tlogIntegrator!.runOnce();
    const third = await eventsRead(() => withSampling(noSample, () => verify(asset)));
    expect(third.reads).toEqual([sequences(200, 205)]);
    expect(await historyCheck(asset)).toMatchObject({ checked_sequence: 205, logged_sequence: 205 });
    const fourth = await eventsRead(() => withSampling(noSample, () => verify(asset)));
    expect(fourth.reads).toEqual([[205]]);
  });

  it('an old event edited in SQL after a verification recorded its check point fails the next verification', async () => {
    const asset = await issuedHistory(200);
    expect((await verify(asset)).verified).toBe(true);
    expect(await historyCheck(asset)).toMatchObject({ checked_sequence: 200 });
    await editWithReplicaRole(...forgeEvent(asset, 50));
    // Not drawn among the samples: the edit's trigger forgot the check, so the whole history is re-hashed.
    const failed = await withSampling(noSample, () => verify(asset));
    expect(checkNamed(failed, 'history_intact')?.detail).toBe(
      'The history chain breaks at sequence 50: event 50 was altered after it was written.',
    );
    expect(await historyCheck(asset)).toMatchObject({ checked_sequence: null, broken_at: null });
    expect((await withSampling(noSample, () => verify(asset))).verified).toBe(false);
  });

  it('an edit made after a verification read the events is not covered by the check point that verification found', async () => {
    const asset = await issuedHistory(200);
    const raced = await afterTheRead(
      () => editWithReplicaRole(...forgeEvent(asset, 50)),
      () => withSampling(noSample, () => verify(asset)),
    );
    // It read the history before the edit and found it intact, but its check point was not recorded.
    expect(raced.verified).toBe(true);
    expect(await historyCheck(asset)).toMatchObject({
      checked_sequence: null,
      broken_reason: expect.stringContaining('changed'),
    });
    const next = await withSampling(noSample, () => verify(asset));
    expect(checkNamed(next, 'history_intact')?.detail).toContain('sequence 50');
    // The re-check reads the edited event and writes the break.
    expect((await recheck())?.broken).toContainEqual(
      expect.objectContaining({ asset_id: asset.id, sequence: 50 }),
    );
  });

  it('a verification that read before another recorded further does not move the check point back', async () => {
    const asset = await issuedHistory(200);
    await verify(asset);
    await appendEventsForTest(context.db, asset, 3);
    const stale = await afterTheRead(
      async () => {
        await appendEventsForTest(context.db, asset, 5);
        // By its number: read on its own, not with the reads by id the first verification's read is one of.
        expect((await verify(asset, 'certificate_number')).verified).toBe(true);
        expect(await historyCheck(asset)).toMatchObject({ checked_sequence: 208 });
      },
      () => verify(asset),
    );
    // It found events up to 203 intact: true, but 208 was recorded first.
    expect(stale.verified).toBe(true);
    expect(await historyCheck(asset)).toMatchObject({ checked_sequence: 208 });
    // Nor does the re-check, which finds it intact there too.
    await recheck();
    expect(await historyCheck(asset)).toMatchObject({ checked_sequence: 208 });
  });

  it('verifications at once, while the history grows, leave the check point at the head', async () => {
    const asset = await issuedHistory(100);
    const seen: number[] = [];
    for (let round = 1; round <= 4; round++) {
      await appendEventsForTest(context.db, asset, 3);
      const bodies = await Promise.all(Array.from({ length: 6 }, () => verify(asset)));
      expect(bodies.every((body) => body.verified)).toBe(true);
      seen.push((await historyCheck(asset))!.checked_sequence!);
    }
    expect(seen).toEqual([103, 106, 109, 112]);
  });

  it(`a history of at most ${FULL_CHECK_EVENTS} events gets no check point from a verification`, async () => {
    const asset = await issuedHistory(FULL_CHECK_EVENTS);
    expect((await verify(asset)).verified).toBe(true);
    expect(await historyCheck(asset)).toBeUndefined();
  });
});

describe('the background re-check runs every AVS_HISTORY_RECHECK_MS', () => {
  const timed = useTestContext({ config: { ...LOG_ON_DEMAND, AVS_HISTORY_RECHECK_MS: 50 } });

  it('a history that grows past the full-check length gets its check without anyone asking', async () => {
    const { auth } = await timed.createAccountWithKey();
    const asset = await createAssetViaApi(timed.app, auth, 'artworks', { title: 'Grows' });
    await appendEventsForTest(timed.db, asset, 99);
    const deadline = Date.now() + 20_000;
    let checked: number | undefined;
    while (Date.now() < deadline) {
      const { rows } = await timed.db.query<{ checked_sequence: number }>(
        'SELECT checked_sequence FROM history_checks WHERE asset_id = $1',
        [asset.id],
      );
      checked = rows[0]?.checked_sequence;
      if (checked === 100) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(checked).toBe(100);
  });
});
