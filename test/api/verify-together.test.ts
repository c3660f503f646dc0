import { beforeAll, describe, expect, it } from 'vitest';
import { limits } from '../../src/limits.js';
import { VerificationReads } from '../../src/modules/verification/verification.service.js';
import { createAssetViaApi, issueCertificateForTest, type CreatedAsset } from '../helpers/asset-factory.js';
import { countingStatements } from '../helpers/counting-statements.js';
import { appendEventsForTest } from '../helpers/long-history.js';
import { useTestContext, type TestContext } from '../helpers/test-app.js';

// Verifications sent at once are read together (docs/api.md, "Verification"): each must still answer its own asset.
const context = useTestContext({
  config: { AVS_RATE_LIMIT_PER_SECOND: 1_000_000, AVS_RATE_LIMIT_BURST: 1_000_000 },
});
let owner: Awaited<ReturnType<TestContext['createAccountWithKey']>>;
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  owner = await context.createAccountWithKey();
});

async function issuedAsset(title: string): Promise<CreatedAsset> {
  const asset = await createAssetViaApi(context.app, owner.auth, 'artworks', { title });
  await issueCertificateForTest(context.db, asset);
  return asset;
}

interface Answer {
  asset_id: string;
  verified: boolean;
  checks: { name: string; passed: boolean; detail?: string }[];
}

const verify = (assetId: string) =>
  context.app.inject({
    method: 'POST',
    url: '/api/v1/verify',
    headers: owner.auth,
    payload: { planet: 'artworks', asset_id: assetId },
  });

describe('verifications that arrive together', () => {
  it('each answers its own asset: a tampered one fails alone, a pending one, an unknown id and a long history too', async () => {
    const intact = [await issuedAsset('First'), await issuedAsset('Second'), await issuedAsset('Third')];
    const tampered = await issuedAsset('Forged');
    await context.db.transaction(async (tx) => {
      await tx.query('SET LOCAL session_replication_role = replica');
      await tx.query(
        `UPDATE asset_events SET payload = '{"source":"forged"}' WHERE asset_id = $1 AND sequence = 2`,
        [tampered.id],
      );
    });
    const pending = await createAssetViaApi(context.app, owner.auth, 'artworks', { title: 'Not yet issued' });
    const long = await issuedAsset('Long history');
    await appendEventsForTest(context.db, long, limits.hashedEventsPerToken + 5);

    const sent = [...intact, tampered, pending, long].map((asset) => asset.id);
    const responses = await Promise.all([...sent, MISSING_ID, intact[0]!.id.toUpperCase()].map(verify));

    const answers = responses.map((response) => response.json<Answer>());
    expect(responses.map((response) => response.statusCode)).toEqual([
      200, 200, 200, 200, 200, 200, 404, 200,
    ]);
    expect(answers.slice(0, 6).map((answer) => answer.asset_id)).toEqual(sent);
    expect(answers[7]!.asset_id).toBe(intact[0]!.id);
    expect(answers.map((answer) => (answer as Partial<Answer>).verified)).toEqual([
      true,
      true,
      true,
      false,
      false,
      true,
      undefined,
      true,
    ]);
    const failed = (answer: Answer) =>
      answer.checks.filter((check) => !check.passed).map((check) => check.name);
    expect(failed(answers[3]!)).toEqual(['history_intact']);
    expect(failed(answers[4]!)).toEqual(['certificate_issued']);
    expect(answers[6]).toMatchObject({ code: 'asset_not_found' });
  });

  it('are read in a few statements, each with its own asset', async () => {
    const assets: CreatedAsset[] = [];
    for (let index = 0; index < 12; index++) assets.push(await issuedAsset(`Batch ${index}`));
    const { db, statements } = countingStatements(context.app.db);
    const reads = new VerificationReads(db);

    const found = await Promise.all(assets.map((asset) => reads.first('artworks', { id: asset.id }, [0.5])));

    expect(found.map((entry) => entry?.asset.id)).toEqual(assets.map((asset) => asset.id));
    for (const entry of found) expect(entry?.history?.events.map((event) => event.sequence)).toEqual([1, 2]);
    // PostgreSQL: up to four reads at once, the rest together after them; PGlite: all of them in one.
    expect(statements.length).toBeLessThanOrEqual(5);
    expect(statements.some((text) => text.includes('unnest($2::uuid[])'))).toBe(true);
  });
});
