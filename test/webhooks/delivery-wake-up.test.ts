import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { DeliveryWorker } from '../../src/modules/webhooks/delivery.worker.js';
import { insertOutboxEvent } from '../../src/modules/webhooks/outbox.repository.js';
import { useTestContext } from '../helpers/test-app.js';
import { LOCAL_DELIVERY, startReceiver, type Receiver } from '../helpers/webhook-receiver.js';
import { waitFor } from '../helpers/wait-for.js';

describe('the webhook worker while nothing happens', () => {
  // The app's own worker stays off: the test runs one whose idle waits it knows.
  const context = useTestContext({ config: { ...LOCAL_DELIVERY, AVS_WEBHOOK_DELIVERY: false } });
  const receivers: Receiver[] = [];
  afterAll(async () => {
    await Promise.all(receivers.map((receiver) => receiver.close()));
  });

  it('backs off while idle, and a committed write wakes it at once', async () => {
    const receiver = await startReceiver();
    receivers.push(receiver);
    const { auth, accountId } = await context.createAccountWithKey();
    const registered = await context.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks',
      headers: auth,
      payload: { url: receiver.url },
    });
    expect(registered.statusCode).toBe(201);
    // Each pass begins with the outbox fan-out's transaction: their times are the worker's passes.
    const passes: number[] = [];
    const db = new Proxy(context.db, {
      get(target, property) {
        if (property === 'transaction') {
          return (fn: Parameters<Database['transaction']>[0]) => {
            passes.push(Date.now());
            return target.transaction(fn);
          };
        }
        const value: unknown = Reflect.get(target, property);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    // Idle waits of 25, 50, 100 … ms, doubling up to an hour.
    const worker = new DeliveryWorker({
      db,
      config: { ...context.config, AVS_IDLE_POLL_MAX_MS: 3_600_000 },
      log: context.app.log,
      pollIntervalMs: 25,
    });
    worker.start();
    try {
      // A pass after a wait of 1.6 s or more: the wait it has just begun is twice that.
      await waitFor(() => passes.length >= 2 && passes.at(-1)! - passes.at(-2)! >= 1_600, {
        timeoutMs: 30_000,
        message: 'an idle wait of 1.6 s',
      });
      expect(receiver.received).toHaveLength(0);
      const writtenAt = Date.now();
      await insertOutboxEvent(context.db, {
        accountId,
        eventType: 'asset.created',
        payload: { asset_id: 'a1' },
      });
      await waitFor(() => receiver.received.length === 1, { timeoutMs: 10_000, message: 'the delivery' });
      // Polling alone would have found it no sooner than its next look, 3 s or more later.
      expect(receiver.received[0]!.receivedAt - writtenAt).toBeLessThan(1_500);
    } finally {
      await worker.stop();
    }
  });
});
