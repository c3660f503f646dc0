import { describe, expect, it } from 'vitest';
import { createAssetViaApi, issueCertificateForTest } from '../helpers/asset-factory.js';
import { useTestContext } from '../helpers/test-app.js';

const context = useTestContext();

describe('a verification takes no lock on its asset (PostgreSQL: several connections)', () => {
  it('answers while another transaction holds the asset row FOR UPDATE', async () => {
    const owner = await context.createAccountWithKey();
    const asset = await createAssetViaApi(context.app, owner.auth, 'artworks', { title: 'Locked work' });
    await issueCertificateForTest(context.db, asset);

    const outcome = await context.db.transaction(async (tx) => {
      await tx.query('SELECT id FROM assets WHERE planet = $1 AND id = $2 FOR UPDATE', [
        'artworks',
        asset.id,
      ]);
      // A verification that locked the row, or wrote anything that waits on it, would still be waiting
      // when this transaction gives up.
      const verification = context.app.inject({
        method: 'POST',
        url: '/api/v1/verify',
        headers: owner.auth,
        payload: { planet: 'artworks', asset_id: asset.id },
      });
      const gaveUp = new Promise<'still waiting'>((resolve) =>
        setTimeout(() => resolve('still waiting'), 20_000),
      );
      return Promise.race([verification, gaveUp]);
    });

    expect(outcome).not.toBe('still waiting');
    if (outcome === 'still waiting') return;
    expect(outcome.statusCode).toBe(200);
    expect(outcome.json()).toMatchObject({ asset_id: asset.id, verified: true });
  });
});
