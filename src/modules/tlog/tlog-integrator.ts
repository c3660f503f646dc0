import type { FastifyBaseLogger } from 'fastify';
import { CHANGE_TOPICS, type Database } from '../../db/database.js';
import type { SigningKeyring } from '../signing/signing-keys.service.js';
import { INTEGRATION_BATCH, integrateBatch } from './tlog.service.js';
import type { WitnessCosigner } from './witness-cosigner.js';

export interface TlogIntegratorOptions {
  db: Database;
  keyring: SigningKeyring;
  origin: string;
  intervalMs: number;
  /** While nothing is appended and no write announces an event, the wait doubles from intervalMs up to this. */
  idlePollMaxMs?: number;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  batchSize?: number;
  /** Sends each checkpoint it signs to the witnesses, in the background (none: AVS_WITNESSES unset). */
  cosigner?: WitnessCosigner;
}

/**
 * Appends committed history events to the log in the background: a create never waits for the log. A write
 * that queued an event wakes it, at most once per interval (a run appends everything queued by then); while
 * nothing comes, it looks at the queue less and less often (intervalMs doubling to idlePollMaxMs), for events no
 * write announced. Any number may run (one per instance); the state row's lock lets one append at a time.
 */
export class TlogIntegrator {
  private timer: NodeJS.Timeout | undefined;
  private dueAt = 0;
  private running: Promise<number> | undefined;
  private stopped = true;
  private lastRunAt = 0;
  /** An event was announced since the current run began. */
  private nudged = false;
  private idleWaitMs: number;
  private unsubscribe: (() => void) | undefined;

  constructor(private readonly options: TlogIntegratorOptions) {
    this.idleWaitMs = options.intervalMs;
  }

  start(): void {
    this.stopped = false;
    this.unsubscribe = this.options.db.onChange(CHANGE_TOPICS.history, () => this.nudge());
    this.schedule(0);
  }

  private nudge(): void {
    this.nudged = true;
    // A run in progress schedules the next one an interval on, since it was nudged.
    if (this.timer === undefined) return;
    const at = this.lastRunAt + this.options.intervalMs;
    if (at < this.dueAt) this.schedule(at - Date.now());
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.dueAt = Date.now() + delayMs;
    this.timer = setTimeout(() => this.scheduledRun(), Math.max(0, delayMs));
    this.timer.unref();
  }

  private scheduledRun(): void {
    this.timer = undefined;
    this.nudged = false;
    void this.runOnce()
      .catch((error: unknown) => {
        this.options.log.error({ err: error }, 'transparency log integration failed');
        return 0;
      })
      .then((appended) => {
        const { intervalMs } = this.options;
        const busy = appended > 0 || this.nudged;
        const longest = Math.max(intervalMs, this.options.idlePollMaxMs ?? intervalMs);
        this.idleWaitMs = busy ? intervalMs : Math.min(this.idleWaitMs * 2, longest);
        this.lastRunAt = Date.now();
        this.schedule(busy ? intervalMs : this.idleWaitMs);
      });
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
    this.unsubscribe?.();
    if (this.timer) clearTimeout(this.timer);
    await this.running?.catch(() => undefined);
    await this.options.cosigner?.settled();
  }
}
