import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { createAccount } from '../../src/modules/accounts/accounts.service.js';
import { createApiKey } from '../../src/modules/keys/keys.service.js';
import { insertOutboxEvent } from '../../src/modules/webhooks/outbox.repository.js';
import { startServerProcess, type ServerProcess } from '../helpers/processes.js';
import { createChildDatabaseEnv, openChildDatabase } from '../helpers/test-database.js';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.js';
import { waitFor } from '../helpers/wait-for.js';

const EVENTS = 100;
// The in-process worker of `avs serve` sends at most this many at once.
const WORKER_CONCURRENCY = 8;
const ANSWER_DELAY_MS = 150;

describe('webhook delivery by two instances (AVS_WEBHOOK_DELIVERY=on) on one PostgreSQL', () => {
  let env: Record<string, string>;
  let drop: () => Promise<void>;
  let db: Database;
  let receiver: Receiver;
  let servers: ServerProcess[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  beforeAll(async () => {
    ({ env, drop } = await createChildDatabaseEnv());
    db = await openChildDatabase(env);
    receiver = await startReceiver((_request, _index, response) => {
      inFlight++;
      mostInFlight = Math.max(mostInFlight, inFlight);
      setTimeout(() => {
        inFlight--;
        response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      }, ANSWER_DELAY_MS);
    });
    const serverEnv = {
      ...env,
      AVS_WEBHOOK_DELIVERY: 'on',
      AVS_WEBHOOK_ALLOW_INSECURE_TARGETS: 'on',
      AVS_WEBHOOK_RETRY_SCHEDULE: '1s,1s',
      // No answer may time out on a busy machine: a retry would be a second request with the same webhook-id.
      AVS_WEBHOOK_TIMEOUT_MS: '10000',
      // One account here: its cap on deliveries in flight (default 4, across instances) must not hide the sharing.
      AVS_WEBHOOK_ACCOUNT_CONCURRENCY: '32',
    };
    servers = await Promise.all([startServerProcess(serverEnv), startServerProcess(serverEnv)]);
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop('SIGKILL')));
    await receiver.close();
    await db.close();
    await drop();
  });

  it('share the deliveries and send each webhook-id exactly once', async () => {
    const account = await createAccount(db, { name: 'Two Instances' });
    const key = await createApiKey(db, {
      actor: { admin: true },
      accountId: account.id,
      planetScope: [],
      expiresAt: null,
      name: 'k',
    });
    const registered = await fetch(`${servers[0]!.url}/api/v1/webhooks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: receiver.url, events: ['asset.created'] }),
    });
    expect(registered.status).toBe(201);
    expect(((await registered.json()) as { message: string }).message).toMatch(/delivery is active/i);

    await db.transaction(async (tx) => {
      for (let index = 0; index < EVENTS; index++) {
        await insertOutboxEvent(tx, {
          accountId: account.id,
          eventType: 'asset.created',
          payload: { n: index },
        });
      }
    });
    await waitFor(
      async () => {
        const { rows } = await db.query<{ succeeded: number }>(
          "SELECT count(*)::int AS succeeded FROM webhook_deliveries WHERE status = 'succeeded'",
        );
        return rows[0]!.succeeded === EVENTS;
      },
      { timeoutMs: 60_000, intervalMs: 100, message: `${EVENTS} succeeded deliveries` },
    );
    // Anything sent twice would arrive within a poll interval or two.
    await new Promise((resolve) => setTimeout(resolve, 1_000));

    const ids = receiver.received.map((request) => String(request.headers['webhook-id']));
    console.info(`two instances: ${ids.length} requests, at most ${mostInFlight} in flight at once`);
    expect(ids).toHaveLength(EVENTS);
    expect(new Set(ids).size).toBe(EVENTS);
    const { rows } = await db.query<{ attempts: number }>('SELECT attempts FROM webhook_deliveries');
    expect(rows).toHaveLength(EVENTS);
    expect(rows.every((row) => row.attempts === 1)).toBe(true);
    // One instance alone never has more in flight than its worker's concurrency: both were sending.
    expect(mostInFlight).toBeGreaterThan(WORKER_CONCURRENCY);
  });
});
