import { CHANGE_TOPICS, prepared, type Queryable, queryAll, queryFirst } from '../../db/database.js';
import { newestFirstPageSql, pageValues } from '../../lib/page-cursor.js';
import { ASSET_COLUMNS, type AssetRow } from '../assets/assets.repository.js';
import type { ChainedEvent } from '../chain/history-chain.js';

export interface NewVerification {
  id: string;
  planet: string;
  assetId: string;
  certificateNumber: string;
  verified: boolean;
  result: Record<string, unknown>;
  accountId: string;
  apiKeyId: string | null;
  createdAt: string;
  /** The verification.completed outbox row (payload `{ verification: result }`), addressed to the owner. */
  outboxId: string;
  ownerAccountId: string;
}

export interface VerificationRow {
  id: string;
  asset_id: string;
  result: Record<string, unknown>;
  account_id: string;
  account_name: string | null;
  /** The asset's owner now (ownership can move after the verification). */
  owner_account_id: string;
  created_at: Date;
}

// The batch travels as one JSON array: one parameter, and each result sent once for both rows.
const insertVerificationsStatement = prepared(
  'insert_verifications',
  `WITH batch AS (
     SELECT * FROM jsonb_to_recordset($1::jsonb) AS b(
       id uuid, planet text, asset_id uuid, certificate_number text, verified boolean, result jsonb,
       account_id uuid, api_key_id uuid, created_at timestamptz, outbox_id uuid, owner_account_id uuid)
   ), recorded AS (
     INSERT INTO verifications (id, planet, asset_id, certificate_number, verified, result, account_id,
                                api_key_id, created_at)
     SELECT id, planet, asset_id, certificate_number, verified, result, account_id, api_key_id, created_at
     FROM batch
   )
   INSERT INTO webhook_outbox (id, account_id, event_type, payload, created_at)
   SELECT outbox_id, owner_account_id, 'verification.completed', jsonb_build_object('verification', result),
          created_at
   FROM batch`,
);

/**
 * One statement for any number of verifications: each record and its outbox row commit together
 * (a statement is atomic), and a batch shares one commit.
 */
export async function insertVerifications(
  db: Queryable,
  verifications: readonly NewVerification[],
): Promise<void> {
  const batch = verifications.map((v) => ({
    id: v.id,
    planet: v.planet,
    asset_id: v.assetId,
    certificate_number: v.certificateNumber,
    verified: v.verified,
    result: v.result,
    account_id: v.accountId,
    api_key_id: v.apiKeyId,
    created_at: v.createdAt,
    outbox_id: v.outboxId,
    owner_account_id: v.ownerAccountId,
  }));
  await db.query(insertVerificationsStatement, [JSON.stringify(batch)]);
  db.announce(CHANGE_TOPICS.webhooks);
}

const VERIFICATION_COLUMNS = `v.id, v.asset_id, v.result, v.account_id, a.name AS account_name,
  s.account_id AS owner_account_id, v.created_at`;
const VERIFICATION_FROM = `verifications v
  JOIN assets s ON s.planet = v.planet AND s.id = v.asset_id
  LEFT JOIN accounts a ON a.id = v.account_id`;

const findVerificationStatement = prepared(
  'find_verification',
  `SELECT ${VERIFICATION_COLUMNS} FROM ${VERIFICATION_FROM}
   WHERE v.id = $1`,
);

export async function findVerification(db: Queryable, id: string): Promise<VerificationRow | undefined> {
  return queryFirst<VerificationRow>(db, findVerificationStatement, [id]);
}

const listVerificationsStatement = prepared(
  'list_verifications',
  `SELECT ${VERIFICATION_COLUMNS} FROM ${VERIFICATION_FROM}
   WHERE v.asset_id = $1 AND ${newestFirstPageSql(2, 'v')}`,
);

/** Newest first; `before` is the (created_at, id) of the last row of the previous page. */
export async function listVerifications(
  db: Queryable,
  assetId: string,
  page: { before?: { createdAt: Date; id: string }; limit: number },
): Promise<VerificationRow[]> {
  return queryAll<VerificationRow>(db, listVerificationsStatement, [
    assetId,
    ...pageValues(page.before, page.limit),
  ]);
}

// The asset and its whole history in one round trip (one statement: the row and its history agree), when the
// history is shorter than $3 events: a longer one costs rate-limit tokens (docs/api.md), drawn after this
// read and before the history is read again with no bound.
const SHORT_HISTORY = 'coalesce(a.head_sequence, 0) < $3';
const historyOfRow = (condition = 'true') => `(SELECT coalesce(json_agg(e ORDER BY e.sequence), '[]')
    FROM (SELECT id, asset_id, planet, sequence, event_type, payload, actor_account_id, created_at, prev_hash, hash
          FROM asset_events WHERE asset_id = a.id AND ${condition}) e) AS history`;

