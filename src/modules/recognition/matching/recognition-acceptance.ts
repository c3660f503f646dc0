import type { Verification } from './verify-candidate.js';

// From `npm run bench:photo` (docs/media.md, "Recognising a new photograph"): placeholder until measured.
/** Fewest inliers of an accepted match. */
export const RECOGNISED_MIN_INLIERS = 20;
const LIKELY_MIN_INLIERS = 40;

export function isRecognised(v: Verification): boolean {
  return v.inliers >= RECOGNISED_MIN_INLIERS;
}

/** The API's words for a recognised match ('exact' is only for copies, found by the pHash). */
export function recognitionConfidence(v: Verification): 'likely' | 'possible' {
  return v.inliers >= LIKELY_MIN_INLIERS ? 'likely' : 'possible';
}
