import { CHANGE_TOPICS, prepared, queryAll, queryFirst, type Queryable } from '../../db/database.js';
import type { Language } from '../../i18n/locales.js';
import type { NoticeRole } from './notice-kinds.js';

/** A cause, as the fan-out reads it. */
export interface NoticeEventRow {
  id: string;
  kind: string;
  account_id: string;
  member_id: string | null;
  payload: Record<string, unknown>;
  created_at: Date;
}

const EVENT_COLUMNS = 'e.id, e.kind, e.account_id, e.member_id, e.payload, e.created_at';

const insertNoticeEventStatement = prepared(
  'insert_notice_event',
  `INSERT INTO notice_events (id, kind, account_id, member_id, payload, dedupe_key)
   VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (dedupe_key) DO NOTHING`,
);

/** One row per cause, in the caller's transaction; the mail worker wakes once it commits. */
export async function insertNoticeEvent(
  db: Queryable,
  event: {
    id: string;
    kind: string;
    accountId: string;
    memberId?: string | null;
    payload: Record<string, unknown>;
    dedupeKey?: string | null;
  },
): Promise<void> {
  await db.query(insertNoticeEventStatement, [
    event.id,
    event.kind,
    event.accountId,
    event.memberId ?? null,
    event.payload,
    event.dedupeKey ?? null,
  ]);
  db.announce(CHANGE_TOPICS.mail);
}

/** One watch_alert cause per account watching the certificate, the owner's own account aside. */
export async function insertWatchAlertEvents(
  db: Queryable,
  watch: { certificateNumber: string; ownerAccountId: string; payload: Record<string, unknown> },
): Promise<void> {
  await db.query(
    `INSERT INTO notice_events (id, kind, account_id, payload)
     SELECT gen_random_uuid(), 'watch_alert', w.account_id, $3::jsonb
     FROM watchlist_entries w WHERE w.certificate_number = $1 AND w.account_id <> $2`,
    [watch.certificateNumber, watch.ownerAccountId, JSON.stringify(watch.payload)],
  );
  db.announce(CHANGE_TOPICS.mail);
}

/** Causes not fanned out yet, oldest first, locked for this transaction (SKIP LOCKED: instances share them). */
export async function claimWaitingNoticeEvents(tx: Queryable, limit: number): Promise<NoticeEventRow[]> {
  return queryAll<NoticeEventRow>(
    tx,
    `SELECT ${EVENT_COLUMNS} FROM notice_events e WHERE e.fanned_out_at IS NULL
     ORDER BY e.created_at, e.id LIMIT $1 FOR UPDATE SKIP LOCKED`,
    [limit],
  );
}

export async function markNoticeEventsFannedOut(tx: Queryable, ids: string[], at: Date): Promise<void> {
  await tx.query('UPDATE notice_events SET fanned_out_at = $2 WHERE id = ANY ($1::uuid[])', [ids, at]);
}

/** A member who may be told, with what the message needs: address, language, account name and choices. */
export interface NoticeRecipientRow {
  member_id: string;
  person_id: string;
  account_id: string;
  account_name: string;
  role: NoticeRole;
  email: string;
  language: Language | null;
  choices: Record<string, boolean>;
  digest: boolean;
}

const RECIPIENT_SQL = `SELECT m.id AS member_id, m.person_id, m.account_id, a.name AS account_name, m.role, p.email, p.language,
       coalesce(s.choices, '{}'::jsonb) AS choices, coalesce(s.digest, false) AS digest
  FROM account_members m
  JOIN people p ON p.id = m.person_id
  JOIN accounts a ON a.id = m.account_id
  LEFT JOIN member_notice_settings s ON s.member_id = m.id`;

/** The active members of these accounts. */
export async function listNoticeRecipients(
  db: Queryable,
  accountIds: string[],
): Promise<NoticeRecipientRow[]> {
  return queryAll<NoticeRecipientRow>(
    db,
    `${RECIPIENT_SQL} WHERE m.account_id = ANY ($1::uuid[]) AND m.status = 'active' ORDER BY m.created_at, m.id`,
    [accountIds],
  );
}

/** One member (of any status), as the unsubscribe page and the digest read them. */
export async function findNoticeRecipient(
  db: Queryable,
  memberId: string,
): Promise<(NoticeRecipientRow & { status: string }) | undefined> {
  return queryFirst<NoticeRecipientRow & { status: string }>(
    db,
    `${RECIPIENT_SQL.replace('SELECT ', 'SELECT m.status, ')} WHERE m.id = $1`,
    [memberId],
  );
}

/** What a message says of a work: its title, artist (where there is one) and certificate number. */
export interface NoticeAssetRow {
  id: string;
  planet: string;
  title: string;
  artist: string | null;
  certificate_number: string;
}

export async function describeNoticeAssets(
  db: Queryable,
  refs: { planet: string; id: string }[],
): Promise<NoticeAssetRow[]> {
  if (refs.length === 0) return [];
  return queryAll<NoticeAssetRow>(
    db,
    `SELECT a.id, a.planet, a.title, a.attributes ->> 'artist' AS artist, a.certificate_number
     FROM assets a JOIN unnest($1::text[], $2::uuid[]) AS r (planet, id) ON a.planet = r.planet AND a.id = r.id`,
    [refs.map((ref) => ref.planet), refs.map((ref) => ref.id)],
  );
}

