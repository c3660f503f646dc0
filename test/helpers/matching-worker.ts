// A worker thread that loads opencv-js, describes images with ORB and runs verifyCandidate (#51): the wasm build
// installs process-wide handlers, so it never loads in the caller's thread. The worker is handed
// verifyCandidate's own source (the function is self-contained), so what is measured is the code the service runs.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import {
  type ImageFeatures,
  type Verification,
  verifyCandidate,
} from '../../src/modules/recognition/matching/verify-candidate.js';

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const verifyCandidate = ${verifyCandidate.toString()};
const cv = require(workerData.opencvPath);
const ready = cv.Mat ? Promise.resolve() : new Promise((resolve) => { cv.onRuntimeInitialized = resolve; });
function describe({ width, height, grey }) {
  const image = new cv.Mat(height, width, cv.CV_8UC1);
  image.data.set(grey);
  const orb = new cv.ORB(500);
  const keypoints = new cv.KeyPointVector();
  const descriptors = new cv.Mat();
  const none = new cv.Mat();
  try {
    orb.detectAndCompute(image, none, keypoints, descriptors);
    const geometry = new Float32Array(keypoints.size() * 4);
    for (let i = 0; i < keypoints.size(); i++) {
      const kp = keypoints.get(i);
      geometry.set([kp.pt.x, kp.pt.y, kp.size, kp.angle], i * 4);
    }
    return { width, height, keypoints: geometry, descriptors: new Uint8Array(descriptors.data) };
  } finally {
    image.delete(); orb.delete(); keypoints.delete(); descriptors.delete(); none.delete();
  }
}
parentPort.on('message', async ({ id, kind, args }) => {
  await ready;
  try {
    const result = kind === 'describe' ? describe(args[0]) : verifyCandidate(cv, args[0], args[1]);
    parentPort.postMessage({ id, result });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error) });
  }
});
`;

/** The long side images are described at, as the service will. */
const DESCRIBE_SIZE = 640;

export interface MatchingWorker {
  describe(image: Buffer): Promise<ImageFeatures>;
  verify(query: ImageFeatures, candidate: ImageFeatures): Promise<Verification>;
  stop(): Promise<void>;
}

export function startMatchingWorker(): MatchingWorker {
  const opencvPath = createRequire(import.meta.url).resolve('@techstark/opencv-js');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { opencvPath } });
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let next = 0;
  worker.on('message', ({ id, result, error }: { id: number; result?: unknown; error?: string }) => {
    const call = waiting.get(id)!;
    waiting.delete(id);
    if (error === undefined) call.resolve(result);
    else call.reject(new Error(error));
  });
  const call = <T>(kind: string, args: unknown[]): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      waiting.set(next, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ id: next++, kind, args });
    });
  return {
    async describe(image) {
      const { data, info } = await sharp(image)
        .resize(DESCRIBE_SIZE, DESCRIBE_SIZE, { fit: 'inside', withoutEnlargement: true })
        .greyscale()
        .raw()
        .toBuffer({ resolveWithObject: true });
      return call<ImageFeatures>('describe', [{ width: info.width, height: info.height, grey: data }]);
    },
    verify: (query, candidate) => call<Verification>('verify', [query, candidate]),
    async stop() {
      await worker.terminate();
    },
  };
}
