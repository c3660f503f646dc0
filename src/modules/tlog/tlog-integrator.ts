import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.js';
import type { SigningKeyring } from '../signing/signing-keys.service.js';
import { INTEGRATION_BATCH, integrateBatch } from './tlog.service.js';
import type { WitnessCosigner } from './witness-cosigner.js';

export interface TlogIntegratorOptions {
  db: Database;
  keyring: SigningKeyring;
  origin: string;
  intervalMs: number;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  batchSize?: number;
  /** Sends each checkpoint it signs to the witnesses, in the background (none: AVS_WITNESSES unset). */
  cosigner?: WitnessCosigner;
}

/**
 * Appends committed history events to the log every interval, in the background: a create never waits
 * for the log. Any number may run (one per instance); the state row's lock lets one append at a time.
 */
export class TlogIntegrator {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private stopped = true;

  constructor(private readonly options: TlogIntegratorOptions) {}

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      void this.runOnce()
        .catch((error: unknown) =>
          this.options.log.error({ err: error }, 'transparency log integration failed'),
        )
        .finally(() => this.schedule(this.options.intervalMs));
    }, delayMs);
    this.timer.unref();
  }

  /** Appends everything committed so far (batch after batch); resolves with how many it appended. */
  runOnce(): Promise<number> {
    // One run at a time in this process; a caller arriving mid-run waits for the next one.
    const previous = this.running ?? Promise.resolve(0);
    const run = previous
      .catch(() => 0)
      .then(async () => {
        const batch = this.options.batchSize ?? INTEGRATION_BATCH;
        let total = 0;
        for (;;) {
          const { appended, checkpoint } = await integrateBatch(
            this.options.db,
            this.options.keyring,
            this.options.origin,
            batch,
          );
          // After the commit, never before: the witnesses see only what the log holds.
          if (checkpoint !== undefined) this.options.cosigner?.submit(checkpoint);
          total += appended;
          if (appended < batch || this.stopped) return total;
        }
      });
    this.running = run;
    return run;
  }

  /** Stops the timer and waits for a run in progress, so the database can close after it. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running?.catch(() => undefined);
    await this.options.cosigner?.settled();
  }
}
