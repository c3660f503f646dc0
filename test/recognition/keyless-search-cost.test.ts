import { describe, expect, it } from 'vitest';
import { limits } from '../../src/limits.js';
import { RECOGNITION_ON, useTestContext, type TestContext } from '../helpers/test-app.js';

// #51 item 5: the keyless search's cost to a client address follows its CPU cost — a search that also recognises
// new photographs (describing the photograph, verifying candidates) draws more of the address's bucket.
const BURST = 60;
const bucket = { AVS_PUBLIC_RATE_LIMIT_PER_SECOND: 0.001, AVS_PUBLIC_RATE_LIMIT_BURST: BURST };

/** Searches (each refused after its tokens are drawn: the body is no image) until the address is refused. */
async function searchesBeforeRefusal(context: TestContext, remoteAddress: string): Promise<number> {
  for (let searches = 0; searches <= BURST; searches++) {
    const answer = await context.app.inject({
      method: 'POST',
      url: '/c/search',
      headers: { 'content-type': 'image/png' },
      payload: Buffer.from('not an image'),
      remoteAddress,
    });
    if (answer.statusCode === 429) return searches;
  }
  throw new Error('never refused');
}

describe('what a keyless photo search draws from its address', () => {
  describe('recognising new photographs', () => {
    const context = useTestContext({ config: { ...RECOGNITION_ON, ...bucket } });
    it(`draws ${limits.publicRecognitionSearchTokens} tokens a search`, async () => {
      expect(await searchesBeforeRefusal(context, '192.0.2.51')).toBe(
        Math.floor(BURST / limits.publicRecognitionSearchTokens),
      );
    });
  });

  describe('copies only (AVS_FEATURE_WORKERS=0)', () => {
    const context = useTestContext({ config: bucket });
    it(`draws ${limits.publicPhotoSearchTokens} tokens a search`, async () => {
      expect(await searchesBeforeRefusal(context, '192.0.2.52')).toBe(
        Math.floor(BURST / limits.publicPhotoSearchTokens),
      );
    });
  });
});
