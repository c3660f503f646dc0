import { createAssetViaApi, type CreatedAsset } from './asset-factory.js';
import type { TestContext } from './test-app.js';

/** An owner with an asset, a webhook and a transfer offer to a second account: real ids for hostile-input tests. */
export async function seedApiObjects(context: TestContext, webhookPath: string) {
  const owner = await context.createAccountWithKey();
  const other = await context.createAccountWithKey();
  const asset: CreatedAsset = await createAssetViaApi(context.app, owner.auth);
  const webhook = await context.app.inject({
    method: 'POST',
    url: '/api/v1/webhooks',
    headers: owner.auth,
    payload: { url: `https://hooks.example.com/${webhookPath}` },
  });
  const offered = await context.app.inject({
    method: 'POST',
    url: `/api/v1/assets/artworks/${asset.id}/transfer`,
    headers: owner.auth,
    payload: { to_account_id: other.accountId },
  });
  return {
    owner,
    other,
    asset,
    webhookId: webhook.json<{ id: string }>().id,
    transferId: offered.json<{ transfer: { id: string } }>().transfer.id,
  };
}
