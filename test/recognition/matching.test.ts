// #51: a new phone photograph of a real photograph is verified against its original by local features, and not
// against an unrelated photograph; opencv runs only in a worker thread.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/lib/package-root.js';
import { type MatchingWorker, startMatchingWorker } from '../helpers/matching-worker.js';
import { phonePhoto } from '../helpers/phone-photo.js';

const photo = (name: string): Buffer =>
  readFileSync(path.join(packageRoot, 'test/fixtures/recognition', `${name}.jpg`));

describe('verifying a candidate image against a phone photograph', () => {
  let worker: MatchingWorker;
  const listenersBefore = process.listenerCount('uncaughtException');
  beforeAll(() => {
    worker = startMatchingWorker();
  });
  afterAll(async () => {
    await worker.stop();
  });

  it.each([
    ['astronaut', 'coffee', 51],
    ['chelsea', 'rocket', 7],
  ])(
    'a phone photo of %s: many inliers against it, few against %s',
    async (name, unrelatedName, seed) => {
      const query = await worker.describe(await phonePhoto(photo(name), seed));
      const same = await worker.verify(query, await worker.describe(photo(name)));
      const other = await worker.verify(query, await worker.describe(photo(unrelatedName)));
      expect(same.inliers).toBeGreaterThanOrEqual(30);
      expect(same.spread).toBeGreaterThan(0.25);
      expect(other.inliers).toBeLessThan(15);
    },
    60_000,
  );

  it('makes the same phone photo from the same seed, and another from another seed', async () => {
    const first = await phonePhoto(photo('brick'), 3);
    expect((await phonePhoto(photo('brick'), 3)).equals(first)).toBe(true);
    expect((await phonePhoto(photo('brick'), 4)).equals(first)).toBe(false);
  });

  it('loads opencv in the worker only: no process-wide handler is added to the test thread', () => {
    expect(process.listenerCount('uncaughtException')).toBe(listenersBefore);
  });
});
