import { updateClaimedRow, type RowClaim } from '../../db/claimed-rows.js';
import {
  CHANGE_TOPICS,
  countQuery,
  type Database,
  firstRowQuery,
  type Queryable,
  queryAll,
  queryOne,
} from '../../db/database.js';
import { limits } from '../../limits.js';
import { newestFirstPageSql, pageValues, type Position } from '../../lib/page-cursor.js';
import { eventPlanetSql } from './outbox.repository.js';

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';

export interface DeliveryRow {
  id: string;
  webhook_id: string;
  outbox_id: string | null;
  event_type: string;
  payload: Record<string, unknown>;
  event_created_at: Date;
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: Date | null;
  last_attempt_at: Date | null;
  last_status_code: number | null;
  last_error: string | null;
  last_response_excerpt: string | null;
  created_at: Date;
}

/** A delivery a worker holds under a lease, with what it needs to send it. */
export interface ClaimedDelivery extends DeliveryRow {
  claim_token: string;
  url: string;
  secret: string;
  webhook_status: 'active' | 'disabled';
}

const DELIVERY_COLUMNS = `id, webhook_id, outbox_id, event_type, payload, event_created_at, status, attempts,
  next_attempt_at, last_attempt_at, last_status_code, last_error, last_response_excerpt, created_at`;

const EVENT_PLANET = eventPlanetSql('o');

/** The delivery log's line for an event that found its webhook's queue full. */
export const NOT_QUEUED_ERROR = `Not queued: the webhook already had ${limits.webhookQueuedDeliveries} deliveries waiting.`;

/**
 * Outbox fan-out in one transaction: take undispatched events (SKIP LOCKED, so instances share them), make one
 * delivery per active webhook of the event's account subscribed to its type, registered before it and scoped to
 * its planet (a scoped webhook gets no event without a planet), mark the events dispatched. A webhook holds at
 * most limits.webhookQueuedDeliveries pending deliveries: events past that are logged failed, not queued.
 * Returns how many events were taken.
 */
export async function fanOutOutbox(db: Database, batchSize: number): Promise<number> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string }>(
      `SELECT id FROM webhook_outbox WHERE dispatched_at IS NULL
       ORDER BY created_at, id LIMIT $1 FOR UPDATE SKIP LOCKED`,
      [batchSize],
    );
    if (rows.length === 0) return 0;
    const ids = rows.map((row) => row.id);
    await tx.query(
      `INSERT INTO webhook_deliveries (id, webhook_id, outbox_id, event_type, payload, event_created_at, status,
                                       next_attempt_at, last_error)
       SELECT gen_random_uuid(), m.webhook_id, m.outbox_id, m.event_type, m.payload, m.created_at,
              CASE WHEN m.queued_with_this <= $2 THEN 'pending' ELSE 'failed' END,
              CASE WHEN m.queued_with_this <= $2 THEN now() END,
              CASE WHEN m.queued_with_this <= $2 THEN NULL ELSE $3 END
       FROM (
         SELECT w.id AS webhook_id, o.id AS outbox_id, o.event_type, o.payload, o.created_at,
                row_number() OVER (PARTITION BY w.id ORDER BY o.created_at, o.id)
                  + (SELECT count(*) FROM webhook_deliveries q WHERE q.webhook_id = w.id AND q.status = 'pending')
                  AS queued_with_this
         FROM webhook_outbox o
         JOIN webhooks w ON w.account_id = o.account_id AND w.status = 'active'
           AND o.event_type = ANY (w.events) AND w.created_at <= o.created_at
           AND (cardinality(w.planet_scope) = 0 OR ${EVENT_PLANET} = ANY (w.planet_scope))
         WHERE o.id = ANY ($1::uuid[])
       ) m
       ON CONFLICT (webhook_id, outbox_id) DO NOTHING`,
      [ids, limits.webhookQueuedDeliveries, NOT_QUEUED_ERROR],
    );
    await tx.query('UPDATE webhook_outbox SET dispatched_at = now() WHERE id = ANY ($1::uuid[])', [ids]);
    return ids.length;
  });
}

/**
 * Claims due deliveries: pending, due, and not leased (or the lease ran out: its worker died). Fair across
 * accounts: each account's due deliveries take turns (its first with every other account's first, and so on), and
 * an account never has more than accountConcurrency leased at once across every worker, so one tenant's slow
 * receivers cannot hold every slot. SKIP LOCKED keeps two workers off one row; the lease keeps them off it after
 * the claiming transaction commits.
 */
