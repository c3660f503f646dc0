import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresDatabase } from '../../src/db/postgres.js';
import { registerWebhook } from '../../src/modules/webhooks/webhooks.service.js';
import { buildGoTlogVerifier } from '../helpers/go-tlog-verifier.js';
import { accountWithKey } from '../helpers/integrity.js';
import { startPatroniCluster, type PatroniCluster } from '../helpers/patroni-cluster.js';
import { runAvs, startServerProcess } from '../helpers/processes.js';
import { waitFor } from '../helpers/wait-for.js';
import { startReceiver } from '../helpers/webhook-receiver.js';
import { readJsonAnswer } from '../helpers/json-answer.js';

const execFileAsync = promisify(execFile);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Creates answered 201 before the run ends: the fast half, one leader killed with 200 creates in flight. */
const CREATES = 200;
/** The leader is killed once this many creates were answered 201. */
const KILL_AFTER = 60;
const CONCURRENCY = 6;

interface Answer {
  kind: 'create' | 'verify';
  started: number;
  ended: number;
  status: number;
  code?: unknown;
  retryAfter: string | null;
  json: boolean;
}

interface Created {
  id: string;
  certificateNumber: string;
  idempotencyKey?: string;
}

/** The service, a webhook receiver and a client writing at a steady rate, over one Patroni cluster. */
async function startRun(cluster: PatroniCluster) {
  const db = new PostgresDatabase({
    connectionString: cluster.url,
    poolSize: 2,
    statementTimeoutMs: 30_000,
    connectTimeoutMs: 3_000,
  });
  const receiver = await startReceiver();
  const server = await startServerProcess({
    DATABASE_URL: cluster.url,
    AVS_RATE_LIMIT_PER_SECOND: '1000000',
    AVS_RATE_LIMIT_BURST: '1000000',
    AVS_WEBHOOK_DELIVERY: 'on',
    AVS_WEBHOOK_ALLOW_INSECURE_TARGETS: 'on',
    AVS_WEBHOOK_RETRY_SCHEDULE: '1s,1s,1s,2s,5s',
    AVS_WEBHOOK_TIMEOUT_MS: '5000',
    AVS_WEBHOOK_LEASE_MARGIN_MS: '500',
  });
  const { accountId, authorization } = await accountWithKey(db, 'Failover Gallery');
  await registerWebhook(
    db,
    { accountId, planetScope: [] },
    { url: receiver.url },
    { AVS_WEBHOOK_DELIVERY: true, AVS_WEBHOOK_ALLOW_INSECURE_TARGETS: true, AVS_WEBHOOK_LIMIT: 20 },
  );
  return { db, receiver, server, accountId, authorization };
}

type Run = Awaited<ReturnType<typeof startRun>>;

