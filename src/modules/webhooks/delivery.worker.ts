import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { CHANGE_TOPICS, type Database } from '../../db/database.js';
import {
  claimDueDeliveries,
  failPendingDeliveries,
  fanOutOutbox,
  hasNoSuccessSince,
  nextDeliveryDueInMs,
  recordAttempt,
  type AttemptOutcome,
  type ClaimedDelivery,
} from './deliveries.repository.js';
import { noticeIfWebhookFailing } from '../notices/notice-events.service.js';
import { sendWebhook, type Resolver, type SendResult } from './delivery.sender.js';
import { disableWebhook } from './webhooks.repository.js';
import { retryDelayMs } from '../../lib/retry-delay.js';
import { WorkerLoop } from '../../lib/worker-loop.js';

export interface DeliveryWorkerOptions {
  db: Database;
  config: Pick<
    Config,
    | 'AVS_WEBHOOK_RETRY_SCHEDULE'
    | 'AVS_WEBHOOK_TIMEOUT_MS'
    | 'AVS_WEBHOOK_LEASE_MARGIN_MS'
    | 'AVS_WEBHOOK_ALLOW_INSECURE_TARGETS'
    | 'AVS_WEBHOOK_ACCOUNT_CONCURRENCY'
    | 'AVS_IDLE_POLL_MAX_MS'
  >;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Deliveries in flight at once per worker (default 8). */
  concurrency?: number;
  /**
   * The shortest time between two passes that a write's announcement starts, and an idle worker's first wait
   * (default 250 ms); the wait then doubles up to AVS_IDLE_POLL_MAX_MS while nothing happens.
   */
  pollIntervalMs?: number;
  resolve?: Resolver;
}

const FAN_OUT_BATCH = 200;
/** Every slot busy: a finished attempt wakes the worker; this is only a backstop. */
const SATURATED_WAIT_MS = 60_000;

type Outcome = AttemptOutcome & { gone?: boolean; exhausted?: boolean };

/** Standard Webhooks body: { type, timestamp, data }; timestamp is when the event happened. */
function deliveryBody(
  delivery: Pick<ClaimedDelivery, 'event_type' | 'event_created_at' | 'payload'>,
): string {
  return JSON.stringify({
    type: delivery.event_type,
    timestamp: delivery.event_created_at.toISOString(),
    data: delivery.payload,
  });
}

/**
 * Takes outbox events to deliveries and deliveries to receivers. Several workers (processes or instances) can run
 * on one database: rows are claimed with FOR UPDATE SKIP LOCKED under a lease, so each delivery has one sender.
 */
export class DeliveryWorker {
  readonly concurrency: number;
  readonly accountConcurrency: number;
  readonly leaseMs: number;
  private readonly pollIntervalMs: number;
  private readonly runner = new WorkerLoop();
  /** A write announced work since the current pass began: the pass may have looked before it committed. */
  private nudged = false;
  private passStartedAt = 0;

  constructor(private readonly options: DeliveryWorkerOptions) {
    this.concurrency = options.concurrency ?? 8;
    this.accountConcurrency = options.config.AVS_WEBHOOK_ACCOUNT_CONCURRENCY;
    this.pollIntervalMs = options.pollIntervalMs ?? 250;
    // Outlives an attempt and its bookkeeping, so a live worker keeps its claims; a dead worker's come due again.
    this.leaseMs = options.config.AVS_WEBHOOK_TIMEOUT_MS + options.config.AVS_WEBHOOK_LEASE_MARGIN_MS;
  }

  start(): void {
    this.runner.start(
      () => this.options.db.onChange(CHANGE_TOPICS.webhooks, () => this.nudge()),
      () => this.loop(),
    );
  }

  /** Stops claiming and waits for the attempts in flight (each bounded by the timeout). */
  async stop(): Promise<void> {
    await this.runner.stop();
  }

  /**
   * A committed write made work (an outbox row, a delivery due now): the next pass starts at once, or a
   * pollIntervalMs after the one before it began, so that a stream of writes costs no more passes than polling did.
   */
  private nudge(): void {
    this.nudged = true;
    this.runner.wakeBy(this.passStartedAt + this.pollIntervalMs);
  }

  /** One pass: fan the outbox out, then start as many due deliveries as there are free slots. */
  async tick(): Promise<number> {
    return (await this.pass()).claimed;
  }

  private async pass(): Promise<{ fannedOut: number; claimed: number }> {
    let fannedOut = 0;
    for (;;) {
      const taken = await fanOutOutbox(this.options.db, FAN_OUT_BATCH);
      fannedOut += taken;
      if (taken < FAN_OUT_BATCH || !this.runner.running) break;
    }
    const free = this.concurrency - this.runner.inFlight;
    const claimed = await claimDueDeliveries(this.options.db, {
      limit: free,
      leaseMs: this.leaseMs,
      claimToken: randomUUID(),
      accountConcurrency: this.accountConcurrency,
    });
    for (const delivery of claimed) this.runner.track(this.attempt(delivery));
    return { fannedOut, claimed: claimed.length };
  }

