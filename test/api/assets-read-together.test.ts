import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/errors/error-catalogue.js';
import { AssetReads } from '../../src/modules/assets/assets.service.js';
import { createAssetViaApi, type CreatedAsset } from '../helpers/asset-factory.js';
import { countingStatements } from '../helpers/counting-statements.js';
import { useTestContext, type TestContext } from '../helpers/test-app.js';

const context = useTestContext();
let owner: Awaited<ReturnType<TestContext['createAccountWithKey']>>;
let assets: CreatedAsset[];
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  owner = await context.createAccountWithKey();
  assets = [];
  for (let index = 0; index < 12; index++)
    assets.push(
      await createAssetViaApi(context.app, owner.auth, 'artworks', {
        title: `Study ${index}`,
        year: 1900 + index,
      }),
    );
});

describe('gets that arrive together', () => {
  it('are read in a few statements, each caller answered with its own asset and a missing one with 404', async () => {
    const { db, statements } = countingStatements(context.app.db);
    const reads = new AssetReads(db);
    const principal = { accountId: owner.accountId, apiKeyId: owner.apiKey.id, planetScope: [] };
    const wanted = [
      ...assets.map((asset) => asset.id),
      MISSING_ID,
      assets[3]!.id.toUpperCase(),
      assets[0]!.id,
    ];

    const answers = await Promise.allSettled(wanted.map((id) => reads.lookUp(principal, 'artworks', id)));

    answers.forEach((answer, index) => {
      const id = wanted[index]!.toLowerCase();
      if (id === MISSING_ID) {
        expect(answer.status).toBe('rejected');
        const error = (answer as PromiseRejectedResult).reason as AppError;
        expect(error).toBeInstanceOf(AppError);
        expect(error.code).toBe('asset_not_found');
      } else {
        expect(answer.status).toBe('fulfilled');
        const { value } = answer as PromiseFulfilledResult<Awaited<ReturnType<AssetReads['lookUp']>>>;
        expect(value.value).toEqual(assets.find((asset) => asset.id === id));
        expect(value.noStore).toBe(false);
      }
    });
    // PostgreSQL: up to four reads at once, the rest together after them; PGlite: all of them in one.
    expect(statements.length).toBeLessThanOrEqual(5);
    expect(statements.some((text) => text.includes('ANY($2::uuid[])'))).toBe(true);
  });

  it('over HTTP: every concurrent get answers its own asset', async () => {
    const responses = await Promise.all(
      assets.map((asset) =>
        context.app.inject({
          method: 'GET',
          url: `/api/v1/assets/artworks/${asset.id}`,
          headers: owner.auth,
        }),
      ),
    );
    responses.forEach((response, index) => {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(assets[index]);
    });
  });

  it('an asset of another planet is not found, even read together with its own planet’s', async () => {
    const watch = await createAssetViaApi(context.app, owner.auth, 'watches', { title: 'Reference 2499' });
    const responses = await Promise.all([
      context.app.inject({ method: 'GET', url: `/api/v1/assets/artworks/${watch.id}`, headers: owner.auth }),
      context.app.inject({
        method: 'GET',
        url: `/api/v1/assets/artworks/${assets[1]!.id}`,
        headers: owner.auth,
      }),
      context.app.inject({ method: 'GET', url: `/api/v1/assets/watches/${watch.id}`, headers: owner.auth }),
    ]);
    expect(responses.map((response) => response.statusCode)).toEqual([404, 200, 200]);
    expect(responses[0].json()).toMatchObject({ code: 'asset_not_found' });
    expect(responses[2].json()).toEqual(watch);
  });
});
