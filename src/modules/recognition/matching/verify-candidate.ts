// Geometric verification of one candidate image against a query photograph (#51): run inside a worker thread with
// the opencv module passed in, so the main thread never loads the wasm build (it installs process-wide handlers).
// Kept self-contained (no imports at run time) so a worker can be handed its source.

import type { MatchableFeatures, Verification } from '../feature-format.js';

/** Local features of one image (type imports only: nothing is imported at run time). */
export type ImageFeatures = MatchableFeatures;
export type { Verification };

interface Deletable {
  delete(): void;
}
interface Mat extends Deletable {
  data: Uint8Array;
  empty(): boolean;
}
interface Vector<T> extends Deletable {
  size(): number;
  get(index: number): T;
}
interface DMatch {
  queryIdx: number;
  trainIdx: number;
  distance: number;
}

/** The members of the opencv module used here (the package's own types are loose where these are used). */
interface OpenCv {
  CV_8UC1: number;
  CV_32FC2: number;
  NORM_HAMMING: number;
  RANSAC: number;
  Mat: new (rows?: number, cols?: number, type?: number) => Mat;
  DMatchVectorVector: new () => Vector<Vector<DMatch>>;
  BFMatcher: new (
    normType: number,
    crossCheck: boolean,
  ) => Deletable & {
    knnMatch(query: Mat, train: Mat, matches: Vector<Vector<DMatch>>, k: number): void;
  };
  matFromArray(rows: number, cols: number, type: number, values: number[]): Mat;
  findHomography(from: Mat, to: Mat, method: number, reprojectionThreshold: number, mask: Mat): Mat;
}

export function verifyCandidate(cv: OpenCv, query: ImageFeatures, candidate: ImageFeatures): Verification {
  const DESCRIPTOR_BYTES = 32;
  const RATIO = 0.8;
  const GRID = 4;
  const count = (features: ImageFeatures): number => features.descriptors.length / DESCRIPTOR_BYTES;
  if (count(query) < 2 || count(candidate) < 2) return { inliers: 0, spread: 0 };
  const toMat = (features: ImageFeatures) => {
    const mat = new cv.Mat(count(features), DESCRIPTOR_BYTES, cv.CV_8UC1);
    mat.data.set(features.descriptors);
    return mat;
  };
  const queryMat = toMat(query);
  const candidateMat = toMat(candidate);
  const matcher = new cv.BFMatcher(cv.NORM_HAMMING, false);
  const knn = new cv.DMatchVectorVector();
  const pairs: Array<[number, number]> = [];
  try {
    matcher.knnMatch(queryMat, candidateMat, knn, 2);
    for (let i = 0; i < knn.size(); i++) {
      const neighbours = knn.get(i);
      if (neighbours.size() === 2) {
        const best = neighbours.get(0);
        if (best.distance < RATIO * neighbours.get(1).distance) pairs.push([best.queryIdx, best.trainIdx]);
      }
      neighbours.delete();
    }
  } finally {
    knn.delete();
    matcher.delete();
    queryMat.delete();
    candidateMat.delete();
  }
  if (pairs.length < 4) return { inliers: 0, spread: 0 };
  const points = (features: ImageFeatures, pick: (pair: [number, number]) => number) =>
    cv.matFromArray(
      pairs.length,
      1,
      cv.CV_32FC2,
      pairs.flatMap((pair) => [features.keypoints[pick(pair) * 4]!, features.keypoints[pick(pair) * 4 + 1]!]),
    );
  const from = points(query, (pair) => pair[0]);
  const to = points(candidate, (pair) => pair[1]);
  const mask = new cv.Mat();
  let homography: Mat | undefined;
  try {
    homography = cv.findHomography(from, to, cv.RANSAC, 5, mask);
    if (homography.empty()) return { inliers: 0, spread: 0 };
    const cells = new Set<number>();
    let inliers = 0;
    for (let i = 0; i < pairs.length; i++) {
      if (mask.data[i] === 0) continue;
      inliers++;
      const kp = pairs[i]![1] * 4;
      const column = Math.min(GRID - 1, Math.floor((candidate.keypoints[kp]! / candidate.width) * GRID));
      const row = Math.min(GRID - 1, Math.floor((candidate.keypoints[kp + 1]! / candidate.height) * GRID));
      cells.add(row * GRID + column);
    }
    return { inliers, spread: cells.size / (GRID * GRID) };
  } finally {
    homography?.delete();
    mask.delete();
    from.delete();
    to.delete();
  }
}
