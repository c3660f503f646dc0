import { CHANGE_TOPICS, queryAll, queryFirst, type Database, type Queryable } from '../../db/database.js';
import { updateClaimedRow, type RowClaim } from '../../db/claimed-rows.js';
import type { Language } from '../../i18n/locales.js';

export type MailState = 'pending' | 'sent' | 'failed';

/** A message as it is queued: everything the transport needs, rendered in the recipient's language. */
export interface QueuedMail {
  id: string;
  kind: string;
  recipient: string;
  personId: string | null;
  accountId: string | null;
  language: Language;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  carriesSecretLink: boolean;
  dedupeKey: string | null;
}

export interface MailRow {
  id: string;
  kind: string;
  recipient: string;
  person_id: string | null;
  account_id: string | null;
  language: Language;
  subject: string;
  text_body: string | null;
  html_body: string | null;
  headers: Record<string, string>;
  carries_secret_link: boolean;
  state: MailState;
  attempts: number;
  next_attempt_at: Date;
  last_answer: string | null;
  transport: string | null;
  created_at: Date;
  sent_at: Date | null;
}

export type ClaimedMail = MailRow & { claim_token: string };

const COLUMNS = `id, kind, recipient, person_id, account_id, language, subject, text_body, html_body, headers,
  carries_secret_link, state, attempts, next_attempt_at, last_answer, transport, created_at, sent_at`;

