import { randomBytes, randomUUID } from 'node:crypto';
import type { Config } from '../../config.js';
import { DatabaseUnavailableError, type Queryable } from '../../db/database.js';
import { AppError } from '../../errors/error-catalogue.js';
import { foundOr404 } from '../../errors/not-found.js';
import { isUuid } from '../../lib/uuid.js';
import { allWebhookEventTypes, webhookEventTypes } from './webhook-event-types.js';
import { decodePosition, toPage } from '../../lib/page-cursor.js';
import { checkWebhookUrl } from './webhook-targets.js';
import {
  countActiveWebhooks,
  disableWebhook,
  findWebhook,
  insertWebhook,
  listWebhooks,
  lockAccountForWebhooks,
  type WebhookRow,
  type WebhookViewer,
} from './webhooks.repository.js';
import type { CreatedWebhook, PageQuery, Webhook, WebhookCreateBody } from './webhooks.schemas.js';

export type WebhookSettings = Pick<
  Config,
  'AVS_WEBHOOK_DELIVERY' | 'AVS_WEBHOOK_ALLOW_INSECURE_TARGETS' | 'AVS_WEBHOOK_LIMIT'
>;

const DELIVERY_OFF_MESSAGE =
  'Webhook registered. Delivery is not active yet: it will be enabled in a future release; ' +
  'events are recorded meanwhile.';
const DELIVERY_ON_MESSAGE =
  'Webhook registered. Delivery is active: events are sent to this URL, signed with the secret.';

/** whsec_ + base64 of 32 random bytes: the Standard Webhooks secret format. */
function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

export function toWebhook(row: WebhookRow, settings: WebhookSettings): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    account_id: row.account_id,
    status: row.status,
    planet_scope: row.planet_scope,
    created_at: row.created_at.toISOString(),
    disabled_at: row.disabled_at?.toISOString() ?? null,
    message: settings.AVS_WEBHOOK_DELIVERY ? DELIVERY_ON_MESSAGE : DELIVERY_OFF_MESSAGE,
  };
}

/** `events` omitted → the contract's five (the alert and watch types only when named); empty, non-list or an unknown type → 400 naming it; duplicates collapse. */
function normaliseEventTypes(events: unknown): string[] {
  if (events === undefined) return [...webhookEventTypes];
  if (!Array.isArray(events)) {
    throw new AppError('invalid_event_type', 'not_a_list');
  }
  if (events.length === 0) {
    throw new AppError('invalid_event_type', 'empty', { expected: allWebhookEventTypes });
  }
  for (const event of events) {
    if (typeof event !== 'string' || !(allWebhookEventTypes as readonly string[]).includes(event)) {
      throw new AppError('invalid_event_type', 'unknown', { event, expected: allWebhookEventTypes });
    }
  }
  return [...new Set(events as string[])];
}

/** The URL as stored and used: checked, then normalised (the WHATWG href: lower-case host, default port dropped). */
function validateWebhookUrl(
  url: unknown,
  settings: Pick<WebhookSettings, 'AVS_WEBHOOK_ALLOW_INSECURE_TARGETS'>,
): string {
  if (typeof url !== 'string') throw new AppError('invalid_webhook_url', 'not_a_string');
  // Spaces only: a tab or newline at either end is a control character, refused by the check.
  const trimmed = url.replace(/^ +| +$/g, '');
  const check = checkWebhookUrl(trimmed, settings.AVS_WEBHOOK_ALLOW_INSECURE_TARGETS);
  if (!check.ok) throw check.error;
  return check.url.href;
}

const MASKED_SECRET = 'whsec_********';

/** What an idempotency record keeps of a registration: the secret is shown once, so a replay shows it masked. */
export function withSecretMasked(created: CreatedWebhook): CreatedWebhook {
  return { ...created, secret: MASKED_SECRET };
}

/** docs/errors.md: a registration that fails in storage is a 500 webhook_registration_failed. */
export function asRegistrationFailure(error: unknown): unknown {
  if (error instanceof AppError || error instanceof DatabaseUnavailableError) return error;
  return Object.assign(new AppError('webhook_registration_failed'), { cause: error });
}

/** A webhook takes the planet scope of the key that registers it; an account has at most AVS_WEBHOOK_LIMIT active. */
export async function registerWebhook(
  tx: Queryable,
  registrant: WebhookViewer,
  body: WebhookCreateBody,
  settings: WebhookSettings,
): Promise<CreatedWebhook> {
  const url = validateWebhookUrl(body.url, settings);
  const events = normaliseEventTypes(body.events);
  await lockAccountForWebhooks(tx, registrant.accountId);
  if ((await countActiveWebhooks(tx, registrant.accountId)) >= settings.AVS_WEBHOOK_LIMIT) {
    throw new AppError('webhook_limit_reached', 'limit', { limit: settings.AVS_WEBHOOK_LIMIT });
  }
  const row = await insertWebhook(tx, {
    id: randomUUID(),
    accountId: registrant.accountId,
    url,
    events,
    secret: generateWebhookSecret(),
    planetScope: registrant.planetScope,
  });
  return { ...toWebhook(row, settings), secret: row.secret };
}

/** The viewer's webhook or 404 (another account's, outside the key's scope, or a malformed id). */
export async function getWebhookRow(
  db: Queryable,
  viewer: WebhookViewer,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<WebhookRow> {
  return foundOr404(isUuid(id) ? await findWebhook(db, viewer, id, options) : undefined, 'webhook_not_found');
}

export async function listAccountWebhooks(
  db: Queryable,
  viewer: WebhookViewer,
  query: PageQuery,
  settings: WebhookSettings,
) {
  const limit = query.limit ?? 50;
  const rows = await listWebhooks(db, viewer, { limit: limit + 1, after: decodePosition(query.cursor) });
  return toPage(rows, limit, (row) => toWebhook(row, settings));
}

/** DELETE: the webhook stops receiving events (status disabled); the record and its log stay readable. */
export async function deleteWebhook(
  tx: Queryable,
  viewer: WebhookViewer,
  id: string,
  settings: WebhookSettings,
): Promise<Webhook> {
  await getWebhookRow(tx, viewer, id, { forUpdate: true });
  const row = await disableWebhook(tx, id);
  return toWebhook(row!, settings);
}
