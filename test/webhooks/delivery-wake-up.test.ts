import { afterAll, describe, expect, it } from 'vitest';
import { DeliveryWorker } from '../../src/modules/webhooks/delivery.worker.js';
import { insertOutboxEvent } from '../../src/modules/webhooks/outbox.repository.js';
import { useTestContext } from '../helpers/test-app.js';
import { LOCAL_DELIVERY, startReceiver, type Receiver } from '../helpers/webhook-receiver.js';
import { waitFor } from '../helpers/wait-for.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
    // Idle waits of 25, 50, 100 … ms, up to an hour: after ~3.2 s idle its next look is ~3.2 s away.
    const worker = new DeliveryWorker({
      db: context.db,
      config: { ...context.config, AVS_IDLE_POLL_MAX_MS: 3_600_000 },
      log: context.app.log,
      pollIntervalMs: 25,
    });
    worker.start();
    try {
      await sleep(3_300);
      expect(receiver.received).toHaveLength(0);
      const writtenAt = Date.now();
      await insertOutboxEvent(context.db, {
        accountId,
        eventType: 'asset.created',
        payload: { asset_id: 'a1' },
      });
      await waitFor(() => receiver.received.length === 1, { timeoutMs: 10_000, message: 'the delivery' });
      // Polling alone would have found it no sooner than its next look, seconds later.
      expect(receiver.received[0]!.receivedAt - writtenAt).toBeLessThan(1_500);
    } finally {
      await worker.stop();
    }
  });
});
