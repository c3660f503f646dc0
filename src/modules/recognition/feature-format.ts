/**
 * The local features every image gets (#51, docs/media.md "Local features"): ORB, at most MAX_KEYPOINTS, found on
 * the greyscale picture scaled to at most DESCRIBED_EDGE px on its long side. A change to any of these is a new
 * FEATURE_VERSION: the job describes every image again.
 */
export const FEATURE_VERSION = 'orb-500-640-v1';
export const MAX_KEYPOINTS = 500;
export const DESCRIBED_EDGE = 640;
/** ORB's descriptor: 256 bits. */
export const DESCRIPTOR_BYTES = 32;
/** x, y, size and angle of each keypoint. */
export const KEYPOINT_FLOATS = 4;

export interface ImageFeatures {
  /** The described picture's size (after scaling to DESCRIBED_EDGE). */
  width: number;
  height: number;
  /** x, y, size, angle per keypoint, in the described picture's pixels and degrees. */
  keypoints: Float32Array<ArrayBuffer>;
  /** DESCRIPTOR_BYTES per keypoint, in the keypoints' order. */
  descriptors: Uint8Array<ArrayBuffer>;
}

/** What the main thread sends a feature worker: greyscale pixels, one byte each, row after row. */
export interface DescribeRequest {
  id: number;
  width: number;
  height: number;
  pixels: Uint8Array<ArrayBuffer>;
}

export type DescribeAnswer =
  | { id: number; keypoints: Float32Array<ArrayBuffer>; descriptors: Uint8Array<ArrayBuffer> }
  | { id: number; error: string };
