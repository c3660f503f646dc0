import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeliveryWorker } from '../../src/modules/webhooks/delivery.worker.js';
import { webhookEventTypes } from '../../src/modules/webhooks/webhook-event-types.js';
import { createAssetViaApi, transferViaApi } from '../helpers/asset-factory.js';
import { useTestContext } from '../helpers/test-app.js';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.js';
import { waitFor } from '../helpers/wait-for.js';

const ADMIN_TOKEN = 'admin-token-for-delivery-off-tests';

describe('webhook delivery off (the default): events fill the outbox, nothing is sent', () => {
  const context = useTestContext({
    config: { AVS_WEBHOOK_ALLOW_INSECURE_TARGETS: true, AVS_ADMIN_TOKEN: ADMIN_TOKEN },
  });
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
  });

  it('sends nothing to a registered receiver, records every event in the outbox, and delivers them once switched on', async () => {
    expect(context.config.AVS_WEBHOOK_DELIVERY).toBe(false);
    expect(context.app.webhookWorker).toBeNull();
    const owner = await context.createAccountWithKey({ name: 'Owner' });
    const buyer = await context.createAccountWithKey({ name: 'Buyer' });
    const registered = await context.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks',
      headers: owner.auth,
      payload: { url: receiver.url },
    });
    expect(registered.statusCode).toBe(201);
    expect(registered.json().message).toMatch(/future release/);

    const asset = await createAssetViaApi(context.app, owner.auth);
    const admin = (move: string) =>
      context.app.inject({
        method: 'POST',
        url: `/admin/api/certificates/${asset.certificate_number}/${move}`,
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        payload: { reason: 'Checked by the registrar' },
      });
    for (const move of ['issue', 'suspend', 'reinstate']) expect((await admin(move)).statusCode).toBe(200);
    const verified = await context.app.inject({
      method: 'POST',
      url: '/api/v1/verify',
      headers: owner.auth,
      payload: { planet: 'artworks', asset_id: asset.id },
    });
    expect(verified.statusCode).toBe(200);
    // ownership.transferred goes to both sides on acceptance: the buyer offers an asset of its own, the owner accepts.
    const gift = await createAssetViaApi(context.app, buyer.auth);
    await transferViaApi(context.app, gift, buyer.auth, owner);

    const { rows: outbox } = await context.db.query<{ event_type: string; dispatched_at: Date | null }>(
      'SELECT event_type, dispatched_at FROM webhook_outbox WHERE account_id = $1 ORDER BY created_at, id',
      [owner.accountId],
    );
    expect(outbox.map((row) => row.event_type)).toEqual([
      'asset.created',
      'certificate.issued',
      'certificate.updated',
      'certificate.updated',
      'verification.completed',
      'ownership.transferred',
    ]);
    expect(new Set(outbox.map((row) => row.event_type))).toEqual(new Set(webhookEventTypes));
    // Several poll intervals of a worker, had one been running.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(receiver.received).toHaveLength(0);
    expect(outbox.every((row) => row.dispatched_at === null)).toBe(true);
    const { rows: deliveries } = await context.db.query('SELECT 1 FROM webhook_deliveries');
    expect(deliveries).toHaveLength(0);

    // Nothing is lost: a worker started later delivers what the outbox kept.
    const worker = new DeliveryWorker({
      db: context.db,
      config: context.config,
      log: context.app.log,
    });
    worker.start();
    try {
      await waitFor(() => receiver.received.length >= outbox.length, { message: 'the recorded events' });
    } finally {
      await worker.stop();
    }
    // Deliveries run concurrently: the order of arrival is not the order of the events.
    expect(
      receiver.received
        .map((request) => JSON.parse(request.body) as { type: string })
        .map((body) => body.type)
        .sort(),
    ).toEqual(outbox.map((row) => row.event_type).sort());
  });
});
