import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { CreatedAsset } from '../helpers/asset-factory.js';
import type { TestContext } from '../helpers/test-app.js';

// Counts what a burst of verifications of one long history costs: the whole-history reads, and how often the
// history is hashed (docs/performance.md, "Round 4: verify after writes and taps, profiles").
const counted = vi.hoisted(() => ({ wholeReads: 0, wholeHashings: 0 }));
const WHOLE = 1000;

vi.mock('../../src/modules/verification/verifications.repository.js', async (importOriginal) => {
  const original =
    await importOriginal<typeof import('../../src/modules/verification/verifications.repository.js')>();
  return {
    ...original,
    // A whole read counts when it brought the long history: one made after another verification recorded its check
    // point brings only the events since, and nothing long is hashed for it.
    findAssetWithHistory: async (...args: Parameters<typeof original.findAssetWithHistory>) => {
      const found = await original.findAssetWithHistory(...args);
      if (args[3] === original.ANY_LENGTH && (found?.history?.events.length ?? 0) > WHOLE)
        counted.wholeReads++;
      return found;
    },
    findAssetsWithHistory: async (...args: Parameters<typeof original.findAssetsWithHistory>) => {
      const found = await original.findAssetsWithHistory(...args);
      if (args[3] === original.ANY_LENGTH) {
        for (const one of found.values()) if ((one.history?.events.length ?? 0) > WHOLE) counted.wholeReads++;
      }
      return found;
    },
  };
});

vi.mock('../../src/modules/history/history-integrity.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/modules/history/history-integrity.js')>();
  return {
    ...original,
    checkAssetHistory: (...args: Parameters<typeof original.checkAssetHistory>) => {
      if (args[1].length > WHOLE) counted.wholeHashings++;
      return original.checkAssetHistory(...args);
    },
  };
});

// Files share their modules (vitest.config.ts: isolate false), so a module another file loaded first would not see
// the mocks above: the app and its helpers are imported afresh here, after them.
vi.resetModules();
const { limits } = await import('../../src/limits.js');
const { createAssetViaApi, issueCertificateForTest } = await import('../helpers/asset-factory.js');
const { appendEventsForTest } = await import('../helpers/long-history.js');
const { LOG_ON_DEMAND, useTestContext } = await import('../helpers/test-app.js');

// The log integrates only when asked: a history the integrator logged meanwhile would be checked from its log
// leaves, with no whole read to count (the first run on CI found none).
const context = useTestContext({
  config: { ...LOG_ON_DEMAND, AVS_RATE_LIMIT_PER_SECOND: 1_000_000, AVS_RATE_LIMIT_BURST: 1_000_000 },
});
let owner: Awaited<ReturnType<TestContext['createAccountWithKey']>>;

beforeAll(async () => {
  owner = await context.createAccountWithKey();
});

async function longAsset(title: string): Promise<CreatedAsset> {
  const asset = await createAssetViaApi(context.app, owner.auth, 'artworks', { title });
  await issueCertificateForTest(context.db, asset);
  await appendEventsForTest(context.db, asset, limits.hashedEventsPerToken + 5);
  return asset;
}

const verify = (assetId: string) =>
  context.app.inject({
    method: 'POST',
    url: '/api/v1/verify',
    headers: owner.auth,
    payload: { planet: 'artworks', asset_id: assetId },
  });

interface Answer {
  verified: boolean;
  checks: { name: string; passed: boolean }[];
}

describe('a burst of verifications right after a burst of writes', () => {
  it('hashes the new events once per read of them, not once per verification', async () => {
    expect(limits.hashedEventsPerToken).toBe(WHOLE);
    const asset = await longAsset('Written in bulk');
    counted.wholeReads = 0;
    counted.wholeHashings = 0;

    const answers = (await Promise.all(Array.from({ length: 16 }, () => verify(asset.id)))).map((response) =>
      response.json<Answer>(),
    );

    expect(answers.every((answer) => answer.verified)).toBe(true);
    expect(counted.wholeReads).toBeGreaterThan(0);
    expect(counted.wholeReads).toBeLessThan(16);
    expect(counted.wholeHashings).toBe(counted.wholeReads);
  });

  it('an old event edited in SQL fails every verification that shares the read', async () => {
    const asset = await longAsset('Edited');
    await context.db.transaction(async (tx) => {
      await tx.query('SET LOCAL session_replication_role = replica');
      await tx.query(
        `UPDATE asset_events SET payload = '{"source":"forged"}' WHERE asset_id = $1 AND sequence = 3`,
        [asset.id],
      );
    });
    counted.wholeReads = 0;
    counted.wholeHashings = 0;

    const answers = (await Promise.all(Array.from({ length: 16 }, () => verify(asset.id)))).map((response) =>
      response.json<Answer>(),
    );

    for (const answer of answers) {
      expect(answer.verified).toBe(false);
      expect(answer.checks.find((check) => check.name === 'history_intact')?.passed).toBe(false);
    }
    expect(counted.wholeHashings).toBe(counted.wholeReads);
    expect(counted.wholeReads).toBeLessThan(16);
  });
});