// What the transparency log holds for the asset: each entry's index and the leaf hash in the tree. The leaf is
// one primary-key look-up per entry, not a join: with statistics behind the log's growth the planner hashed all
// the log's leaves for every verification (53 ms at 50,000 leaves; docs/performance.md).
const logOfRow = (condition = 'true') => `(SELECT coalesce(json_agg(json_build_object(
      'sequence', t.sequence, 'log_index', t.log_index,
      'leaf', (SELECT encode(h.hash, 'hex') FROM tlog_hashes h WHERE h.level = 0 AND h.idx = t.log_index))
      ORDER BY t.sequence), '[]')
    FROM tlog_entries t WHERE t.asset_id = a.id AND ${condition}) AS log`;
// Read in the same round trip: whether the asset has an active NFC tag (docs/tags.md), and the log's checkpoint,
// cosigned, in the same statement as the entries, so it covers every entry read.
const TAG_BOUND = `EXISTS (SELECT 1 FROM tags t WHERE t.asset_id = a.id AND t.status = 'active') AS tag_bound`;
const SHORT_HISTORY_COLUMNS = `${historyOfRow(SHORT_HISTORY)}, ${logOfRow(SHORT_HISTORY)},
  ${SHORT_HISTORY} AS history_included, ${TAG_BOUND},
  (SELECT s.checkpoint || s.cosignatures FROM tlog_state s) AS log_checkpoint`;

const findAssetWithHistoryStatement = prepared(
  'find_asset_with_short_history_and_log',
  `SELECT ${ASSET_COLUMNS}, ${SHORT_HISTORY_COLUMNS} FROM assets a WHERE planet = $1 AND id = $2`,
);
const findAssetWithHistoryByNumberStatement = prepared(
  'find_asset_with_short_history_and_log_by_number',
  `SELECT ${ASSET_COLUMNS}, ${SHORT_HISTORY_COLUMNS} FROM assets a WHERE planet = $1 AND certificate_number = $2`,
);
/** `historyBelow` for a history of any length (the column is an integer). */
export const ANY_LENGTH = 2_147_483_647;

type EventJson = Omit<ChainedEvent, 'created_at'> & { created_at: string };

interface LoggedLeafRow {
  sequence: number;
  log_index: number;
  leaf: string | null;
}

export interface HistoryWithLog {
  events: ChainedEvent[];
  logged: LoggedLeafRow[];
  /** The log's latest checkpoint with its cosignatures, which covers every entry in `logged`; null before the first. */
  checkpoint: string | null;
}

function toHistoryWithLog(
  history: EventJson[],
  log: LoggedLeafRow[],
  checkpoint: string | null,
): HistoryWithLog {
  // JSON carries timestamps as PostgreSQL prints them (+00:00); the chain hashes the ISO form with Z.
  const events = history.map((event) => ({ ...event, created_at: new Date(event.created_at).toISOString() }));
  return { events, logged: log, checkpoint };
}

/**
 * The asset (by id, or by certificate number) and, when its chain head is below `historyBelow` events (all:
 * `ANY_LENGTH`), its events, oldest first, and what the log holds of them; `history` is undefined for a longer one.
 * `tagBound`: the asset has an active NFC tag.
 */
export async function findAssetWithHistory(
  db: Queryable,
  planet: string,
  key: { id: string } | { certificateNumber: string },
  historyBelow: number,
): Promise<{ asset: AssetRow; history: HistoryWithLog | undefined; tagBound: boolean } | undefined> {
  const { rows } = await db.query<
    AssetRow & {
      history: EventJson[];
      log: LoggedLeafRow[];
      history_included: boolean;
      tag_bound: boolean;
      log_checkpoint: string | null;
    }
  >('id' in key ? findAssetWithHistoryStatement : findAssetWithHistoryByNumberStatement, [
    planet,
    'id' in key ? key.id : key.certificateNumber,
    historyBelow,
  ]);
  const row = rows[0];
  if (!row) return undefined;
  const {
    history,
    log,
    history_included: included,
    tag_bound: tagBound,
    log_checkpoint: checkpoint,
    ...asset
  } = row;
  return { asset, history: included ? toHistoryWithLog(history, log, checkpoint) : undefined, tagBound };
}

export interface VerificationSummaryRow {
  asset_id: string;
  count: number;
  last_verified_at: Date | null;
  last_verifiers: string[];
}

const summariseVerificationsStatement = prepared(
  'summarise_verifications',
  `SELECT t.asset_id,
          (SELECT count(*)::int FROM verifications v WHERE v.asset_id = t.asset_id) AS count,
          (SELECT max(v.created_at) FROM verifications v WHERE v.asset_id = t.asset_id) AS last_verified_at,
          ARRAY(SELECT a.name FROM verifications v JOIN accounts a ON a.id = v.account_id
                WHERE v.asset_id = t.asset_id
                GROUP BY a.id, a.name ORDER BY max(v.created_at) DESC LIMIT 3) AS last_verifiers
   FROM unnest($1::uuid[]) AS t(asset_id)`,
);

/** Per asset: how often it was verified, when last, and the last three accounts that did. */
export async function summariseVerifications(
  db: Queryable,
  assetIds: readonly string[],
): Promise<VerificationSummaryRow[]> {
  return queryAll<VerificationSummaryRow>(db, summariseVerificationsStatement, [assetIds]);
}
