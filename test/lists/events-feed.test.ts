import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOutboxEvent } from '../../src/modules/webhooks/outbox.repository.js';
import {
  createAssetViaApi,
  moveCertificateForTest,
  setCertificateStatusForTest,
} from '../helpers/asset-factory.js';
import { expectSecurityRefusals, securityCases } from '../helpers/security-cases.js';
import { useTestContext, type TestContext } from '../helpers/test-app.js';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.js';
import { waitFor } from '../helpers/wait-for.js';

type Account = Awaited<ReturnType<TestContext['createAccountWithKey']>>;
interface EventItem {
  id: string;
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
}
interface Page {
  data: EventItem[];
  has_more: boolean;
  next_cursor: string | null;
}

describe('GET /api/v1/events through the real delivery path (AVS_WEBHOOK_DELIVERY=on)', () => {
  const context = useTestContext({
    config: {
      AVS_WEBHOOK_DELIVERY: true,
      AVS_WEBHOOK_ALLOW_INSECURE_TARGETS: true,
      AVS_WEBHOOK_RETRY_SCHEDULE: [100],
      AVS_WEBHOOK_TIMEOUT_MS: 2_000,
    },
  });
  let receiver: Receiver;
  let owner: Account;
  let stranger: Account;
  const events = (query: string, auth: Record<string, string>) =>
    context.app.inject({ method: 'GET', url: `/api/v1/events${query}`, headers: auth });

  beforeAll(async () => {
    receiver = await startReceiver();
    owner = await context.createAccountWithKey();
    stranger = await context.createAccountWithKey();
    const registered = await context.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks',
      headers: owner.auth,
      payload: { url: receiver.url },
    });
    expect(registered.statusCode).toBe(201);
    // A few milliseconds between events, so their order in time is the order they were made.
    const tick = () => new Promise((resolve) => setTimeout(resolve, 5));
    const asset = await createAssetViaApi(context.app, owner.auth, 'artworks', { title: 'Feed' });
    await tick();
    await setCertificateStatusForTest(context.db, asset, 'issued');
    await tick();
    await moveCertificateForTest(context.db, asset, 'suspend', 'Under review');
    await tick();
    const verified = await context.app.inject({
      method: 'POST',
      url: '/api/v1/verify',
      headers: stranger.auth,
      payload: { planet: 'artworks', asset_id: asset.id },
    });
    expect(verified.statusCode).toBe(200);
    await tick();
    await createAssetViaApi(context.app, owner.auth, 'watches', { title: 'Second' });
    // Five events, each delivered at least once (a slow answer on a loaded machine is retried with the same id).
    await waitFor(
      () => new Set(receiver.received.map((request) => request.headers['webhook-id'])).size === 5,
      {
        message: 'five events delivered',
      },
    );
  });
  afterAll(async () => {
    await receiver.close();
  });

  it("lists the account's events as the webhook body carries them, with the webhook-id of their deliveries", async () => {
    const response = await events('', owner.auth);
    expect(response.statusCode).toBe(200);
    const page = response.json<Page>();
    expect(page.has_more).toBe(false);
    expect(page.data.map((event) => event.type)).toEqual([
      'asset.created',
      'verification.completed',
      'certificate.updated',
      'certificate.issued',
      'asset.created',
    ]);
    const delivered = new Map(
      receiver.received.map((request) => [String(request.headers['webhook-id']), JSON.parse(request.body)]),
    );
    expect(delivered.size).toBe(5);
    for (const event of page.data) {
      const { id, ...body } = event;
      expect(delivered.get(id), event.type).toEqual(body);
    }
    // Each delivery in the webhook's log names the event it carried.
    const webhooks = (await context.app.inject({ url: '/api/v1/webhooks', headers: owner.auth })).json<{
      data: Array<{ id: string }>;
    }>();
    const log = (
      await context.app.inject({
        url: `/api/v1/webhooks/${webhooks.data[0]!.id}/deliveries`,
        headers: owner.auth,
      })
    ).json<{ data: Array<{ event_id: string }> }>();
    expect(new Set(log.data.map((delivery) => delivery.event_id))).toEqual(new Set(delivered.keys()));
  });

  it('another account sees none of them', async () => {
    const response = await events('', stranger.auth);
    expect(response.statusCode).toBe(200);
    expect(response.json<Page>().data).toEqual([]);
  });

  it('filters by type (one or a list) and created_after; pages by cursor; refuses bad values', async () => {
    const all = (await events('', owner.auth)).json<Page>().data;
    const certificates = (
      await events('?type=certificate.issued,certificate.updated', owner.auth)
    ).json<Page>();
    expect(certificates.data.map((event) => event.id)).toEqual([all[2]!.id, all[3]!.id]);
    const created = (await events('?type=asset.created', owner.auth)).json<Page>();
    expect(created.data.map((event) => event.id)).toEqual([all[0]!.id, all[4]!.id]);
    const after = (await events(`?created_after=${all[4]!.timestamp}`, owner.auth)).json<Page>();
    expect(after.data.every((event) => event.timestamp > all[4]!.timestamp)).toBe(true);

    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Page = (
        await events(`?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, owner.auth)
      ).json<Page>();
      paged.push(...page.data.map((event) => event.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(paged).toEqual(all.map((event) => event.id));

    const first = (await events('?limit=1', owner.auth)).json<Page>();
    for (const [query, auth] of [
      ['?type=asset.deleted', owner.auth],
      ['?type=webhook.test', owner.auth],
      ['?created_after=last-week', owner.auth],
      ['?limit=0', owner.auth],
      ['?limit=101', owner.auth],
      ['?cursor=forged', owner.auth],
      [`?limit=1&cursor=${first.next_cursor!}`, stranger.auth],
      [`?limit=1&type=asset.created&cursor=${first.next_cursor!}`, owner.auth],
    ] as const) {
      const response = await events(query, auth);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toMatchObject({ code: 'validation_failed' });
    }
  });

  it("a key scoped to a planet sees only that planet's events", async () => {
    const watches = await context.createApiKey(owner.accountId, { planetScope: ['watches'] });
    const page = (await events('', { authorization: `Bearer ${watches.key}` })).json<Page>();
    expect(page.data.map((event) => (event.data.asset as { title: string }).title)).toEqual(['Second']);
    await expectSecurityRefusals(context, await securityCases(context), {
      method: 'GET',
      url: '/api/v1/events',
    });
  });
});

describe('event retention and pruning (AVS_WEBHOOK_DELIVERY off)', () => {
  const context = useTestContext({ config: { AVS_EVENT_RETENTION_DAYS: 7 } });

  it('removes only dispatched events past retention, whether or not delivery is on; lists only retained ones', async () => {
    const owner = await context.createAccountWithKey();
    const insert = async (ageDays: number, dispatched: boolean) => {
      const id = await insertOutboxEvent(context.db, {
        accountId: owner.accountId,
        eventType: 'asset.created',
        payload: {
          asset: { planet: 'artworks', title: `${ageDays} days, ${dispatched ? 'sent' : 'waiting'}` },
        },
      });
      await context.db.query(
        `UPDATE webhook_outbox SET created_at = now() - $2::float8 * interval '1 day',
           dispatched_at = CASE WHEN $3::boolean THEN now() END WHERE id = $1`,
        [id, ageDays, dispatched],
      );
      return id;
    };
    const oldSent = [await insert(30, true), await insert(8, true)];
    const oldWaiting = await insert(30, false);
    const recentSent = await insert(6, true);
    const recentWaiting = await insert(1, false);
    // A delivery of a pruned event keeps naming it.
    const webhookId = randomUUID();
    await context.db.query(
      `INSERT INTO webhooks (id, account_id, url, events, secret) VALUES ($1, $2, 'https://example.com/h', '{asset.created}', 's')`,
      [webhookId, owner.accountId],
    );
    await context.db.query(
      `INSERT INTO webhook_deliveries (id, webhook_id, outbox_id, event_type, payload, event_created_at, status)
       VALUES (gen_random_uuid(), $1, $2, 'asset.created', '{}', now(), 'succeeded')`,
      [webhookId, oldSent[0]],
    );

    const listed = await context.app.inject({ url: '/api/v1/events', headers: owner.auth });
    expect(listed.json<Page>().data.map((event) => event.id)).toEqual([recentWaiting, recentSent]);

    expect(context.app.webhookWorker).toBeNull();
    expect(await context.app.eventPruner.runOnce()).toBe(2);
    const { rows } = await context.db.query<{ id: string }>(
      'SELECT id FROM webhook_outbox WHERE account_id = $1',
      [owner.accountId],
    );
    expect(new Set(rows.map((row) => row.id))).toEqual(new Set([oldWaiting, recentSent, recentWaiting]));
    const kept = await context.db.query('SELECT 1 FROM webhook_deliveries WHERE outbox_id = $1', [
      oldSent[0],
    ]);
    expect(kept.rows).toHaveLength(1);
    expect(await context.app.eventPruner.runOnce()).toBe(0);
  });
});
