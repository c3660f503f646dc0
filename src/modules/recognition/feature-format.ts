import { VOCABULARY_VERSION } from './vocabulary/visual-vocabulary.js';

/**
 * The local features every image gets (#51, docs/media.md "Local features"): ORB, at most MAX_KEYPOINTS, found on
 * the greyscale picture scaled to at most DESCRIBED_EDGE px on its long side. A change to any of these is a new
 * FEATURE_VERSION: the job describes every image again.
 */
// The vocabulary's version is part of it: stored words are of one vocabulary.
export const FEATURE_VERSION = `orb-500-640-v1+${VOCABULARY_VERSION}`;
export const MAX_KEYPOINTS = 500;
export const DESCRIBED_EDGE = 640;
/** ORB's descriptor: 256 bits. */
export const DESCRIPTOR_BYTES = 32;
/** x, y, size and angle of each keypoint. */
export const KEYPOINT_FLOATS = 4;

/** What geometric verification reads of an image (matching/verify-candidate.ts). */
export interface MatchableFeatures {
  /** The described picture's size (after scaling to DESCRIBED_EDGE). */
  width: number;
  height: number;
  /** x, y, size, angle per keypoint, in the described picture's pixels and degrees. */
  keypoints: Float32Array;
  /** DESCRIPTOR_BYTES per keypoint, in the keypoints' order. */
  descriptors: Uint8Array;
}

export interface ImageFeatures extends MatchableFeatures {
  keypoints: Float32Array<ArrayBuffer>;
  descriptors: Uint8Array<ArrayBuffer>;
  /** The visual word of each keypoint (vocabulary/visual-vocabulary.ts), in the keypoints' order. */
  words: Uint16Array<ArrayBuffer>;
}

/** Features found by a worker: everything but the picture's size, which the main thread knows. */
export type FoundFeatures = Pick<ImageFeatures, 'keypoints' | 'descriptors' | 'words'>;

/** How well a candidate image matches a photograph, by its local features. */
export interface Verification {
  /** Matches consistent with one homography (RANSAC, 5 px). */
  inliers: number;
  /** Fraction of a 4 × 4 grid over the candidate image that holds at least one inlier: a match spread over the work. */
  spread: number;
}

/** What the main thread asks a feature worker. */
export type WorkerRequest =
  /** Describe greyscale pixels, one byte each, row after row. */
  | { kind: 'describe'; id: number; width: number; height: number; pixels: Uint8Array<ArrayBuffer> }
  /** Verify a candidate image against a photograph. */
  | { kind: 'verify'; id: number; query: MatchableFeatures; candidate: MatchableFeatures };

export type WorkerAnswer =
  | ({ id: number } & FoundFeatures)
  | { id: number; verification: Verification }
  | { id: number; error: string };
