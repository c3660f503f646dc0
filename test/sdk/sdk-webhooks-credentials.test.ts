import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAvsClient,
  verifyCredential,
  verifyWebhook,
  WebhookVerificationError,
} from '../../sdk/src/index.js';
import { createPendingAsset } from '../admin/admin-helpers.js';
import {
  CREDENTIALS_TEST_CONFIG,
  moveCertificate,
  publicCredential,
  servedBy,
} from '../credentials/credential-helpers.js';
import { createTestContext, type TestContext } from '../helpers/test-app.js';
import { waitFor } from '../helpers/wait-for.js';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.js';
import { urlOf } from './sdk-helpers.js';

// The SDK's webhook and credential helpers on what the running service really sends and publishes.
let context: TestContext;
let receiver: Receiver;
let owner: Awaited<ReturnType<TestContext['createAccountWithKey']>>;

beforeAll(async () => {
  context = await createTestContext({
    config: {
      ...CREDENTIALS_TEST_CONFIG,
      AVS_WEBHOOK_DELIVERY: true,
      AVS_WEBHOOK_ALLOW_INSECURE_TARGETS: true,
      AVS_WEBHOOK_RETRY_SCHEDULE: [100],
      AVS_WEBHOOK_TIMEOUT_MS: 2_000,
    },
  });
  await context.app.listen({ port: 0, host: '127.0.0.1' });
  receiver = await startReceiver();
  owner = await context.createAccountWithKey();
});
afterAll(async () => {
  await receiver?.close();
  await context?.close();
});

describe('verifyWebhook', () => {
  it("accepts the service's own deliveries with the endpoint's secret, and the event is the feed's item", async () => {
    const avs = createAvsClient({ baseUrl: urlOf(context.app.server), apiKey: owner.key });
    const { data: webhook } = await avs.api.POST('/api/v1/webhooks', { body: { url: receiver.url } });
    const asset = await avs.assets.create('jewelry', { title: 'Signed delivery', stone: 'sapphire' });
    await waitFor(() => receiver.received.length > 0, { message: 'a delivery' });
    const delivery = receiver.received[0]!;
    const event = verifyWebhook(webhook!.secret, delivery.body, delivery.headers);
    expect(event).toMatchObject({ type: 'asset.created', data: { asset: { id: asset.id } } });
    const fromFeed = [];
    for await (const item of avs.events.list({ type: 'asset.created' })) fromFeed.push(item);
    expect(fromFeed).toEqual([event]);
    expect(() =>
      verifyWebhook(webhook!.secret, delivery.body.replace('sapphire', 'glass'), delivery.headers),
    ).toThrow(WebhookVerificationError);
  });
});

describe('verifyCredential', () => {
  it("is the service's verifier: VALID for an issued certificate, REVOKED once revoked", async () => {
    const asset = await createPendingAsset(context.db, owner.accountId, { title: 'Credential' });
    await moveCertificate(context.app, asset.certificateNumber, 'issue');
    const credential = await publicCredential(context.app, asset.certificateNumber);
    expect(await verifyCredential(credential, servedBy(context.app))).toMatchObject({ result: 'VALID' });
    await moveCertificate(context.app, asset.certificateNumber, 'revoke');
    expect(await verifyCredential(credential, servedBy(context.app))).toMatchObject({ result: 'REVOKED' });
    // Offline on purpose (no fetching): what it cannot fetch it says it could not check.
    expect(await verifyCredential(credential, { fetchJson: undefined })).toMatchObject({
      result: 'UNCHECKED',
    });
  });
});
