import { describe, expect, it } from 'vitest';
import { MAX_MATCH_DISTANCE, confidenceOf } from '../../src/modules/media/fingerprint-index.js';
import { measurePhotoQuality, PHOTO_TRANSFORMS } from '../helpers/photo-quality.js';

// The targets of #34 item 4 on the 60 photographs of test/fixtures/photos; the full table (every transform) is
// `npm run bench:photo` and docs/media.md.
describe('photo search quality on real photographs', () => {
  it('finds the original in the top 3 after each targeted transform, and unrelated pictures almost never', async () => {
    const targeted = PHOTO_TRANSFORMS.filter((transform) => transform.target !== undefined);
    expect(targeted.map((transform) => transform.name)).toEqual([
      'resize 50 %',
      'resize 25 %',
      'JPEG quality 60',
      'JPEG quality 30',
      'brightness +15 %',
      'brightness −15 %',
      'crop 5 % (centre)',
    ]);
    const quality = await measurePhotoQuality(targeted);
    for (const row of quality.transforms) {
      expect(row.queries).toBe(60);
      expect(row.recall, row.transform).toBeGreaterThanOrEqual(row.target!);
    }
    // A resized or re-compressed copy is named the same picture.
    for (const row of quality.transforms.slice(0, 4))
      expect(confidenceOf(row.maxDistance), row.transform).toBe('exact');
    expect(quality.unrelatedPairs).toBeGreaterThan(30_000);
    expect(quality.falseMatches / quality.unrelatedPairs).toBeLessThanOrEqual(1 / 1000);
    expect(quality.nearestUnrelated).toBeGreaterThan(MAX_MATCH_DISTANCE);
  });
});
