import { describe, expect, it } from 'vitest';
import {
  RECOGNISED_MIN_INLIERS,
  RECOGNISED_MIN_SPREAD,
  isRecognised,
  recognitionConfidence,
} from '../../src/modules/recognition/matching/recognition-acceptance.js';

// When a verified candidate counts as the photographed work (#51 item 2, docs/media.md "How well it recognises").
describe('recognition acceptance', () => {
  it('needs enough agreeing matches spread over the registered picture', () => {
    expect(isRecognised({ inliers: RECOGNISED_MIN_INLIERS, spread: RECOGNISED_MIN_SPREAD })).toBe(true);
    expect(isRecognised({ inliers: RECOGNISED_MIN_INLIERS - 1, spread: 1 })).toBe(false);
    // Many matches in one corner: the wrong pairs of the bench look like this.
    expect(isRecognised({ inliers: 99, spread: 1 / 16 })).toBe(false);
  });

  it('says likely for many matches and possible for fewer', () => {
    expect(recognitionConfidence({ inliers: 120, spread: 0.5 })).toBe('likely');
    expect(recognitionConfidence({ inliers: RECOGNISED_MIN_INLIERS, spread: 0.5 })).toBe('possible');
  });
});
