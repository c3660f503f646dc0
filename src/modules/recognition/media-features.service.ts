import type { FastifyBaseLogger } from 'fastify';
import { CHANGE_TOPICS, type Database } from '../../db/database.js';
import { WorkerLoop } from '../../lib/worker-loop.js';
import { readStoredBytes, type MediaStores } from '../media/media.service.js';
import { FEATURE_VERSION, KEYPOINT_FLOATS } from './feature-format.js';
import type { FeaturePool } from './feature-pool.js';
import {
  listUndescribedImages,
  saveFeatures,
  type UndescribedImageRow,
} from './media-features.repository.js';
import type { RecognitionCatalogue } from './recognition-catalogue.js';

const FIRST_ID = '00000000-0000-0000-0000-000000000000';
// Small batches: a pass stops soon at shutdown.
const BATCH = 50;

/** A typed array's bytes as stored (the machine's byte order: little-endian on every platform Node runs on). */
const bytesOf = (array: Float32Array | Uint8Array | Uint16Array): Buffer =>
  Buffer.from(array.buffer, array.byteOffset, array.byteLength);

export interface FeatureJobOptions {
  db: Database;
  stores: MediaStores;
  pool: FeaturePool;
  catalogue: RecognitionCatalogue;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** The longest wait between two passes when no medium was announced (AVS_IDLE_POLL_MAX_MS). */
  maxIdleMs: number;
}

/**
 * Finds the local features of every stored image (docs/media.md, "Local features"): a pass describes each image
 * without features of FEATURE_VERSION, oldest id first, each row its own statement — the images stored before
 * (the backfill), those of an older version, and new uploads, which wake it (CHANGE_TOPICS.media). The state is
 * the table itself, so a pass cut short is taken up by the next, here or in another instance; a row written twice
 * is written once. An image that cannot be described is logged and left until the process starts again.
 */
export class FeatureJob {
  private readonly runner = new WorkerLoop();
  private readonly undescribable = new Set<string>();
  private woken = false;
  private stopped = false;

  constructor(private readonly options: FeatureJobOptions) {}

  start(): void {
    this.runner.start(
      () =>
        this.options.db.onChange(CHANGE_TOPICS.media, () => {
          this.woken = true;
          this.runner.wake();
        }),
      () => this.loop(),
    );
  }

  /** Stops after the image in hand. */
  stop(): Promise<void> {
    this.stopped = true;
    return this.runner.stop();
  }

  /** One pass over the images without features; answers how many it described. */
  async runOnce(): Promise<number> {
    let afterId = FIRST_ID;
    let described = 0;
    for (;;) {
      const batch = await listUndescribedImages(this.options.db, FEATURE_VERSION, afterId, BATCH);
      for (const row of batch) {
        afterId = row.id;
        if (this.undescribable.has(row.id)) continue;
        if (await this.describe(row)) described += 1;
        if (this.stopped) return described;
      }
      if (batch.length < BATCH) return described;
    }
  }

  private async describe(row: UndescribedImageRow): Promise<boolean> {
    let features;
    try {
      features = await this.options.pool.describeImage(
        await readStoredBytes(this.options.db, this.options.stores, row),
      );
    } catch (error) {
      this.undescribable.add(row.id);
      this.options.log.warn({ err: error, media_id: row.id }, 'a stored image could not be described');
      return false;
    }
    const saved = await saveFeatures(this.options.db, {
      mediaId: row.id,
      assetId: row.asset_id,
      version: FEATURE_VERSION,
      keypointCount: features.keypoints.length / KEYPOINT_FLOATS,
      keypoints: bytesOf(features.keypoints),
      descriptors: bytesOf(features.descriptors),
      width: features.width,
      height: features.height,
      words: bytesOf(features.words),
    });
    // Findable here at once; other instances read its row before their next search.
    if (saved) this.options.catalogue.noteAdded(row.id, features.words);
    return saved;
  }

  private async loop(): Promise<void> {
    while (this.runner.running) {
      this.woken = false;
      try {
        await this.runOnce();
      } catch (error) {
        this.options.log.error({ err: error }, 'describing stored images failed');
      }
      if (!this.runner.running) break;
      if (this.woken) continue;
      await this.runner.sleep(this.options.maxIdleMs);
    }
  }
}
