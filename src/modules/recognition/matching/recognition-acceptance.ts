import type { Verification } from './verify-candidate.js';

// Chosen from `npm run bench:photo` (bench/photo-recognition.ts; docs/media.md, "Recognising a new photograph"):
// 147 registered pictures, 138 phone photos, every pair verified. Wrong pairs reach 99 inliers, but those
// matches sit in one corner of the registered picture (a textured wall or blind against the photo's background):
// of 20,136 wrong pairs, 188 have 20 inliers or more, and only 2 of them also cover a quarter of the picture's
// 4 × 4 grid (spread ≥ 0.25), none with 30 or more. Right pairs of textured pictures: 95 of 96 have 20 or more.
/** Fewest inliers of an accepted match. */
export const RECOGNISED_MIN_INLIERS = 20;
/** Least share of the registered picture's 4 × 4 grid the inliers must cover. */
export const RECOGNISED_MIN_SPREAD = 0.25;
// No wrong pair of the bench reached 30 inliers with that spread; 92 of 96 right pairs have 40 or more.
const LIKELY_MIN_INLIERS = 40;

export function isRecognised(v: Verification): boolean {
  return v.inliers >= RECOGNISED_MIN_INLIERS && v.spread >= RECOGNISED_MIN_SPREAD;
}

/** The API's words for a recognised match ('exact' is only for copies, found by the pHash). */
export function recognitionConfidence(v: Verification): 'likely' | 'possible' {
  return v.inliers >= LIKELY_MIN_INLIERS ? 'likely' : 'possible';
}
