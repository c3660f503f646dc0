import { CHANGE_TOPICS, prepared, type Queryable } from '../../db/database.js';
import type { WebhookEventType } from './webhook-event-types.js';
import { timeOrderedId } from '../../lib/time-ordered-id.js';

const insertOutboxEventStatement = prepared(
  'insert_outbox_event',
  'INSERT INTO webhook_outbox (id, account_id, event_type, payload) VALUES ($1, $2, $3, $4)',
);

/** Written in the transaction of the change it reports, whether delivery is on or off. */
export async function insertOutboxEvent(
  db: Queryable,
  event: { accountId: string; eventType: WebhookEventType; payload: Record<string, unknown> },
): Promise<string> {
  const id = timeOrderedId();
  await db.query(insertOutboxEventStatement, [id, event.accountId, event.eventType, event.payload]);
  db.announce(CHANGE_TOPICS.webhooks);
  return id;
}

/**
 * The planet of an outbox event (alias.payload): its asset's (asset and certificate events), its verification's,
 * or its watched certificate's (watch.triggered).
 */
export function eventPlanetSql(alias: string): string {
  return `coalesce(${alias}.payload #>> '{asset,planet}', ${alias}.payload #>> '{verification,planet}', ${alias}.payload #>> '{watch,planet}')`;
}

/** What a watcher is told (docs/alerts.md): the change to a watched certificate, never its owner. */
export interface WatchChange {
  certificateNumber: string;
  planet: string;
  /** certificate_suspended, certificate_reinstated, certificate_revoked, alert_raised or alert_resolved. */
  change: string;
  certificateStatus: string;
  alert: { kind: string; since: string } | null;
  occurredAt: string;
}

/**
 * One watch.triggered outbox row per account watching the certificate, in the caller's transaction (so the
 * change and the watchers' events commit together). The payload names the certificate and the change only.
 */
export async function insertWatchTriggeredEvents(db: Queryable, change: WatchChange): Promise<void> {
  await db.query(
    `INSERT INTO webhook_outbox (id, account_id, event_type, payload)
     SELECT gen_random_uuid(), w.account_id, 'watch.triggered',
            jsonb_build_object('watch', jsonb_build_object('id', w.id, 'certificate_number', w.certificate_number,
                                                           'planet', w.planet),
                               'change', $2::jsonb)
     FROM watchlist_entries w WHERE w.certificate_number = $1`,
    [
      change.certificateNumber,
      JSON.stringify({
        type: change.change,
        certificate_status: change.certificateStatus,
        alert: change.alert,
        occurred_at: change.occurredAt,
      }),
    ],
  );
  db.announce(CHANGE_TOPICS.webhooks);
}