export async function claimDueDeliveries(
  db: Database,
  options: { limit: number; leaseMs: number; claimToken: string; accountConcurrency: number },
): Promise<ClaimedDelivery[]> {
  if (options.limit <= 0) return [];
  return queryAll<ClaimedDelivery>(
    db,
    `WITH in_flight AS (
       SELECT w.account_id, count(*) AS leased
       FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
       WHERE d.status = 'pending' AND d.locked_until > now()
       GROUP BY w.account_id
     ), turns AS (
       SELECT d.id, d.next_attempt_at, w.account_id,
              row_number() OVER (PARTITION BY w.account_id ORDER BY d.next_attempt_at, d.id) AS turn
       FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
       WHERE d.status = 'pending' AND d.next_attempt_at <= now() AND (d.locked_until IS NULL OR d.locked_until <= now())
     ), picked AS (
       SELECT t.id FROM turns t LEFT JOIN in_flight f ON f.account_id = t.account_id
       WHERE t.turn + coalesce(f.leased, 0) <= $4
       ORDER BY t.turn, t.next_attempt_at, t.id LIMIT $1
     ), due AS (
       -- Checked again under the row lock: another worker may have claimed a row since it was picked.
       SELECT id FROM webhook_deliveries
       WHERE id IN (SELECT id FROM picked) AND status = 'pending' AND next_attempt_at <= now()
         AND (locked_until IS NULL OR locked_until <= now())
       FOR UPDATE SKIP LOCKED
     )
     UPDATE webhook_deliveries d
     SET locked_until = now() + $2::float8 * interval '1 millisecond', claim_token = $3, attempts = d.attempts + 1,
         last_attempt_at = now(), updated_at = now()
     FROM due, webhooks w
     WHERE d.id = due.id AND w.id = d.webhook_id
     RETURNING d.id, d.webhook_id, d.outbox_id, d.event_type, d.payload, d.event_created_at, d.status, d.attempts,
       d.next_attempt_at, d.last_attempt_at, d.last_status_code, d.last_error, d.last_response_excerpt,
       d.created_at, d.claim_token, w.url, w.secret, w.status AS webhook_status`,
    [options.limit, options.leaseMs, options.claimToken, options.accountConcurrency],
  );
}

/**
 * Milliseconds until the next pending delivery comes due (its retry time, or its lease running out): undefined
 * when none is pending or one is due already (then it waits for a slot: its account's or a worker's).
 */
export async function nextDeliveryDueInMs(db: Queryable): Promise<number | undefined> {
  const { due_in_ms: dueInMs } = await queryOne<{ due_in_ms: number | null }>(
    db,
    `SELECT (extract(epoch FROM min(greatest(next_attempt_at, coalesce(locked_until, next_attempt_at))) - now())
             * 1000)::float8 AS due_in_ms
     FROM webhook_deliveries WHERE status = 'pending'`,
  );
  return dueInMs !== null && dueInMs > 0 ? dueInMs : undefined;
}

export interface AttemptOutcome {
  status: DeliveryStatus;
  statusCode: number | null;
  error: string | null;
  responseExcerpt: string | null;
  /** For a delivery still pending: milliseconds until the next attempt. */
  retryInMs?: number;
}

/** Records an attempt, unless the lease was lost to another worker (then that worker owns the outcome). */
export async function recordAttempt(
  db: Queryable,
  claim: RowClaim,
  outcome: AttemptOutcome,
): Promise<boolean> {
  return updateClaimedRow(
    db,
    'webhook_deliveries',
    claim,
    `status = $3::text, last_status_code = $4, last_error = $5, last_response_excerpt = $6,
     next_attempt_at = CASE WHEN $3::text = 'pending' THEN now() + $7::float8 * interval '1 millisecond' END,
     locked_until = NULL, claim_token = NULL, updated_at = now()`,
    [outcome.status, outcome.statusCode, outcome.error, outcome.responseExcerpt, outcome.retryInMs ?? 0],
  );
}

