import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { CHANGE_TOPICS, type Database } from '../../db/database.js';
import {
  claimDueMail,
  nextMailDueInMs,
  recordMailAttempt,
  type ClaimedMail,
  type MailOutcome,
} from './mail-outbox.repository.js';
import { MailSendError, type MailTransport } from './transports/mail-transport.js';
import { retryDelayMs } from '../../lib/retry-delay.js';
import { WorkerLoop } from '../../lib/worker-loop.js';

export interface MailWorkerOptions {
  db: Database;
  transport: MailTransport;
  config: Pick<Config, 'AVS_MAIL_RETRY_SCHEDULE' | 'AVS_MAIL_TIMEOUT_MS' | 'AVS_IDLE_POLL_MAX_MS'>;
  /** The sender of every message. */
  from: string;
  /** The right-hand side of each Message-ID: the host of AVS_PUBLIC_URL. */
  messageIdHost: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Messages in flight at once (default 4). */
  concurrency?: number;
  /** An idle worker's first wait (default 250 ms), doubling to AVS_IDLE_POLL_MAX_MS. */
  pollIntervalMs?: number;
}

/** The Message-ID of an outbox row: the same on every attempt, so a receiver drops a repeat. */
export function messageIdOf(id: string, host: string): string {
  return `<${id}@${host}>`;
}

/**
 * Hands queued messages to the transport. Several workers (processes, instances) can share one outbox: rows are
 * claimed with SKIP LOCKED under a lease of twice the SMTP timeout, so each message has one sender at a time, and
 * a worker that died mid-conversation leaves its messages to be tried again once the lease runs out, with the
 * same Message-ID. A transport that is down holds the queue; no request ever waits for it.
 */
export class MailWorker {
  readonly concurrency: number;
  readonly leaseMs: number;
  private readonly pollIntervalMs: number;
  private readonly runner = new WorkerLoop();
  private nudged = false;
  private readonly passSteps: (() => Promise<unknown>)[] = [];

  constructor(private readonly options: MailWorkerOptions) {
    this.concurrency = options.concurrency ?? 4;
    this.pollIntervalMs = options.pollIntervalMs ?? 250;
    this.leaseMs = 2 * options.config.AVS_MAIL_TIMEOUT_MS;
  }

  get transportName(): string {
    return this.options.transport.name;
  }

  start(): void {
    this.runner.start(
      () =>
        this.options.db.onChange(CHANGE_TOPICS.mail, () => {
          this.nudged = true;
          this.runner.wake();
        }),
      () => this.loop(),
    );
  }

  /** Stops claiming and waits for the conversations in flight (each bounded by the timeout). */
  async stop(): Promise<void> {
    await this.runner.stop();
    this.options.transport.close();
  }

  /**
   * Work each pass does before it claims, with the same wake-ups: the notices' fan-out turns causes into messages
   * (src/modules/notices). A step that fails is logged; the pass goes on to send what is queued.
   */
  addPassStep(step: () => Promise<unknown>): void {
    this.passSteps.push(step);
  }

  /** One pass: claims as many due messages as there are free slots and starts them; resolves with the count. */
  async tick(): Promise<number> {
    for (const step of this.passSteps) {
      await step().catch((error: unknown) =>
        this.options.log.error({ err: error }, 'mail worker pass step failed'),
      );
    }
    const claimed = await claimDueMail(this.options.db, {
      limit: this.concurrency - this.runner.inFlight,
      leaseMs: this.leaseMs,
      claimToken: randomUUID(),
    });
    for (const mail of claimed) this.runner.track(this.attempt(mail));
    return claimed.length;
  }

  /** Every message due now handed on (or retried later): for tests and `avs mail send`. */
  async drain(): Promise<void> {
    while ((await this.tick()) > 0 || this.runner.inFlight > 0) await this.runner.oneSettled();
  }

  private async loop(): Promise<void> {
    let idleWaitMs = this.pollIntervalMs;
    while (this.runner.running) {
      this.nudged = false;
      let claimed = 0;
      try {
        claimed = await this.tick();
      } catch (error) {
        this.options.log.error({ err: error }, 'mail worker pass failed');
      }
      if (!this.runner.running) break;
      if (claimed > 0 || this.nudged) idleWaitMs = this.pollIntervalMs;
      let waitMs: number;
      if (this.nudged) waitMs = 0;
      else if (this.runner.inFlight >= this.concurrency) waitMs = this.leaseMs;
      else if (claimed > 0) waitMs = 0;
      else {
        const dueInMs = await nextMailDueInMs(this.options.db).catch(() => undefined);
        waitMs = dueInMs === undefined ? idleWaitMs : Math.min(idleWaitMs, dueInMs);
        idleWaitMs = Math.min(idleWaitMs * 2, this.options.config.AVS_IDLE_POLL_MAX_MS);
      }
      if (this.runner.running && !this.nudged) await this.runner.sleep(waitMs);
    }
  }

  private async attempt(mail: ClaimedMail): Promise<void> {
    try {
      const outcome = await this.send(mail);
      const owned = await recordMailAttempt(
        this.options.db,
        { id: mail.id, claimToken: mail.claim_token },
        outcome,
      );
      if (owned && outcome.state === 'failed')
        this.options.log.warn({ mail_id: mail.id, kind: mail.kind, answer: outcome.answer }, 'mail failed');
    } catch (error) {
      // The lease runs out and a later pass tries again.
      this.options.log.error({ err: error, mail_id: mail.id }, 'mail attempt failed');
    }
  }

  private async send(mail: ClaimedMail): Promise<MailOutcome> {
    const transport = this.options.transport.name;
    if (mail.text_body === null || mail.html_body === null)
      return { state: 'failed', answer: 'The message has no body left to send.', transport };
    try {
      const answer = await this.options.transport.send({
        id: mail.id,
        messageId: messageIdOf(mail.id, this.options.messageIdHost),
        from: this.options.from,
        to: mail.recipient,
        subject: mail.subject,
        text: mail.text_body,
        html: mail.html_body,
        headers: mail.headers,
        date: mail.created_at,
      });
      return { state: 'sent', answer, transport };
    } catch (error) {
      const failure =
        error instanceof MailSendError ? error : new MailSendError((error as Error).message, false);
      if (failure.permanent) return { state: 'failed', answer: failure.message, transport };
      const retryInMs = retryDelayMs(this.options.config.AVS_MAIL_RETRY_SCHEDULE, mail.attempts);
      return retryInMs === undefined
        ? { state: 'failed', answer: `${failure.message} (no attempts left)`, transport }
        : { state: 'pending', answer: failure.message, transport, retryInMs };
    }
  }
}