export async function listAccountNames(
  db: Queryable,
  ids: string[],
): Promise<{ id: string; name: string }[]> {
  if (ids.length === 0) return [];
  return queryAll<{ id: string; name: string }>(
    db,
    'SELECT id, name FROM accounts WHERE id = ANY ($1::uuid[])',
    [ids],
  );
}

/** Causes kept for members' digests. */
export async function insertDigestItems(
  tx: Queryable,
  items: { memberId: string; eventId: string }[],
  at: Date,
): Promise<void> {
  if (items.length === 0) return;
  await tx.query(
    `INSERT INTO notice_digest_items (member_id, event_id, created_at)
     SELECT member_id, event_id, $3 FROM unnest($1::uuid[], $2::uuid[]) AS i (member_id, event_id)
     ON CONFLICT DO NOTHING`,
    [items.map((item) => item.memberId), items.map((item) => item.eventId), at],
  );
}

/** Members whose oldest kept cause was gathered at or before `dueBefore`, oldest first. */
export async function listMembersWithDueDigest(
  db: Queryable,
  dueBefore: Date,
  limit: number,
): Promise<{ member_id: string }[]> {
  return queryAll<{ member_id: string }>(
    db,
    `SELECT member_id FROM notice_digest_items GROUP BY member_id HAVING min(created_at) <= $1
     ORDER BY min(created_at) LIMIT $2`,
    [dueBefore, limit],
  );
}

/** A member's kept causes, locked for this transaction; none when another instance is sending them. */
export async function takeDigestItems(
  tx: Queryable,
  memberId: string,
): Promise<(NoticeEventRow & { gathered_at: Date })[]> {
  return queryAll<NoticeEventRow & { gathered_at: Date }>(
    tx,
    `SELECT ${EVENT_COLUMNS}, i.created_at AS gathered_at
     FROM notice_digest_items i JOIN notice_events e ON e.id = i.event_id
     WHERE i.member_id = $1 ORDER BY e.created_at, e.id FOR UPDATE OF i SKIP LOCKED`,
    [memberId],
  );
}

export async function deleteDigestItems(tx: Queryable, memberId: string, eventIds: string[]): Promise<void> {
  await tx.query('DELETE FROM notice_digest_items WHERE member_id = $1 AND event_id = ANY ($2::uuid[])', [
    memberId,
    eventIds,
  ]);
}

/** Causes fanned out before `before` that no digest still holds: at most `limit` of them. */
export async function pruneNoticeEvents(db: Queryable, before: Date, limit: number): Promise<number> {
  const { rowCount } = await db.query(
    `DELETE FROM notice_events WHERE id IN (
       SELECT e.id FROM notice_events e
       WHERE e.fanned_out_at < $1 AND NOT EXISTS (SELECT 1 FROM notice_digest_items i WHERE i.event_id = e.id)
       LIMIT $2)`,
    [before, limit],
  );
  return rowCount;
}

/**
 * The webhook's account and URL, and since when every delivery to it has failed: the oldest delivery attempted
 * and not delivered after the last one delivered (null: it is not failing).
 */
export async function findWebhookFailure(
  db: Queryable,
  webhookId: string,
): Promise<{ account_id: string; url: string; failing_since: Date | null } | undefined> {
  return queryFirst<{ account_id: string; url: string; failing_since: Date | null }>(
    db,
    `SELECT w.account_id, w.url, (
       SELECT min(d.created_at) FROM webhook_deliveries d
       WHERE d.webhook_id = w.id AND d.attempts > 0 AND d.status <> 'succeeded'
         AND d.created_at > coalesce((SELECT max(s.last_attempt_at) FROM webhook_deliveries s
                                      WHERE s.webhook_id = w.id AND s.status = 'succeeded'), '-infinity')
     ) AS failing_since
     FROM webhooks w WHERE w.id = $1`,
    [webhookId],
  );
}

/**
 * Records the browser for the person: how many browsers they had signed in from before, and whether this was one.
 * A person keeps their 50 most recent browsers.
 */
export async function recordPersonDevice(
  db: Queryable,
  personId: string,
  deviceHash: string,
): Promise<{ known: number; seen: boolean }> {
  const row = await queryFirst<{ known: number; seen: boolean }>(
    db,
    `WITH before AS (
       SELECT count(*)::int AS known, coalesce(bool_or(device_hash = $2), false) AS seen
       FROM person_devices WHERE person_id = $1
     ), upsert AS (
       INSERT INTO person_devices (person_id, device_hash) VALUES ($1, $2)
       ON CONFLICT (person_id, device_hash) DO UPDATE SET last_seen_at = now()
     )
     SELECT known, seen FROM before`,
    [personId, deviceHash],
  );
  const result = row ?? { known: 0, seen: false };
  if (!result.seen && result.known >= 50) {
    await db.query(
      `DELETE FROM person_devices WHERE person_id = $1 AND device_hash IN (
         SELECT device_hash FROM person_devices WHERE person_id = $1 ORDER BY last_seen_at DESC OFFSET 50)`,
      [personId],
    );
  }
  return result;
}