async function post(
  run: Run,
  kind: Answer['kind'],
  url: string,
  body: unknown,
  idempotencyKey?: string,
): Promise<{ answer: Answer; body: Record<string, unknown> | undefined }> {
  const started = Date.now();
  try {
    const response = await fetch(`${run.server.url}${url}`, {
      method: 'POST',
      headers: {
        authorization: run.authorization,
        'content-type': 'application/json',
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(60_000),
    });
    const { body: parsed, json } = await readJsonAnswer(response);
    const answer: Answer = {
      kind,
      started,
      ended: Date.now(),
      status: response.status,
      code: parsed?.code,
      retryAfter: response.headers.get('retry-after'),
      json,
    };
    return { answer, body: parsed };
  } catch {
    // No HTTP answer at all: status 0, which fails the checks below.
    return {
      answer: { kind, started, ended: Date.now(), status: 0, retryAfter: null, json: false },
      body: undefined,
    };
  }
}

/**
 * Creates (half with an Idempotency-Key, asked again with the same key after a 503 as the SDK does; half without,
 * given up after a 503) and verifications of what was created, at a steady rate, until `stop()` says so.
 */
function steadyLoad(run: Run) {
  const answers: Answer[] = [];
  const created: Created[] = [];
  let running = true;
  let n = 0;
  const create = async (): Promise<void> => {
    const i = n++;
    const idempotencyKey = i % 2 === 0 ? randomUUID() : undefined;
    for (;;) {
      const { answer, body } = await post(
        run,
        'create',
        '/api/v1/assets/artworks',
        { title: `Failover ${i}` },
        idempotencyKey,
      );
      answers.push(answer);
      if (answer.status === 201 && body) {
        created.push({
          id: String(body.id),
          certificateNumber: String(body.certificate_number),
          idempotencyKey,
        });
        return;
      }
      if (answer.status !== 503 || !idempotencyKey) return;
      await sleep(Math.min(Number(answer.retryAfter ?? 1) * 1_000, 250));
    }
  };
  const verify = async (): Promise<void> => {
    const asset = created[Math.floor(Math.random() * created.length)];
    if (!asset) return;
    const { answer } = await post(run, 'verify', '/api/v1/verify', {
      planet: 'artworks',
      asset_id: asset.id,
    });
    answers.push(answer);
  };
  const worker = async () => {
    while (running) {
      await create();
      await verify();
      await sleep(20);
    }
  };
  const workers = Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return {
    answers,
    created,
    async stop() {
      running = false;
      await workers;
    },
  };
}

/** One leader killed under the load; what the client saw, timed from the kill. */
async function killTheLeaderUnderLoad(cluster: PatroniCluster, run: Run) {
  const oldLeader = (await cluster.leader())!;
  const loadStartedAt = Date.now();
  const load = steadyLoad(run);
  await waitFor(() => load.created.length >= KILL_AFTER, {
    timeoutMs: 120_000,
    message: `${KILL_AFTER} creates`,
  });
  // The log's signed checkpoint as the service served it before the kill: the log after the failover must extend it.
  const checkpointBeforeKill = await waitFor(
    async () => {
      const lines = (await (await fetch(`${run.server.url}/tlog/checkpoint`)).text()).split('\n');
      return Number(lines[1]) > 0 ? lines : undefined;
    },
    { timeoutMs: 30_000, intervalMs: 100, message: 'a checkpoint of a non-empty log' },
  );
  const killedAt = Date.now();
  cluster.kill(oldLeader);
  const newLeader = await cluster.waitForLeader({ other: oldLeader });
  const leaderAt = Date.now();
  const firstWriteAfter = await waitFor(
    () => load.answers.find((a) => a.kind === 'create' && a.status === 201 && a.started > killedAt),
    { timeoutMs: 120_000, intervalMs: 50, message: 'a create answered after the kill' },
  );
  await waitFor(() => load.created.length >= CREATES, { timeoutMs: 120_000, message: `${CREATES} creates` });
  await load.stop();
  const loadEndedAt = Date.now();
  // The test's own connection to the cluster finds the new leader as the service did: its first try may meet the old one.
  await waitFor(
    () =>
      run.db.query('SELECT 1').then(
        () => true,
        () => false,
      ),
    { timeoutMs: 30_000, intervalMs: 200, message: "the test's connection to the new leader" },
  );
  // Creates answered 201 per second, before the kill and once writes were accepted again.
  const rate = (from: number, to: number) =>
    Math.round(
      (load.answers.filter((a) => a.kind === 'create' && a.status === 201 && a.ended > from && a.ended <= to)
        .length *
        1_000) /
        Math.max(1, to - from),
    );
  const throughput = `${rate(loadStartedAt, killedAt)} creates/s before, ${rate(firstWriteAfter.ended, loadEndedAt)} after`;
  return {
    oldLeader,
    newLeader,
    killedAt,
    leaderAt,
    firstWriteAfter,
    load,
    throughput,
    checkpointBeforeKill: { size: checkpointBeforeKill[1]!, hash: checkpointBeforeKill[2]! },
  };
}

describe('Patroni failover: the leader killed with SIGKILL under creates, verifications and webhook deliveries', () => {
  describe('synchronous replication (synchronous_mode, synchronous_mode_strict)', () => {
    let cluster: PatroniCluster;
    let run: Run;
    let workDir: string;
    let goVerifier: Promise<string>;
    beforeAll(async () => {
      workDir = await mkdtemp(join(tmpdir(), 'avs-failover-'));
      goVerifier = buildGoTlogVerifier(workDir);
      cluster = await startPatroniCluster({ synchronous: true });
      run = await startRun(cluster);
    });
    afterAll(async () => {
      if (run?.server.child.exitCode !== null) console.error(run?.server.output().slice(-4_000));
      await run?.server.stop('SIGKILL');
      await run?.receiver.close();
      await run?.db.close().catch(() => undefined);
      await cluster?.destroy();
      await rm(workDir, { recursive: true, force: true });
    });

    it('loses no create answered 201, hands out no number twice, delivers every event, and only refuses (503) while there is no leader', async () => {
      const {
        killedAt,
        leaderAt,
        firstWriteAfter,
        load,
        oldLeader,
        newLeader,
        throughput,
        checkpointBeforeKill,
      } = await killTheLeaderUnderLoad(cluster, run);
      expect(newLeader).not.toBe(oldLeader);
      const refused = load.answers.filter((a) => a.status !== 200 && a.status !== 201);
      const refusedFrom = Math.min(...refused.map((a) => a.started));
      const refusedUntil = Math.max(...refused.map((a) => a.ended));
      const failoverMs = firstWriteAfter.ended - killedAt;
      console.info(
        `failover (synchronous): leader ${oldLeader.name} killed; Patroni named ${newLeader.name} leader after ` +
          `${leaderAt - killedAt} ms; first create answered 201 after ${failoverMs} ms; ` +
          `${refused.length} of ${load.answers.length} writes refused (503), over ${refused.length ? refusedUntil - refusedFrom : 0} ms; ` +
          `${load.created.length} creates answered 201; ${throughput}`,
      );

      // Refused, never failed: JSON 503 service_unavailable with Retry-After, and only in the failover's window.
      for (const answer of refused) {
        expect(answer).toMatchObject({ status: 503, code: 'service_unavailable', json: true });
        expect(Number(answer.retryAfter)).toBeGreaterThan(0);
        expect(answer.started).toBeGreaterThanOrEqual(killedAt - 1_000);
        // No refusal begins once the service has written to the new leader (its pool has found it).
        expect(answer.started).toBeLessThanOrEqual(firstWriteAfter.ended + 1_000);
      }
      expect(refused.length).toBeGreaterThan(0);

      // Every 201 is there, with its own certificate number, its history and (once integrated) its log entry.
      const ids = load.created.map((c) => c.id);
      const { rows: stored } = await run.db.query<{ id: string; certificate_number: string; events: number }>(
        `SELECT a.id, a.certificate_number,
                (SELECT count(*)::int FROM asset_events e WHERE e.asset_id = a.id AND e.event_type = 'CREATED') AS events
           FROM assets a WHERE a.id = ANY($1::uuid[])`,
        [ids],
      );
      const byId = new Map(stored.map((row) => [row.id, row]));
      for (const asset of load.created) {
        expect(byId.get(asset.id), asset.id).toMatchObject({
          certificate_number: asset.certificateNumber,
          events: 1,
        });
      }
      expect(new Set(load.created.map((c) => c.certificateNumber)).size).toBe(load.created.length);
      const { rows: numbers } = await run.db.query<{ assets: number; numbers: number; keyed: number }>(
        `SELECT count(*)::int AS assets, count(DISTINCT certificate_number)::int AS numbers FROM assets WHERE account_id = $1`,
        [run.accountId],
      );
      expect(numbers[0]!.numbers).toBe(numbers[0]!.assets);
      // A create asked again with its Idempotency-Key made one asset: no key's asset is there twice.
      const keyed = load.created.filter((c) => c.idempotencyKey);
      expect(new Set(keyed.map((c) => c.idempotencyKey)).size).toBe(keyed.length);
      expect(new Set(keyed.map((c) => c.id)).size).toBe(keyed.length);

      const sample = load.created.filter((_, i) => i % 10 === 0);
      for (const asset of sample) {
        const history = await fetch(`${run.server.url}/api/v1/assets/artworks/${asset.id}/history`, {
          headers: { authorization: run.authorization },
        });
        expect(history.status).toBe(200);
        const events = ((await history.json()) as { data: { event_type: string }[] }).data;
        expect(events[0]?.event_type).toBe('CREATED');
      }

      await waitFor(
        async () =>
          (await run.db.query<{ n: number }>('SELECT count(*)::int AS n FROM tlog_pending')).rows[0]!.n === 0,
        { timeoutMs: 60_000, intervalMs: 200, message: 'the transparency log to take every event' },
      );
      const { rows: unlogged } = await run.db.query(
        'SELECT id FROM unnest($1::uuid[]) AS c(id) WHERE NOT EXISTS (SELECT 1 FROM tlog_entries t WHERE t.asset_id = c.id)',
        [ids],
      );
      expect(unlogged).toEqual([]);
      const audit = await runAvs(['audit', '--json'], {
        env: { DATABASE_URL: cluster.url },
        timeoutMs: 120_000,
      });
      expect(audit.code, audit.stdout + audit.stderr).toBe(0);
      expect(JSON.parse(audit.stdout)).toMatchObject({ intact: true });
      const vkey = (await (await fetch(`${run.server.url}/tlog/vkey`)).text()).trim();
      const { stdout } = await execFileAsync(await goVerifier, [
        '-url',
        `${run.server.url}/tlog`,
        '-vkey',
        vkey,
        '-old-size',
        checkpointBeforeKill.size,
        '-old-hash',
        checkpointBeforeKill.hash,
      ]);
      // Every entry checked against the signed tree, and that tree proved an extension of the one signed before the kill.
      expect(JSON.parse(stdout)).toMatchObject({ consistent: true });
      expect(Number(JSON.parse(stdout).size)).toBeGreaterThanOrEqual(Number(checkpointBeforeKill.size));

      // Every asset.created event reaches the receiver; a webhook-id twice only where the failover cut the
      // recording of a delivery already sent (receivers deduplicate by webhook-id: Standard Webhooks).
      const { rows: events } = await run.db.query<{ id: string }>(
        "SELECT id FROM webhook_outbox WHERE account_id = $1 AND event_type = 'asset.created'",
        [run.accountId],
      );
      expect(events.length).toBe(numbers[0]!.assets);
      const received = () => new Set(run.receiver.received.map((r) => String(r.headers['webhook-id'])));
      await waitFor(() => events.every((event) => received().has(event.id)), {
        timeoutMs: 60_000,
        intervalMs: 200,
        message: 'every asset.created event delivered',
      });
      // One delivery per event of every type (the outbox fans out once), each recorded as succeeded.
      await waitFor(
        async () => {
          const { rows } = await run.db.query<{ events: number; deliveries: number; succeeded: number }>(
            `SELECT (SELECT count(*)::int FROM webhook_outbox WHERE account_id = $1) AS events,
                    count(*)::int AS deliveries, count(*) FILTER (WHERE d.status = 'succeeded')::int AS succeeded
               FROM webhook_deliveries d JOIN webhook_outbox o ON o.id = d.outbox_id WHERE o.account_id = $1`,
            [run.accountId],
          );
          const { events: all, deliveries, succeeded } = rows[0]!;
          return all >= events.length && deliveries === all && succeeded === all;
        },
        { timeoutMs: 60_000, intervalMs: 200, message: 'one succeeded delivery per event' },
      );
      const duplicates = run.receiver.received.length - received().size;
      console.info(
        `failover (synchronous): ${events.length} events delivered, ${duplicates} webhook-ids received twice`,
      );
      expect(duplicates).toBeLessThanOrEqual(20);
    });
  });
  describe('asynchronous replication (synchronous_mode off): what the same failover would have lost', () => {
    let cluster: PatroniCluster;
    let run: Run;
    beforeAll(async () => {
      cluster = await startPatroniCluster({ synchronous: false });
      run = await startRun(cluster);
    });
    afterAll(async () => {
      await run?.server.stop('SIGKILL');
      await run?.receiver.close();
      await run?.db.close().catch(() => undefined);
      await cluster?.destroy();
    });

    it('counts the creates answered 201 that the new leader does not have (a figure, not a failure)', async () => {
      const { killedAt, leaderAt, firstWriteAfter, load, throughput } = await killTheLeaderUnderLoad(
        cluster,
        run,
      );
      const { rows } = await run.db.query<{ id: string }>(
        'SELECT id FROM assets WHERE id = ANY($1::uuid[])',
        [load.created.map((c) => c.id)],
      );
      const kept = new Set(rows.map((row) => row.id));
      const lost = load.created.filter((c) => !kept.has(c.id));
      const ackedBeforeKill = load.answers.filter(
        (a) => a.kind === 'create' && a.status === 201 && a.ended <= killedAt,
      );
      console.info(
        `failover (asynchronous): new leader after ${leaderAt - killedAt} ms, first create answered 201 after ` +
          `${firstWriteAfter.ended - killedAt} ms; ${lost.length} of ${ackedBeforeKill.length} creates answered 201 ` +
          `before the kill are gone (${lost.map((c) => c.certificateNumber).join(', ') || 'none'}); ${throughput}`,
      );
      // Refused, never failed, here too; a verification of a lost create finds no asset (404), as the loss implies.
      for (const answer of load.answers.filter((a) => a.status !== 200 && a.status !== 201)) {
        if (lost.length > 0 && answer.kind === 'verify' && answer.status === 404) {
          expect(answer.code).toBe('asset_not_found');
          continue;
        }
        expect(answer).toMatchObject({ status: 503, code: 'service_unavailable' });
      }
    });
  });
});
