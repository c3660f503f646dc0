import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { loadSharp } from '../../lib/lazy-modules.js';
import { packageRoot } from '../../lib/package-root.js';
import {
  DESCRIBED_EDGE,
  type FoundFeatures,
  type ImageFeatures,
  type MatchableFeatures,
  type Verification,
  type WorkerAnswer,
  type WorkerRequest,
} from './feature-format.js';

/**
 * The worker's script: beside this file when built; run from src/ (the tests), the built one (`npm run build`),
 * for a worker thread cannot load TypeScript.
 */
function workerScript(): string {
  const beside = fileURLToPath(new URL('./feature-worker.js', import.meta.url));
  if (existsSync(beside)) return beside;
  return path.join(packageRoot, 'dist', 'src', 'modules', 'recognition', 'feature-worker.js');
}

interface Task {
  request: WorkerRequest;
  /** Buffers handed to the worker (no copy): the caller no longer reads them. */
  transfer: ArrayBuffer[];
  resolve: (answer: WorkerAnswer) => void;
  reject: (error: Error) => void;
}

interface PoolWorker {
  thread: Worker;
  task?: Task;
}

/**
 * Worker threads that find images' local features (docs/media.md, "Local features"): started on the first image,
 * each loads opencv.js once (about 2 s) and describes one image at a time. The main thread only decodes (sharp).
 */
export class FeaturePool {
  private readonly workers: PoolWorker[] = [];
  private readonly waiting: Task[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly size: number) {}

  /** The image's local features: decoded to greyscale, at most DESCRIBED_EDGE px on its long side. */
  async describeImage(bytes: Buffer): Promise<ImageFeatures> {
    const sharp = await loadSharp();
    const { data, info } = await sharp(bytes)
      .rotate()
      .greyscale()
      .removeAlpha()
      .resize({ width: DESCRIBED_EDGE, height: DESCRIBED_EDGE, fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    // A copy of its own: its buffer is handed to the worker.
    const pixels = new Uint8Array(data);
    const found = (await this.run(
      { kind: 'describe', id: this.nextId++, width: info.width, height: info.height, pixels },
      [pixels.buffer],
    )) as FoundFeatures;
    return { width: info.width, height: info.height, ...found };
  }

  /** How well `candidate` matches the photograph `query` (matching/verify-candidate.ts), in a worker. */
  async verify(query: MatchableFeatures, candidate: MatchableFeatures): Promise<Verification> {
    const answer = await this.run({ kind: 'verify', id: this.nextId++, query, candidate }, []);
    return (answer as { verification: Verification }).verification;
  }

  /** Ends every worker; a description under way or waiting fails. */
  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.waiting.splice(0)) task.reject(new Error('The feature pool is closed.'));
    await Promise.all(this.workers.splice(0).map((worker) => worker.thread.terminate()));
  }

  private run(request: WorkerRequest, transfer: ArrayBuffer[]): Promise<WorkerAnswer> {
    if (this.closed) return Promise.reject(new Error('The feature pool is closed.'));
    return new Promise((resolve, reject) => {
      this.waiting.push({ request, transfer, resolve, reject });
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.waiting.length > 0) {
      let worker = this.workers.find((candidate) => !candidate.task);
      if (!worker && this.workers.length < this.size) worker = this.start();
      if (!worker) return;
      const task = this.waiting.shift()!;
      worker.task = task;
      worker.thread.postMessage(task.request, task.transfer);
    }
  }

  private start(): PoolWorker {
    const worker: PoolWorker = { thread: new Worker(workerScript()) };
    worker.thread.on('message', (answer: WorkerAnswer) => {
      const task = worker.task;
      worker.task = undefined;
      if ('error' in answer) task?.reject(new Error(answer.error));
      else task?.resolve(answer);
      this.dispatch();
    });
    // A worker that fails or exits is replaced by the next description; its own fails.
    const lost = (error: Error) => {
      const at = this.workers.indexOf(worker);
      if (at < 0) return;
      this.workers.splice(at, 1);
      worker.task?.reject(error);
      worker.task = undefined;
      this.dispatch();
    };
    worker.thread.on('error', lost);
    worker.thread.on('exit', (code) => lost(new Error(`A feature worker exited (${code}).`)));
    this.workers.push(worker);
    return worker;
  }
}
