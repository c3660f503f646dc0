import type { Position } from '../../lib/page-cursor.js';
import {
  countQuery,
  firstRowQuery,
  type Queryable,
  queryAccountPage,
  queryFirst,
  queryOne,
} from '../../db/database.js';

export interface WebhookRow {
  id: string;
  account_id: string;
  url: string;
  events: string[];
  secret: string;
  status: 'active' | 'disabled';
  /** The planets of the registering key; empty means every planet. */
  planet_scope: string[];
  created_at: Date;
  disabled_at: Date | null;
}

/** Which webhooks a caller may see: its account's, and only those whose scope lies inside the key's. */
export interface WebhookViewer {
  accountId: string;
  /** The calling key's planets; empty means every planet. */
  planetScope: readonly string[];
}

const WEBHOOK_COLUMNS = 'id, account_id, url, events, secret, status, planet_scope, created_at, disabled_at';

// An unscoped key sees every webhook; a scoped key only webhooks scoped to planets it covers (an unscoped
// webhook receives every planet's events, so it is outside any scoped key).
const VISIBLE_TO_SCOPE = (parameter: string) =>
  `(cardinality(${parameter}::text[]) = 0 OR (cardinality(planet_scope) > 0 AND planet_scope <@ ${parameter}::text[]))`;

export async function insertWebhook(
  db: Queryable,
  webhook: {
    id: string;
    accountId: string;
    url: string;
    events: string[];
    secret: string;
    planetScope: readonly string[];
  },
): Promise<WebhookRow> {
  return queryOne<WebhookRow>(
    db,
    `INSERT INTO webhooks (id, account_id, url, events, secret, planet_scope) VALUES ($1, $2, $3, $4, $5, $6)
     RETURNING ${WEBHOOK_COLUMNS}`,
    [webhook.id, webhook.accountId, webhook.url, webhook.events, webhook.secret, [...webhook.planetScope]],
  );
}

/**
 * Serialises the capped webhook changes of one account (registrations, test events; the row lock is held to
 * the end of the transaction), so concurrent requests cannot pass a cap together. NO KEY UPDATE leaves foreign-key checks unblocked.
 */
export async function lockAccountForWebhooks(db: Queryable, accountId: string): Promise<void> {
  await db.query('SELECT 1 FROM accounts WHERE id = $1 FOR NO KEY UPDATE', [accountId]);
}

/** Active webhooks of an account: the ones the AVS_WEBHOOK_LIMIT cap counts. */
export const countActiveWebhooks = countQuery<[accountId: string]>(
  `SELECT count(*)::int AS count FROM webhooks WHERE account_id = $1 AND status = 'active'`,
);

/** The viewer's webhook, or undefined: another account's, or one outside the key's scope, is as absent as none. */
export async function findWebhook(
  db: Queryable,
  viewer: WebhookViewer,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<WebhookRow | undefined> {
  return queryFirst<WebhookRow>(
    db,
    `SELECT ${WEBHOOK_COLUMNS} FROM webhooks WHERE id = $1 AND account_id = $2 AND ${VISIBLE_TO_SCOPE('$3')}
     ${options.forUpdate ? ' FOR UPDATE' : ''}`,
    [id, viewer.accountId, [...viewer.planetScope]],
  );
}

export async function listWebhooks(
  db: Queryable,
  viewer: WebhookViewer,
  options: { limit: number; after?: Position },
): Promise<WebhookRow[]> {
  return queryAccountPage<WebhookRow>(
    db,
    `${WEBHOOK_COLUMNS} FROM webhooks`,
    viewer,
    options,
    VISIBLE_TO_SCOPE,
  );
}

/** active → disabled; a webhook already disabled keeps its first disabled_at. */
export const disableWebhook = firstRowQuery<WebhookRow, [id: string]>(
  `UPDATE webhooks SET status = 'disabled', disabled_at = coalesce(disabled_at, now())
     WHERE id = $1 RETURNING ${WEBHOOK_COLUMNS}`,
);
