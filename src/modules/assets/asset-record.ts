import type { AssetRow } from './assets.repository.js';
import type { AlertSummaryType, AssetRecordType } from './assets.schemas.js';

/** The open alert as records show it (docs/alerts.md): `{kind, since}`, or null when none is open. */
export function alertOfRow(row: Pick<AssetRow, 'alert_kind' | 'alert_since'>): AlertSummaryType {
  if (!row.alert_kind || !row.alert_since) return null;
  return { kind: row.alert_kind as 'stolen' | 'lost', since: row.alert_since.toISOString() };
}

/**
 * The asset record of docs/api.md, as every response and webhook carries it: fixed fields
 * first, then planet and pass-through fields (a stored field never shadows a fixed one).
 */
export function toAssetRecord(row: AssetRow): AssetRecordType {
  const record: Record<string, unknown> = {
    id: row.id,
    planet: row.planet,
    title: row.title,
    account_id: row.account_id,
    certificate_number: row.certificate_number,
    certificate_status: row.certificate_status,
    status: row.status,
    created_by: row.created_by,
    updated_by: row.updated_by,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    alert: alertOfRow(row),
    inventory_number: row.inventory_number,
  };
  for (const [key, value] of Object.entries(row.attributes)) {
    if (!Object.hasOwn(record, key)) record[key] = value;
  }
  return record as AssetRecordType;
}

/**
 * The record as another account's key reads it (any key may read any asset, a verification registry): without the
 * holding gallery's own stock number, which is its business alone (docs/inventory.md).
 */
export function withoutInventoryNumber(record: AssetRecordType): AssetRecordType {
  const { inventory_number: _hidden, ...rest } = record;
  return rest;
}
