// A feature worker thread (feature-pool.ts): the only place opencv.js is loaded, for its wasm build installs
// process-wide uncaughtException and unhandledRejection handlers, which must never be the server's.
import { parentPort } from 'node:worker_threads';
import {
  DESCRIPTOR_BYTES,
  KEYPOINT_FLOATS,
  MAX_KEYPOINTS,
  type WorkerAnswer,
  type WorkerRequest,
} from './feature-format.js';
import { verifyCandidate } from './matching/verify-candidate.js';
import { loadVisualVocabulary } from './vocabulary/visual-vocabulary.js';

/** The part of opencv.js used here (its own typings name a KeyPoint a Point). */
interface OpenCvKeyPoint {
  pt: { x: number; y: number };
  size: number;
  angle: number;
}
interface OpenCvMat {
  rows: number;
  data: Uint8Array;
  delete(): void;
}
interface OpenCv {
  Mat: new () => OpenCvMat;
  KeyPointVector: new () => { size(): number; get(i: number): OpenCvKeyPoint; delete(): void };
  ORB: new (nfeatures: number) => {
    detectAndCompute(
      image: OpenCvMat,
      mask: OpenCvMat,
      keypoints: InstanceType<OpenCv['KeyPointVector']>,
      descriptors: OpenCvMat,
    ): void;
  };
  CV_8UC1: number;
  matFromArray(rows: number, cols: number, type: number, array: ArrayBufferView): OpenCvMat;
  onRuntimeInitialized?: () => void;
}

/**
 * opencv.js once its wasm runtime is ready, inside an object: the Emscripten module is itself a thenable, which a
 * promise resolved with it would await for ever.
 */
async function loadOpenCv(): Promise<{ cv: OpenCv }> {
  const { default: cv } = (await import('@techstark/opencv-js')) as unknown as { default: OpenCv };
  if (typeof cv.Mat !== 'function') await new Promise<void>((resolve) => (cv.onRuntimeInitialized = resolve));
  return { cv };
}

function describe(
  cv: OpenCv,
  orb: InstanceType<OpenCv['ORB']>,
  request: Extract<WorkerRequest, { kind: 'describe' }>,
): WorkerAnswer {
  const image = cv.matFromArray(request.height, request.width, cv.CV_8UC1, request.pixels);
  const mask = new cv.Mat();
  const found = new cv.KeyPointVector();
  const descriptors = new cv.Mat();
  try {
    orb.detectAndCompute(image, mask, found, descriptors);
    const count = found.size();
    const keypoints = new Float32Array(count * KEYPOINT_FLOATS);
    for (let i = 0; i < count; i++) {
      const keypoint = found.get(i);
      keypoints.set([keypoint.pt.x, keypoint.pt.y, keypoint.size, keypoint.angle], i * KEYPOINT_FLOATS);
    }
    // A copy: the Mat's data is a view of the wasm heap, freed below.
    const bytes = count === 0 ? new Uint8Array(0) : descriptors.data.slice(0, count * DESCRIPTOR_BYTES);
    // Its own buffer, transferred with the answer.
    const words = Uint16Array.from(loadVisualVocabulary().wordsOf(bytes));
    return { id: request.id, keypoints, descriptors: bytes, words };
  } finally {
    image.delete();
    mask.delete();
    found.delete();
    descriptors.delete();
  }
}

function answer(cv: OpenCv, orb: InstanceType<OpenCv['ORB']>, request: WorkerRequest): WorkerAnswer {
  if (request.kind === 'describe') return describe(cv, orb, request);
  const opencv = cv as unknown as Parameters<typeof verifyCandidate>[0];
  return { id: request.id, verification: verifyCandidate(opencv, request.query, request.candidate) };
}

const port = parentPort;
if (port) {
  const loading = loadOpenCv().then(({ cv }) => ({ cv, orb: new cv.ORB(MAX_KEYPOINTS) }));
  port.on('message', (request: WorkerRequest) => {
    // postMessage does not throw here: every answer is plain data.
    void loading
      .then(({ cv, orb }) => answer(cv, orb, request))
      .catch((error: unknown): WorkerAnswer => ({ id: request.id, error: String(error) }))
      .then((done) =>
        'keypoints' in done
          ? port.postMessage(done, [done.keypoints.buffer, done.descriptors.buffer, done.words.buffer])
          : port.postMessage(done),
      );
  });
}