/** Written with the caller's transaction; a message whose dedupe key is already queued is not queued twice. */
export async function insertMail(db: Queryable, mail: QueuedMail): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO mail_outbox (id, kind, recipient, person_id, account_id, language, subject, text_body, html_body,
                              headers, carries_secret_link, dedupe_key)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
     ON CONFLICT (dedupe_key) DO NOTHING`,
    [
      mail.id,
      mail.kind,
      mail.recipient,
      mail.personId,
      mail.accountId,
      mail.language,
      mail.subject,
      mail.text,
      mail.html,
      JSON.stringify(mail.headers),
      mail.carriesSecretLink,
      mail.dedupeKey,
    ],
  );
  db.announce(CHANGE_TOPICS.mail);
  return (rowCount ?? 0) > 0;
}

/**
 * Claims due messages under a lease: pending, due, and not leased (or the lease ran out: its worker died in the
 * middle of a conversation). SKIP LOCKED keeps two workers off one row; the lease keeps them off it afterwards.
 */
export async function claimDueMail(
  db: Database,
  claim: { limit: number; leaseMs: number; claimToken: string },
): Promise<ClaimedMail[]> {
  if (claim.limit <= 0) return [];
  return db.transaction(async (tx) =>
    queryAll<ClaimedMail>(
      tx,
      `UPDATE mail_outbox SET claim_token = $2, claimed_until = now() + make_interval(secs => $3 / 1000.0),
                              attempts = attempts + 1
       WHERE id IN (
         SELECT id FROM mail_outbox
         WHERE state = 'pending' AND next_attempt_at <= now() AND (claimed_until IS NULL OR claimed_until < now())
         ORDER BY next_attempt_at, id LIMIT $1 FOR UPDATE SKIP LOCKED)
       RETURNING ${COLUMNS}, claim_token`,
      [claim.limit, claim.claimToken, claim.leaseMs],
    ),
  );
}

export type MailOutcome =
  | { state: 'sent'; answer: string; transport: string }
  | { state: 'failed'; answer: string; transport: string }
  | { state: 'pending'; answer: string; transport: string; retryInMs: number };

/**
 * Records an attempt, only while the claim is still this worker's. A message that carried a one-time link keeps
 * no body once it is out of the queue: nobody reads it back from the database.
 */
export async function recordMailAttempt(
  db: Queryable,
  claim: RowClaim,
  outcome: MailOutcome,
): Promise<boolean> {
  return updateClaimedRow(
    db,
    'mail_outbox',
    claim,
    `state = $3, last_answer = left($4, 500), transport = $5,
     sent_at = CASE WHEN $3 = 'sent' THEN now() END,
     next_attempt_at = CASE WHEN $3 = 'pending' THEN now() + make_interval(secs => $6 / 1000.0)
                       ELSE next_attempt_at END,
     claim_token = NULL, claimed_until = NULL,
     text_body = CASE WHEN carries_secret_link AND $3 <> 'pending' THEN NULL ELSE text_body END,
     html_body = CASE WHEN carries_secret_link AND $3 <> 'pending' THEN NULL ELSE html_body END`,
    [outcome.state, outcome.answer, outcome.transport, outcome.state === 'pending' ? outcome.retryInMs : 0],
  );
}

/** Milliseconds until the next pending message comes due (0: now), or undefined when none waits. */
export async function nextMailDueInMs(db: Queryable): Promise<number | undefined> {
  // HAVING: no row when none waits, for greatest(0, NULL) is 0 — "due now" — and would spin the idle worker.
  const row = await queryFirst<{ due_in_ms: number | null }>(
    db,
    `SELECT greatest(0, extract(epoch FROM (min(greatest(next_attempt_at, coalesce(claimed_until, next_attempt_at)))
                                            - now())) * 1000)::float8 AS due_in_ms
     FROM mail_outbox WHERE state = 'pending' HAVING count(*) > 0`,
  );
  return row?.due_in_ms ?? undefined;
}

export interface MailListQuery {
  limit: number;
  /** Messages created before this (created_at, id), newest first. */
  before?: { createdAt: Date; id: string };
  state?: MailState;
  recipient?: string;
  accountId?: string;
}

/** The mail log, newest first (the admin's page, `avs mail list`). */
export async function listMail(db: Queryable, query: MailListQuery): Promise<MailRow[]> {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    where.push(sql.replace('?', `$${params.length}`));
  };
  if (query.state) add('state = ?', query.state);
  if (query.recipient) add('recipient = ?', query.recipient);
  if (query.accountId) add('account_id = ?', query.accountId);
  if (query.before) {
    params.push(query.before.createdAt, query.before.id);
    where.push(`(created_at, id) < ($${params.length - 1}, $${params.length})`);
  }
  params.push(query.limit);
  return queryAll<MailRow>(
    db,
    `SELECT ${COLUMNS} FROM mail_outbox ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
     ORDER BY created_at DESC, id DESC LIMIT $${params.length}`,
    params,
  );
}

export async function findMail(db: Queryable, id: string): Promise<MailRow | undefined> {
  return queryFirst<MailRow>(db, `SELECT ${COLUMNS} FROM mail_outbox WHERE id = $1`, [id]);
}

/**
 * A failed message made pending again, due now, its tries counted afresh (`avs mail retry`); undefined when the
 * message is not failed, or has lost its body (one that carried a one-time link).
 */
export async function retryFailedMail(db: Queryable, id: string): Promise<MailRow | undefined> {
  const row = await queryFirst<MailRow>(
    db,
    `UPDATE mail_outbox SET state = 'pending', attempts = 0, next_attempt_at = now(), sent_at = NULL,
                            claim_token = NULL, claimed_until = NULL
     WHERE id = $1 AND state = 'failed' AND text_body IS NOT NULL AND html_body IS NOT NULL
     RETURNING ${COLUMNS}`,
    [id],
  );
  if (row) db.announce(CHANGE_TOPICS.mail);
  return row;
}

/**
 * How many messages of these kinds went to this recipient (or from this account) in the last `windowMs`, and, when
 * that is `limit` or more, how many seconds until one of them leaves the window (the limit-th newest ages out).
 */
export async function mailWindow(
  db: Queryable,
  filter: {
    recipient?: string;
    accountId?: string;
    kinds: readonly string[];
    windowMs: number;
    limit: number;
  },
): Promise<{ count: number; freesInSeconds: number }> {
  const row = await queryFirst<{ count: number; frees_in_seconds: number | null }>(
    db,
    `WITH recent AS (
       SELECT created_at FROM mail_outbox
       WHERE created_at >= now() - make_interval(secs => $1 / 1000.0)
         AND ($2::text IS NULL OR recipient = $2) AND ($3::uuid IS NULL OR account_id = $3)
         AND kind = ANY ($4::text[]))
     SELECT (SELECT count(*)::int FROM recent) AS count,
            (SELECT ceil(extract(epoch FROM (created_at + make_interval(secs => $1 / 1000.0) - now())))::int
               FROM recent ORDER BY created_at DESC OFFSET $5 - 1 LIMIT 1) AS frees_in_seconds`,
    [filter.windowMs, filter.recipient ?? null, filter.accountId ?? null, filter.kinds, filter.limit],
  );
  return { count: row?.count ?? 0, freesInSeconds: Math.max(1, row?.frees_in_seconds ?? 1) };
}
