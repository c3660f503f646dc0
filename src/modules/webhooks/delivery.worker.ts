import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import {
  claimDueDeliveries,
  failPendingDeliveries,
  fanOutOutbox,
  hasNoSuccessSince,
  recordAttempt,
  type AttemptOutcome,
  type ClaimedDelivery,
} from './deliveries.repository.js';
import { sendWebhook, type Resolver, type SendResult } from './delivery.sender.js';
import { disableWebhook } from './webhooks.repository.js';

export interface DeliveryWorkerOptions {
  db: Database;
  config: Pick<
    Config,
    | 'AVS_WEBHOOK_RETRY_SCHEDULE'
    | 'AVS_WEBHOOK_TIMEOUT_MS'
    | 'AVS_WEBHOOK_LEASE_MARGIN_MS'
    | 'AVS_WEBHOOK_ALLOW_INSECURE_TARGETS'
    | 'AVS_WEBHOOK_ACCOUNT_CONCURRENCY'
  >;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Deliveries in flight at once per worker (default 8). */
  concurrency?: number;
  /** How often an idle worker looks for work (default 250 ms). */
  pollIntervalMs?: number;
  resolve?: Resolver;
}

const FAN_OUT_BATCH = 200;
const JITTER = 0.1;

type Outcome = AttemptOutcome & { gone?: boolean; exhausted?: boolean };

/** Delay before retry n (1-based) per the schedule, ±10 % jitter; undefined after the last. */
function retryDelayMs(
  schedule: readonly number[],
  attempts: number,
  random = Math.random,
): number | undefined {
  const base = schedule[attempts - 1];
  if (base === undefined) return undefined;
  return Math.round(base * (1 - JITTER + 2 * JITTER * random()));
}

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
  private readonly inFlight = new Set<Promise<void>>();
  private running = false;
  private loopDone: Promise<void> | undefined;
  private wake: (() => void) | undefined;

  constructor(private readonly options: DeliveryWorkerOptions) {
    this.concurrency = options.concurrency ?? 8;
    this.accountConcurrency = options.config.AVS_WEBHOOK_ACCOUNT_CONCURRENCY;
    this.pollIntervalMs = options.pollIntervalMs ?? 250;
    // Outlives an attempt and its bookkeeping, so a live worker keeps its claims; a dead worker's come due again.
    this.leaseMs = options.config.AVS_WEBHOOK_TIMEOUT_MS + options.config.AVS_WEBHOOK_LEASE_MARGIN_MS;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loopDone = this.loop();
  }

  /** Stops claiming and waits for the attempts in flight (each bounded by the timeout). */
  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loopDone;
    await Promise.allSettled([...this.inFlight]);
  }

  /** One pass: fan the outbox out, then start as many due deliveries as there are free slots. */
  async tick(): Promise<number> {
    while ((await fanOutOutbox(this.options.db, FAN_OUT_BATCH)) === FAN_OUT_BATCH) {
      if (!this.running) break;
    }
    const free = this.concurrency - this.inFlight.size;
    const claimed = await claimDueDeliveries(this.options.db, {
      limit: free,
      leaseMs: this.leaseMs,
      claimToken: randomUUID(),
      accountConcurrency: this.accountConcurrency,
    });
    for (const delivery of claimed) {
      const attempt = this.attempt(delivery).finally(() => {
        this.inFlight.delete(attempt);
        this.wake?.();
      });
      this.inFlight.add(attempt);
    }
    return claimed.length;
  }

  private async loop(): Promise<void> {
    while (this.running) {
      let claimed = 0;
      try {
        claimed = await this.tick();
      } catch (error) {
        this.options.log.error({ err: error }, 'webhook worker pass failed');
      }
      if (!this.running) break;
      // Busy: wait for a free slot. Idle: wait for the poll interval (or a slot freeing, which may mean a retry).
      const saturated = this.inFlight.size >= this.concurrency;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, saturated ? 60_000 : claimed > 0 ? 0 : this.pollIntervalMs);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = undefined;
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
