import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.js';
import { AppError } from '../../errors/error-catalogue.js';
import { parseCalendarDate, parseDateTime } from '../../lib/date-time.js';
import { pick } from '../../lib/records.js';
import { isStorableText } from '../../lib/text.js';
import { isUuid } from '../../lib/uuid.js';
import type { PlanetId } from '../../planets/planets.js';
import { toAssetRecord } from '../assets/asset-record.js';
import { lockAssetForChange, lockAssetOfOwnerOrAdmin, type AssetRow } from '../assets/assets.service.js';
import { assertAccountMayAct } from '../holders/holders.service.js';
import { appendEvent } from '../chain/history-events.service.js';
import { recordAlertNotices } from '../notices/notice-events.service.js';
import { ownerOrAdminActorId, ownerOrAdminSource, type OwnerOrAdmin } from '../principal/principal.js';
import { notifyWatchers, recordWebhookEvent } from '../webhooks/outbox.service.js';
import {
  findAlert,
  findOpenAlert,
  insertAlert,
  listAlertsOfAsset,
  resolveAlertRow,
  setAssetAlert,
  type AlertRow,
} from './alerts.repository.js';
import {
  alertKinds,
  alertOutcomes,
  type AlertResponseType,
  type AlertType,
  type RaiseAlertBodyType,
  type ResolveAlertBodyType,
} from './alerts.schemas.js';

/** Who reports: the owning account (by key or member), or an administrator (session or AVS_ADMIN_TOKEN). */
type AlertActor = OwnerOrAdmin;

function toAlert(row: AlertRow): AlertType {
  return {
    ...pick(row, 'id', 'planet', 'asset_id', 'certificate_number', 'reference', 'note'),
    kind: row.kind as AlertType['kind'],
    occurred_at: row.occurred_at.toISOString(),
    status: row.resolved_at ? 'resolved' : 'open',
    outcome: row.outcome as AlertType['outcome'],
    raised_at: row.created_at.toISOString(),
    resolved_at: row.resolved_at?.toISOString() ?? null,
  };
}

/** A calendar date (taken as midnight UTC) or a date-time with its offset, in years 0001–9999; never in the future. */
function parseOccurredAt(value: string): Date {
  const trimmed = value.trim();
  const date = parseCalendarDate(trimmed) ?? parseDateTime(trimmed, { secondsOptional: true });
  if (!date) throw new AppError('validation_failed', 'not_a_date', { field: 'occurred_at' });
  if (date.getTime() > Date.now())
    throw new AppError('validation_failed', 'in_future', { field: 'occurred_at' });
  return date;
}

function optionalText(field: string, value: string | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  if (!isStorableText(trimmed)) throw new AppError('validation_failed', 'unstorable', { field });
  return trimmed.length > 0 ? trimmed : null;
}

function actorColumns(actor: AlertActor): { accountId: string | null; admin: string | null } {
  return 'principal' in actor
    ? { accountId: actor.principal.accountId, admin: null }
    : { accountId: null, admin: actor.adminUserId ?? 'token' };
}

/**
 * Reports the asset stolen or lost: the alert row, the asset row's copy of it, the ALERT_RAISED event, the
 * owner's asset.alert_raised, every watcher's watch.triggered and the keyless photo search's change (its images
 * become findable), in the caller's transaction. The certificate's status is untouched: it is still genuine;
 * /verify and the public page warn instead.
 */
export async function raiseAlert(
  tx: Queryable,
  actor: AlertActor,
  target: { planet: PlanetId; assetId: string },
  body: RaiseAlertBodyType,
): Promise<AlertResponseType> {
  const report = checkedReport(body);
  const asset = await lockAssetToAlert(tx, actor, 'raise_alert', target);
  return raiseOnLockedAsset(tx, asset, actorOf(actor), report);
}

/**
 * The asset an alert is raised or resolved on, locked: an administrator's any asset; an account's when the
 * holders' table lets it (holder-rules.ts: the holder, a consignee too; a registrant that no longer holds it is 403
 * `not_holder`; an account that is neither is 404).
 */
async function lockAssetToAlert(
  tx: Queryable,
  actor: AlertActor,
  action: 'raise_alert' | 'resolve_alert',
  target: { planet: PlanetId; assetId: string },
): Promise<AssetRow> {
  if (!('principal' in actor)) return lockAssetOfOwnerOrAdmin(tx, actor, target.planet, target.assetId);
  const asset = isUuid(target.assetId)
    ? await lockAssetForChange(tx, target.planet, { id: target.assetId })
    : undefined;
  if (!asset) throw new AppError('asset_not_found');
  await assertAccountMayAct(tx, action, actor.principal, asset);
  return asset;
}

/** Who an alert's change is recorded as: its rows' columns, the history's source and actor account. */
interface AlertChanger {
  columns: { accountId: string | null; admin: string | null };
  source: Record<string, unknown>;
  actorAccountId: string | null;
}

function actorOf(actor: AlertActor): AlertChanger {
  return {
    columns: actorColumns(actor),
    source: ownerOrAdminSource(actor),
    actorAccountId: ownerOrAdminActorId(actor),
  };
}

/**
 * The collector who holds the object reports it (docs/collectors.md, "The collector's place"): the same alert,
 * event, webhook to the registrant and notices as the account's, the history naming no person ({source:
 * 'collection'}). `assertHolds` asks, under the asset's lock, whether the collector holds it now (the holders room
 * knows; it throws when not).
 */