  /**
   * Passes while there is work; when there is none, sleeps until a write announces some (this process's at once,
   * other instances' through LISTEN/NOTIFY on PostgreSQL), the next retry comes due, or the idle wait runs out:
   * pollIntervalMs doubling to AVS_IDLE_POLL_MAX_MS, the look that catches what nobody announced.
   */
  private async loop(): Promise<void> {
    let idleWaitMs = this.pollIntervalMs;
    while (this.runner.running) {
      this.nudged = false;
      this.passStartedAt = Date.now();
      let pass: { fannedOut: number; claimed: number } | undefined;
      try {
        pass = await this.pass();
      } catch (error) {
        this.options.log.error({ err: error }, 'webhook worker pass failed');
      }
      if (!this.runner.running) break;
      const active = this.nudged || (pass !== undefined && pass.fannedOut + pass.claimed > 0);
      if (active) idleWaitMs = this.pollIntervalMs;
      let waitMs: number;
      if (this.runner.inFlight >= this.concurrency) waitMs = SATURATED_WAIT_MS;
      else if (pass !== undefined && pass.claimed > 0) waitMs = 0;
      else {
        const dueInMs = pass === undefined ? undefined : await this.nextDueInMs();
        waitMs = dueInMs === undefined ? idleWaitMs : Math.min(idleWaitMs, dueInMs);
        if (!active) idleWaitMs = Math.min(idleWaitMs * 2, this.options.config.AVS_IDLE_POLL_MAX_MS);
      }
      // Announced during the pass (or the look for the next retry): what it looked at may not have held it yet.
      if (this.nudged) waitMs = Math.min(waitMs, this.nextPassAfterNudge());
      if (this.runner.running) await this.runner.sleep(waitMs);
    }
  }

  private nextPassAfterNudge(): number {
    return Math.max(0, this.passStartedAt + this.pollIntervalMs - Date.now());
  }

  private async nextDueInMs(): Promise<number | undefined> {
    try {
      return await nextDeliveryDueInMs(this.options.db);
    } catch (error) {
      this.options.log.error({ err: error }, 'webhook worker pass failed');
      return undefined;
    }
  }

  private async attempt(delivery: ClaimedDelivery): Promise<void> {
    try {
      const outcome =
        delivery.webhook_status === 'active'
          ? this.outcomeOf(delivery, await this.send(delivery))
          : ({
              status: 'failed',
              statusCode: null,
              error: 'The webhook is disabled.',
              responseExcerpt: null,
            } as const);
      await this.record(delivery, outcome);
    } catch (error) {
      // The lease runs out and another pass retries it.
      this.options.log.error({ err: error, delivery_id: delivery.id }, 'webhook delivery attempt failed');
    }
  }

  private send(delivery: ClaimedDelivery): Promise<SendResult> {
    return sendWebhook(
      // The event's id, so a receiver deduplicates across retries, endpoints and GET /api/v1/events; a test event has none.
      {
        id: delivery.outbox_id ?? delivery.id,
        url: delivery.url,
        secret: delivery.secret,
        body: deliveryBody(delivery),
      },
      {
        timeoutMs: this.options.config.AVS_WEBHOOK_TIMEOUT_MS,
        allowInsecureTargets: this.options.config.AVS_WEBHOOK_ALLOW_INSECURE_TARGETS,
        resolve: this.options.resolve,
      },
    );
  }

  private outcomeOf(delivery: ClaimedDelivery, result: SendResult): Outcome {
    if (result.kind === 'refused') {
      this.options.log.warn(
        { delivery_id: delivery.id, webhook_id: delivery.webhook_id, reason: result.detail },
        'webhook target refused',
      );
      return { status: 'failed', statusCode: null, error: result.error, responseExcerpt: null };
    }
    const statusCode = result.kind === 'response' ? result.statusCode : null;
    const excerpt = result.kind === 'response' ? result.excerpt : null;
    if (statusCode !== null && statusCode >= 200 && statusCode < 300) {
      return { status: 'succeeded', statusCode, error: null, responseExcerpt: excerpt };
    }
    if (statusCode === 410) {
      return {
        status: 'failed',
        statusCode,
        error: 'The receiver answered 410 Gone: the webhook is disabled.',
        responseExcerpt: excerpt,
        gone: true,
      };
    }
    const error =
      result.kind === 'transient'
        ? result.error
        : statusCode !== null && statusCode >= 300 && statusCode < 400
          ? `The receiver answered ${statusCode}; redirects are not followed.`
          : `The receiver answered ${statusCode}.`;
    const retryInMs = retryDelayMs(this.options.config.AVS_WEBHOOK_RETRY_SCHEDULE, delivery.attempts);
    if (retryInMs === undefined) {
      return {
        status: 'failed',
        statusCode,
        error: `${error} No attempts left.`,
        responseExcerpt: excerpt,
        exhausted: true,
      };
    }
    return { status: 'pending', statusCode, error, responseExcerpt: excerpt, retryInMs };
  }

  private async record(delivery: ClaimedDelivery, outcome: Outcome): Promise<void> {
    await this.options.db.transaction(async (tx) => {
      const owned = await recordAttempt(tx, { id: delivery.id, claimToken: delivery.claim_token }, outcome);
      if (!owned) return;
      // A day of failures tells the account's members who want it (docs/mail.md, "Notices").
      if (outcome.status !== 'succeeded' && delivery.webhook_status === 'active')
        await noticeIfWebhookFailing(tx, delivery.webhook_id, new Date());
      // An endpoint that accepted nothing during a delivery's whole retry window is treated as gone.
      const endpointDead =
        outcome.exhausted === true && (await hasNoSuccessSince(tx, delivery.webhook_id, delivery.created_at));
      if (outcome.gone || endpointDead) {
        await disableWebhook(tx, delivery.webhook_id);
        await failPendingDeliveries(
          tx,
          delivery.webhook_id,
          'The webhook was disabled before this delivery.',
        );
        this.options.log.warn(
          { webhook_id: delivery.webhook_id, status_code: outcome.statusCode },
          outcome.gone ? 'webhook disabled: receiver answered 410' : 'webhook disabled: every attempt failed',
        );
      }
    });
  }
}
