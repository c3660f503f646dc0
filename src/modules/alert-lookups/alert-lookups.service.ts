import { stringify } from 'csv-stringify/sync';
import type { Database, Queryable } from '../../db/database.js';
import { apiKeyIdOf, type Principal } from '../principal/principal.js';
import {
  insertLookup,
  insertLookupByNumber,
  insertLookups,
  listLookups,
  type LookupKind,
  type LookupRow,
} from './alert-lookups.repository.js';

export type { LookupKind };

/** Who looked: a key or a member (and its account), or, on the public surfaces, a client address. */
export type LookupBy = { principal: Principal } | { clientAddress: string };

function who(by: LookupBy) {
  return {
    accountId: 'principal' in by ? by.principal.accountId : null,
    apiKeyId: 'principal' in by ? apiKeyIdOf(by.principal) : null,
    clientAddress: 'clientAddress' in by ? by.clientAddress : null,
  };
}

/** An answer about an asset, and whether a cache may keep it: never one about an asset with an open alert (docs/alerts.md). */
export interface LookupAnswer<T> {
  value: T;
  /** The asset has an open alert: the look-up is on record, and the answer goes out `Cache-Control: no-store`. */
  noStore: boolean;
}

/**
 * The search audit (docs/alerts.md): a look-up of an asset whose row shows an open alert is recorded, and its answer is
 * kept by no cache. The record is its own one-statement transaction, so it runs on the primary even when the
 * read came from a replica (docs/scaling.md), and it is awaited before the answer leaves: no look-up of a
 * reported asset goes unrecorded.
 */
export async function answerLookup<T>(
  db: Database,
  asset: { id: string; alert: unknown },
  kind: LookupKind,
  by: LookupBy,
  value: T,
): Promise<LookupAnswer<T>> {
  if (!asset.alert) return { value, noStore: false };
  await db.singleStatement((tx) => insertLookup(tx, { assetId: asset.id, kind, ...who(by) }));
  return { value, noStore: true };
}

/**
 * For answers that may come from memory (a credential, docs/performance.md), where no row was read: one write on the primary
 * both asks whether the certificate's asset has an open alert and records the look-up, before `answer` runs.
 * `answer` learns whether it did: such an answer is `no-store` and never comes from a cache.
 */
export async function answerLookupByNumber<T>(
  db: Database,
  target: { planet: string; certificateNumber: string },
  kind: LookupKind,
  by: LookupBy,
  answer: (alerted: boolean) => Promise<T>,
): Promise<LookupAnswer<T>> {
  const alerted = await db.singleStatement((tx) => insertLookupByNumber(tx, { ...target, kind, ...who(by) }));
  return { value: await answer(alerted), noStore: alerted };
}

/**
 * The search audit of a search that found several assets (a photo search): one statement on the primary, awaited
 * before the answer leaves, recording the look-up of each whose alert is open.
 */
export async function recordLookups(
  db: Database,
  assets: readonly { id: string; alert: unknown }[],
  kind: LookupKind,
  by: LookupBy,
): Promise<void> {
  const alerted = assets.filter((asset) => asset.alert).map((asset) => asset.id);
  if (alerted.length === 0) return;
  await db.singleStatement((tx) => insertLookups(tx, { assetIds: alerted, kind, ...who(by) }));
}

export interface Lookup {
  at: string;
  lookup: LookupKind;
  account_id: string | null;
  account_name: string | null;
  api_key_id: string | null;
  client_address: string | null;
  alert_id: string;
}

function toLookup(row: LookupRow): Lookup {
  return {
    at: row.created_at.toISOString(),
    lookup: row.lookup,
    account_id: row.account_id,
    account_name: row.account_name,
    api_key_id: row.api_key_id,
    client_address: row.client_address,
    alert_id: row.alert_id,
  };
}

/** The most recent look-ups of an asset while an alert was open, newest first. */
export async function lookupsOfAsset(db: Queryable, assetId: string, limit = 100_000): Promise<Lookup[]> {
  return (await listLookups(db, assetId, limit)).map(toLookup);
}

const CSV_COLUMNS: (keyof Lookup)[] = [
  'at',
  'lookup',
  'account_id',
  'account_name',
  'api_key_id',
  'client_address',
  'alert_id',
];

/**
 * The audit as CSV (RFC 4180) for the police: csv-stringify quotes what needs quoting, and escape_formulas
 * prefixes a cell starting with = + - @ (or tab, carriage return) with ' so a spreadsheet never runs it.
 */
export function lookupsCsv(lookups: readonly Lookup[]): string {
  return stringify(
    lookups.map((entry) => CSV_COLUMNS.map((column) => entry[column] ?? '')),
    { header: true, columns: CSV_COLUMNS, escape_formulas: true, record_delimiter: '\r\n' },
  );
}
