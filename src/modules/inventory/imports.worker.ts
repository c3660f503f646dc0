import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.js';
import {
  failImport,
  IMPORT_BATCHES_IN_FLIGHT,
  importNextBatch,
  importsWithWorkToDo,
  validateImport,
  type ImportWork,
} from './imports.service.js';

export interface ImportWorkerOptions {
  db: Database;
  work: ImportWork;
  log: Pick<FastifyBaseLogger, 'error'>;
  /** An idle worker's first wait (default 250 ms), doubling to `maxIdleMs`. */
  pollIntervalMs?: number;
  maxIdleMs: number;
}

/**
 * Validates uploaded imports and imports started ones, a batch of rows per transaction, in the background. Several
 * workers (processes) may run, and each runs two batches of an import at once on PostgreSQL: a batch locks its rows
 * (SKIP LOCKED), so each row is imported once; a worker that dies leaves the rows without an outcome to the next
 * pass, its own or another's.
 */
export class ImportWorker {
  private running = false;
  private loopDone: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  private nudged = false;

  constructor(private readonly options: ImportWorkerOptions) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loopDone = this.loop();
  }

  /** Stops after the batch in hand: its rows and their outcomes commit, or none of them. */
  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loopDone;
  }

  /** An import was uploaded or started: look now rather than at the next poll. */
  nudge(): void {
    this.nudged = true;
    this.wake?.();
  }

  /** One pass: each import with work gets a validation or one batch of rows; answers whether any had work. */
  async tick(): Promise<boolean> {
    const work = await importsWithWorkToDo(this.options.db);
    for (const { id, state } of work) {
      if (state === 'validating') {
        await validateImport(this.options.db, id, this.options.work.check).catch(async (error: unknown) => {
          this.options.log.error({ err: error, import_id: id }, 'import validation failed');
          await failImport(this.options.db, id, 'The file could not be validated; upload it again.');
        });
      } else {
        const { db, work } = this.options;
        await Promise.all(
          Array.from({ length: IMPORT_BATCHES_IN_FLIGHT[db.kind] }, () => importNextBatch(db, id, work)),
        );
      }
    }
    return work.length > 0;
  }

  /** Every import's work done: for tests and `avs import`. */
  async drain(): Promise<void> {
    while (await this.tick());
  }

  private async loop(): Promise<void> {
    const first = this.options.pollIntervalMs ?? 250;
    let idleWaitMs = first;
    while (this.running) {
      this.nudged = false;
      let busy = false;
      try {
        busy = await this.tick();
      } catch (error) {
        this.options.log.error({ err: error }, 'import worker pass failed');
      }
      if (!this.running) break;
      if (busy || this.nudged) {
        idleWaitMs = first;
        // A turn of the event loop between batches: on PGlite (this thread) requests are answered meanwhile.
        await new Promise((resolve) => setImmediate(resolve));
        continue;
      }
      await this.sleep(idleWaitMs);
      idleWaitMs = Math.min(idleWaitMs * 2, this.options.maxIdleMs);
    }
  }

  private async sleep(ms: number): Promise<void> {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      timer.unref();
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    this.wake = undefined;
  }
}
