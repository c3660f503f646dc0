import type { Queryable } from '../../db/database.js';
import { FEATURE_VERSION, type ImageFeatures, type MatchableFeatures } from './feature-format.js';
import { isRecognised, recognitionConfidence } from './matching/recognition-acceptance.js';
import { findCandidateFeatures, type CandidateFeaturesRow } from './media-features.repository.js';
import type { Recognition } from './recognition.js';

/** Index entries looked at: more than are verified, since some may be another account's or gone. */
const RANKED_CANDIDATES = 50;
/**
 * Candidates verified geometrically, best ranked first (docs/media.md, "Recognising a new photograph": the right
 * image ranks in the first few when it is recognisable at all; each verification costs about 10 ms of a worker).
 */
const VERIFIED_CANDIDATES = 10;

export interface RecognisedImage {
  mediaId: string;
  inliers: number;
  confidence: 'likely' | 'possible';
}

/** The photograph's local features, for the index and the verification. */
export function describeSearchPhoto(recognition: Recognition, body: Buffer): Promise<ImageFeatures> {
  return recognition.pool.describeImage(body);
}

/** The media whose visual words look most like the photograph's, best first: candidates, not yet answers. */
export async function rankByWords(
  recognition: Recognition,
  photo: ImageFeatures,
  keyless: boolean,
): Promise<string[]> {
  await recognition.catalogue.catchUp();
  const index = keyless ? recognition.catalogue.keylessIndex : recognition.catalogue.index;
  return index.search(photo.words, { limit: RANKED_CANDIDATES }).map((found) => found.mediaId);
}

function matchable(row: CandidateFeaturesRow): MatchableFeatures {
  // Copies that own their buffers: the rows' Buffers may share a pool's memory at any offset.
  return {
    width: row.width,
    height: row.height,
    keypoints: new Float32Array(new Uint8Array(row.keypoints).buffer),
    descriptors: new Uint8Array(row.descriptors),
  };
}

/**
 * The candidates (media the caller may find, best ranked first) that geometric verification accepts as the work
 * in the photograph (matching/recognition-acceptance.ts), most inliers first. Only the first VERIFIED_CANDIDATES
 * are verified; a medium removed or described again since is skipped.
 */
export async function verifyRanked(
  recognition: Recognition,
  db: Queryable,
  photo: ImageFeatures,
  candidates: readonly string[],
): Promise<RecognisedImage[]> {
  const chosen = candidates.slice(0, VERIFIED_CANDIDATES);
  if (chosen.length === 0) return [];
  const rows = (await findCandidateFeatures(db, chosen)).filter((row) => row.version === FEATURE_VERSION);
  const verified = await Promise.all(
    rows.map(async (row) => ({
      mediaId: row.media_id,
      verification: await recognition.pool.verify(photo, matchable(row)),
    })),
  );
  return verified
    .filter(({ verification }) => isRecognised(verification))
    .map(({ mediaId, verification }) => ({
      mediaId,
      inliers: verification.inliers,
      confidence: recognitionConfidence(verification),
    }))
    .sort((a, b) => b.inliers - a.inliers);
}