export async function raiseAlertAsCollector(
  tx: Queryable,
  target: { planet: PlanetId; assetId: string },
  body: RaiseAlertBodyType,
  assertHolds: (tx: Queryable) => Promise<void>,
): Promise<AlertResponseType> {
  const report = checkedReport(body);
  const asset = isUuid(target.assetId)
    ? await lockAssetForChange(tx, target.planet, { id: target.assetId })
    : undefined;
  if (!asset) throw new AppError('asset_not_found');
  await assertHolds(tx);
  return raiseOnLockedAsset(
    tx,
    asset,
    { columns: { accountId: null, admin: null }, source: { source: 'collection' }, actorAccountId: null },
    report,
  );
}

/** A report's fields, checked before anything is locked (the API's schema has checked them; the forms have not). */
function checkedReport(body: RaiseAlertBodyType) {
  if (!(alertKinds as readonly string[]).includes(body.kind)) {
    throw new AppError('validation_failed', 'value_not_allowed', { field: 'kind' });
  }
  if (typeof body.occurred_at !== 'string') {
    throw new AppError('validation_failed', 'required', { field: 'occurred_at' });
  }
  return {
    kind: body.kind,
    occurredAt: parseOccurredAt(body.occurred_at),
    reference: optionalText('reference', body.reference),
    note: optionalText('note', body.note),
  };
}

async function raiseOnLockedAsset(
  tx: Queryable,
  asset: AssetRow,
  by: AlertChanger,
  { kind, occurredAt, reference, note }: ReturnType<typeof checkedReport>,
): Promise<AlertResponseType> {
  const open = await findOpenAlert(tx, asset.id);
  if (open) throw new AppError('alert_already_open', 'open_alert', { id: open.id, kind: open.kind });
  const alert = await insertAlert(tx, {
    id: randomUUID(),
    assetId: asset.id,
    planet: asset.planet,
    certificateNumber: asset.certificate_number,
    kind,
    occurredAt: occurredAt.toISOString(),
    reference,
    note,
    raisedByAccountId: by.columns.accountId,
    raisedByAdmin: by.columns.admin,
  });
  const updated = await setAssetAlert(tx, asset, { kind: alert.kind, since: alert.occurred_at });
  await recordAlertNotices(tx, updated, { kind: alert.kind, occurredAt: alert.occurred_at.toISOString() });
  return afterAlertChange(tx, by, updated, alert, 'ALERT_RAISED');
}

/** Closes an open alert as recovered or withdrawn, with ALERT_RESOLVED and the same webhook events. */
export async function resolveAlert(
  tx: Queryable,
  actor: AlertActor,
  target: { planet: PlanetId; assetId: string; alertId: string },
  body: ResolveAlertBodyType,
): Promise<AlertResponseType> {
  if (!(alertOutcomes as readonly string[]).includes(body.outcome)) {
    throw new AppError('validation_failed', 'value_not_allowed', { field: 'outcome' });
  }
  const asset = await lockAssetToAlert(tx, actor, 'resolve_alert', target);
  const current = isUuid(target.alertId) ? await findAlert(tx, asset.id, target.alertId) : undefined;
  if (!current) throw new AppError('alert_not_found');
  if (current.resolved_at) throw new AppError('invalid_state', 'alert_resolved');
  const by = actorColumns(actor);
  const alert = await resolveAlertRow(tx, {
    id: current.id,
    outcome: body.outcome,
    resolvedByAccountId: by.accountId,
    resolvedByAdmin: by.admin,
  });
  const updated = await setAssetAlert(tx, asset, null);
  return afterAlertChange(tx, actorOf(actor), updated, alert, 'ALERT_RESOLVED');
}

async function afterAlertChange(
  tx: Queryable,
  by: AlertChanger,
  updated: AssetRow,
  row: AlertRow,
  eventType: 'ALERT_RAISED' | 'ALERT_RESOLVED',
): Promise<AlertResponseType> {
  const alert = toAlert(row);
  const raised = eventType === 'ALERT_RAISED';
  await appendEvent(tx, {
    assetId: updated.id,
    planet: updated.planet,
    eventType,
    // The reference and note stay out of the history (it is shown to every key holder and in the public log).
    payload: {
      ...by.source,
      alert_id: alert.id,
      kind: alert.kind,
      occurred_at: alert.occurred_at,
      ...(raised ? {} : { outcome: alert.outcome }),
    },
    actorAccountId: by.actorAccountId,
  });
  const asset = toAssetRecord(updated);
  await recordWebhookEvent(tx, {
    accountId: updated.account_id,
    eventType: raised ? 'asset.alert_raised' : 'asset.alert_resolved',
    payload: { asset, alert },
  });
  await notifyWatchers(tx, {
    certificateNumber: updated.certificate_number,
    planet: updated.planet,
    change: raised ? 'alert_raised' : 'alert_resolved',
    certificateStatus: updated.certificate_status,
    alert: raised ? { kind: alert.kind, since: alert.occurred_at } : null,
    occurredAt: (raised ? alert.raised_at : alert.resolved_at) ?? alert.raised_at,
  });
  return { alert, asset };
}

/** The alerts of an asset, newest first, for the operator's asset page. */
export async function alertsOfAsset(db: Queryable, assetId: string): Promise<AlertType[]> {
  return (await listAlertsOfAsset(db, assetId)).map(toAlert);
}
