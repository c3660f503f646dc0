import type { Position } from '../../lib/page-cursor.js';
import type { Queryable } from '../../db/database.js';

export interface WebhookRow {
  id: string;
  account_id: string;
  url: string;
  events: string[];
  secret: string;
  status: 'active' | 'disabled';
  created_at: Date;
  disabled_at: Date | null;
  [column: string]: unknown;
}

/** A position in a newest-first listing: (created_at, id) of the last row shown. */

const WEBHOOK_COLUMNS = 'id, account_id, url, events, secret, status, created_at, disabled_at';

export async function insertWebhook(
  db: Queryable,
  webhook: { id: string; accountId: string; url: string; events: string[]; secret: string },
): Promise<WebhookRow> {
  const { rows } = await db.query<WebhookRow>(
    `INSERT INTO webhooks (id, account_id, url, events, secret) VALUES ($1, $2, $3, $4, $5)
     RETURNING ${WEBHOOK_COLUMNS}`,
    [webhook.id, webhook.accountId, webhook.url, webhook.events, webhook.secret],
  );
  return rows[0]!;
}

/** The account's webhook, or undefined: another account's webhook is as absent as none. */
export async function findWebhook(
  db: Queryable,
  accountId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<WebhookRow | undefined> {
  const { rows } = await db.query<WebhookRow>(
    `SELECT ${WEBHOOK_COLUMNS} FROM webhooks WHERE id = $1 AND account_id = $2${options.forUpdate ? ' FOR UPDATE' : ''}`,
    [id, accountId],
  );
  return rows[0];
}

export async function listWebhooks(
  db: Queryable,
  accountId: string,
  options: { limit: number; after?: Position },
): Promise<WebhookRow[]> {
  const { rows } = await db.query<WebhookRow>(
    `SELECT ${WEBHOOK_COLUMNS} FROM webhooks
     WHERE account_id = $1 AND ($2::timestamptz IS NULL OR (created_at, id) < ($2::timestamptz, $3::uuid))
     ORDER BY created_at DESC, id DESC LIMIT $4`,
    [accountId, options.after?.createdAt ?? null, options.after?.id ?? null, options.limit],
  );
  return rows;
}

/** active → disabled; a webhook already disabled keeps its first disabled_at. */
export async function disableWebhook(db: Queryable, id: string): Promise<WebhookRow | undefined> {
  const { rows } = await db.query<WebhookRow>(
    `UPDATE webhooks SET status = 'disabled', disabled_at = coalesce(disabled_at, now())
     WHERE id = $1 RETURNING ${WEBHOOK_COLUMNS}`,
    [id],
  );
  return rows[0];
}