/** A disabled webhook's pending deliveries will never be sent. */
export async function failPendingDeliveries(db: Queryable, webhookId: string, reason: string): Promise<void> {
  await db.query(
    `UPDATE webhook_deliveries SET status = 'failed', last_error = $2, next_attempt_at = NULL, updated_at = now()
     WHERE webhook_id = $1 AND status = 'pending' AND claim_token IS NULL`,
    [webhookId, reason],
  );
}

/** True when no delivery to the webhook succeeded since the given time. */
export async function hasNoSuccessSince(db: Queryable, webhookId: string, since: Date): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM webhook_deliveries
     WHERE webhook_id = $1 AND status = 'succeeded' AND last_attempt_at >= $2 LIMIT 1`,
    [webhookId, since],
  );
  return rows.length === 0;
}

/** Deliveries of the webhook waiting to be sent (pending, leased or not). */
export const countQueuedDeliveries = countQuery<[webhookId: string]>(
  `SELECT count(*)::int AS count FROM webhook_deliveries WHERE webhook_id = $1 AND status = 'pending'`,
);

/** The account's test events of the last minute, and in how many seconds the oldest of them leaves the window. */
export async function recentTestEvents(
  db: Queryable,
  accountId: string,
  eventType: string,
): Promise<{ count: number; windowFreesInSeconds: number }> {
  const { rows } = await db.query<{ count: number; frees_in: number | null }>(
    `SELECT count(*)::int AS count,
            ceil(extract(epoch FROM min(d.created_at) + interval '1 minute' - now()))::int AS frees_in
     FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
     WHERE w.account_id = $1 AND d.event_type = $2 AND d.outbox_id IS NULL
       AND d.created_at > now() - interval '1 minute'`,
    [accountId, eventType],
  );
  return { count: rows[0]!.count, windowFreesInSeconds: Math.max(1, rows[0]!.frees_in ?? 1) };
}

export async function insertDelivery(
  db: Queryable,
  delivery: { id: string; webhookId: string; eventType: string; payload: Record<string, unknown> },
): Promise<DeliveryRow> {
  const row = await queryOne<DeliveryRow>(
    db,
    `INSERT INTO webhook_deliveries (id, webhook_id, event_type, payload, event_created_at, next_attempt_at)
     VALUES ($1, $2, $3, $4, now(), now()) RETURNING ${DELIVERY_COLUMNS}`,
    [delivery.id, delivery.webhookId, delivery.eventType, delivery.payload],
  );
  db.announce(CHANGE_TOPICS.webhooks);
  return row;
}

/** The webhook's delivery, its row locked until the transaction ends. */
export const findDeliveryForUpdate = firstRowQuery<DeliveryRow, [webhookId: string, id: string]>(
  `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries WHERE webhook_id = $1 AND id = $2 FOR UPDATE`,
);

export async function listDeliveries(
  db: Queryable,
  webhookId: string,
  options: { limit: number; after?: Position; status?: DeliveryStatus },
): Promise<DeliveryRow[]> {
  return queryAll<DeliveryRow>(
    db,
    `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries
     WHERE webhook_id = $1 AND ($2::text IS NULL OR status = $2)
       AND ${newestFirstPageSql(3)}`,
    [webhookId, options.status ?? null, ...pageValues(options.after, options.limit)],
  );
}

/** A manual retry: pending and due now; one more attempt (or the rest of the schedule if it was pending). */
export async function scheduleRetryNow(db: Queryable, id: string): Promise<DeliveryRow> {
  const row = await queryOne<DeliveryRow>(
    db,
    `UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = now(), updated_at = now()
     WHERE id = $1 RETURNING ${DELIVERY_COLUMNS}`,
    [id],
  );
  db.announce(CHANGE_TOPICS.webhooks);
  return row;
}

/**
 * The account's deliveries made since `since`, counted by status: each webhook's range of the
 * (webhook_id, created_at DESC, id DESC) log index; an account has few webhooks.
 */
export async function countAccountDeliveriesByStatus(
  db: Queryable,
  accountId: string,
  since: Date,
): Promise<{ status: DeliveryStatus; count: number }[]> {
  const { rows } = await db.query<{ status: DeliveryStatus; count: number }>(
    `SELECT d.status, count(*)::int AS count
     FROM webhooks w JOIN webhook_deliveries d ON d.webhook_id = w.id
     WHERE w.account_id = $1 AND d.created_at >= $2
     GROUP BY d.status`,
    [accountId, since],
  );
  return rows;
}
