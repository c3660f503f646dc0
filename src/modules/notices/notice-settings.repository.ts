import { randomBytes } from 'node:crypto';
import { firstRowQuery, queryAll, queryFirst, type Queryable } from '../../db/database.js';

export interface MemberNoticeSettingsRow {
  choices: Record<string, boolean>;
  digest: boolean;
}

export const findMemberNoticeSettings = firstRowQuery<MemberNoticeSettingsRow, [memberId: string]>(
  'SELECT choices, digest FROM member_notice_settings WHERE member_id = $1',
);

/** The member's whole choice, as the account page sends it. */
export async function saveMemberNoticeSettings(
  db: Queryable,
  memberId: string,
  settings: MemberNoticeSettingsRow,
): Promise<void> {
  await db.query(
    `INSERT INTO member_notice_settings (member_id, choices, digest) VALUES ($1, $2, $3)
     ON CONFLICT (member_id) DO UPDATE SET choices = EXCLUDED.choices, digest = EXCLUDED.digest, updated_at = now()`,
    [memberId, JSON.stringify(settings.choices), settings.digest],
  );
}

/** Some kinds on or off, the member's other choices kept (the one-click link). */
export async function mergeMemberNoticeChoices(
  db: Queryable,
  memberId: string,
  choices: Record<string, boolean>,
): Promise<void> {
  await db.query(
    `INSERT INTO member_notice_settings (member_id, choices) VALUES ($1, $2)
     ON CONFLICT (member_id) DO UPDATE
     SET choices = member_notice_settings.choices || EXCLUDED.choices, updated_at = now()`,
    [memberId, JSON.stringify(choices)],
  );
}

export interface NoticeAdminRow {
  id: string;
  email: string;
  review_summary: boolean;
}

const ADMIN_SQL = `SELECT u.id, u.email, coalesce(s.review_summary, true) AS review_summary
  FROM admin_users u LEFT JOIN admin_notice_settings s ON s.admin_user_id = u.id`;

export async function findNoticeAdmin(db: Queryable, id: string): Promise<NoticeAdminRow | undefined> {
  return queryFirst<NoticeAdminRow>(db, `${ADMIN_SQL} WHERE u.id = $1`, [id]);
}

/** The administrators who get the daily summary (every one, unless they turned it off). */
export async function listReviewSummaryAdmins(db: Queryable): Promise<NoticeAdminRow[]> {
  return queryAll<NoticeAdminRow>(
    db,
    `${ADMIN_SQL} WHERE coalesce(s.review_summary, true) ORDER BY u.created_at, u.id`,
  );
}

export async function saveAdminReviewSummary(db: Queryable, id: string, on: boolean): Promise<void> {
  await db.query(
    `INSERT INTO admin_notice_settings (admin_user_id, review_summary) VALUES ($1, $2)
     ON CONFLICT (admin_user_id) DO UPDATE SET review_summary = EXCLUDED.review_summary, updated_at = now()`,
    [id, on],
  );
}

/** How many certificates wait for review, and since when the oldest has. */
export async function countWaitingCertificates(
  db: Queryable,
): Promise<{ count: number; oldest: Date | null }> {
  const row = await queryFirst<{ count: number; oldest: Date | null }>(
    db,
    "SELECT count(*)::int AS count, min(created_at) AS oldest FROM assets WHERE certificate_status = 'pending'",
  );
  return row ?? { count: 0, oldest: null };
}

/** The key of the one-click links: made on first use (by whichever instance comes first), then read. */
export async function noticeLinkKey(db: Queryable): Promise<Buffer> {
  const found = await queryFirst<{ secret: Buffer }>(db, 'SELECT secret FROM notice_link_keys WHERE id = 1');
  if (found) return Buffer.from(found.secret);
  await db.query('INSERT INTO notice_link_keys (id, secret) VALUES (1, $1) ON CONFLICT (id) DO NOTHING', [
    randomBytes(32),
  ]);
  const made = await queryFirst<{ secret: Buffer }>(db, 'SELECT secret FROM notice_link_keys WHERE id = 1');
  return Buffer.from(made!.secret);
}
