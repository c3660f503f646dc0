import {
  CHANGE_TOPICS,
  prepared,
  type Queryable,
  queryAll,
  queryCount,
  queryFirst,
} from '../../db/database.js';
import { newestFirstPageSql, pageValues } from '../../lib/page-cursor.js';
import { millisecondOfOrderedId } from '../../lib/time-ordered-id.js';
import type { AssetRow } from '../assets/assets.repository.js';
import type { ChainedEvent } from '../chain/history-chain.js';
import { FULL_CHECK_EVENTS, type CheckedHead } from '../history/history-integrity.js';

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
  /** The check point of a long history this verification re-hashed past its saved one and found intact. */
  historyCheck?: VerifiedHistoryCheck;
}

/** What a verification found of a long history, from event 1 to `checkedSequence` (history_checks' columns). */
export interface VerifiedHistoryCheck {
  checkedSequence: number;
  checkedHash: string;
  certificateStatus: string;
  status: string;
  /** Events 1..loggedSequence have the leaves the log holds. */
  loggedSequence: number;
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

// The batch travels as one JSON array: one parameter, and each result sent once for both rows. The check points
// the verifications found ride the same statement (docs/api.md, "Verification"): one per asset, the furthest, in
// asset order (two writers lock their rows in the same order). A check point only moves forward, never over a
// broken or forgotten check (an edit since this verification read the events forgets it: migration 482), and
// the log's part moves forward on its own while the log catches up with a checked head.
const insertVerificationsStatement = prepared(
  'insert_verifications',
  `WITH batch AS (
     SELECT * FROM jsonb_to_recordset($1::jsonb) AS b(
       id uuid, planet text, asset_id uuid, certificate_number text, verified boolean, result jsonb,
       account_id uuid, api_key_id uuid, created_at timestamptz, outbox_id uuid, owner_account_id uuid,
       checked_sequence int, checked_hash text, checked_certificate_status text, checked_status text,
       logged_sequence int)
   ), checked AS (
     INSERT INTO history_checks AS h (asset_id, planet, checked_sequence, checked_hash, certificate_status, status,
                                      logged_sequence, checked_at)
     SELECT DISTINCT ON (asset_id) asset_id, planet, checked_sequence, checked_hash, checked_certificate_status,
            checked_status, logged_sequence, now()
     FROM batch WHERE checked_sequence IS NOT NULL
     ORDER BY asset_id, checked_sequence DESC, logged_sequence DESC
     ON CONFLICT (asset_id) DO UPDATE SET checked_sequence = EXCLUDED.checked_sequence,
       checked_hash = EXCLUDED.checked_hash, certificate_status = EXCLUDED.certificate_status,
       status = EXCLUDED.status, logged_sequence = greatest(h.logged_sequence, EXCLUDED.logged_sequence),
       checked_at = EXCLUDED.checked_at
     WHERE h.broken_reason IS NULL
       AND (h.checked_sequence < EXCLUDED.checked_sequence
            OR (h.checked_sequence = EXCLUDED.checked_sequence AND h.checked_hash = EXCLUDED.checked_hash
                AND h.logged_sequence < EXCLUDED.logged_sequence))
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
 * (a statement is atomic), and a batch shares one commit, with the check points the verifications found.
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
    checked_sequence: v.historyCheck?.checkedSequence,
    checked_hash: v.historyCheck?.checkedHash,
    checked_certificate_status: v.historyCheck?.certificateStatus,
    checked_status: v.historyCheck?.status,
    logged_sequence: v.historyCheck?.loggedSequence,
  }));
  await db.query(insertVerificationsStatement, [JSON.stringify(batch)]);
  db.announce(CHANGE_TOPICS.webhooks);
}

const VERIFICATION_COLUMNS = `v.id, v.asset_id, v.result, v.account_id, a.name AS account_name,
  s.account_id AS owner_account_id, v.created_at`;
const VERIFICATION_FROM = `verifications v
  JOIN assets s ON s.planet = v.planet AND s.id = v.asset_id
  LEFT JOIN accounts a ON a.id = v.account_id`;

// By id within the months its created_at may fall in ($2, $3: verificationWindow), so that the look-up reads those
// months' partitions only (migration 481).
export const findVerificationStatement = prepared(
  'find_verification',
  `SELECT ${VERIFICATION_COLUMNS} FROM ${VERIFICATION_FROM}
   WHERE v.id = $1 AND v.created_at >= $2::timestamptz AND v.created_at < $3::timestamptz`,
);

// A verification's id is made a moment before its created_at (verifyAsset): a day either side holds it even past the
// milliseconds timeOrderedId borrows under load.
const ID_TO_CREATED_AT_SLACK_MS = 24 * 60 * 60 * 1000;

/**
 * The created_at range a verification with this id lies in: a day either side of a UUIDv7's millisecond; every
 * month for an id of another version (none the service makes, but a record may have come from elsewhere).
 */
export function verificationWindow(id: string): [from: string, to: string] {
  const made = millisecondOfOrderedId(id);
  if (made === undefined) return ['-infinity', 'infinity'];
  return [
    new Date(made - ID_TO_CREATED_AT_SLACK_MS).toISOString(),
    new Date(made + ID_TO_CREATED_AT_SLACK_MS).toISOString(),
  ];
}

export async function findVerification(db: Queryable, id: string): Promise<VerificationRow | undefined> {
  return queryFirst<VerificationRow>(db, findVerificationStatement, [id, ...verificationWindow(id)]);
}

// The bound on created_at repeats the page's (created_at, id) position as a plain comparison, which partition pruning
// reads (a row comparison it does not): a page after a cursor skips the months after it (migration 481).
export const listVerificationsStatement = prepared(
  'list_verifications',
  `SELECT ${VERIFICATION_COLUMNS} FROM ${VERIFICATION_FROM}
   WHERE v.asset_id = $1 AND v.created_at <= coalesce($2::timestamptz, 'infinity')
     AND ${newestFirstPageSql(2, 'v')}`,
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

// The asset, what the last full re-check found of its history (history_checks, docs/api.md "Verification"), and
// what this verification re-hashes, in one round trip (one statement: the row, the check and the events agree).
// With no usable check (none yet, a broken one, or a history of at most FULL_CHECK_EVENTS) that is the whole
// history; with one, the events from the checked head on, the sampled older ones ($4: fractions of the checked part,
// each event drawn with the one after it, so its link is checked too) and those of log entries the check had not
// reached. Each part is an index range or look-up on (asset_id, sequence): the cost does not grow with the history.
const CHECK = `LEFT JOIN LATERAL (
    SELECT checked_sequence AS check_sequence, checked_hash AS check_hash,
           certificate_status AS check_certificate_status, status AS check_status, logged_sequence AS check_logged
    FROM history_checks WHERE asset_id = a.id AND broken_reason IS NULL) c
    ON a.head_sequence > ${FULL_CHECK_EVENTS}
  CROSS JOIN LATERAL (
    SELECT coalesce(c.check_sequence, 1) AS lo, coalesce(c.check_logged, 0) AS log_from,
           CASE WHEN c.check_sequence IS NULL THEN '{}'::int[] ELSE ARRAY(
             SELECT DISTINCT s FROM unnest($4::float8[]) f,
               LATERAL (SELECT 1 + floor(f * (c.check_sequence - 1))::int AS first) pair,
               LATERAL unnest(ARRAY[pair.first, pair.first + 1]) s
             WHERE s < c.check_sequence ORDER BY s) END AS sampled) r
  CROSS JOIN LATERAL (
    SELECT CASE WHEN c.check_sequence IS NULL THEN '{}'::int[] ELSE ARRAY(
      SELECT unnest(r.sampled)
      UNION
      SELECT t.sequence FROM tlog_entries t WHERE t.asset_id = a.id AND t.sequence >= r.log_from AND t.sequence < r.lo)
    END AS older) x`;
// A history with more events than $3 to re-hash costs rate-limit tokens (docs/api.md), drawn after this read and
// before it is read again with no bound.
const INCLUDED = 'coalesce(a.head_sequence, 0) - r.lo + 1 < $3';
const EVENT_FIELDS =
  'id, asset_id, planet, sequence, event_type, payload, actor_account_id, created_at, prev_hash, hash';
const HISTORY = `(SELECT coalesce(json_agg(e ORDER BY e.sequence), '[]') FROM (
      SELECT ${EVENT_FIELDS} FROM asset_events WHERE asset_id = a.id AND sequence >= r.lo AND ${INCLUDED}
      UNION ALL
      SELECT ${EVENT_FIELDS} FROM asset_events
      WHERE asset_id = a.id AND sequence = ANY(x.older) AND sequence < r.lo AND ${INCLUDED}) e) AS history`;

// What the transparency log holds of those events: each entry's index and the leaf hash in the tree. The leaf is
// one primary-key look-up per entry, not a join: with statistics behind the log's growth the planner hashed all
// the log's leaves for every verification (53 ms at 50,000 leaves; docs/performance.md).
const LOG = `(SELECT coalesce(json_agg(json_build_object(
      'sequence', t.sequence, 'log_index', t.log_index,
      'leaf', (SELECT encode(h.hash, 'hex') FROM tlog_hashes h WHERE h.level = 0 AND h.idx = t.log_index))
      ORDER BY t.sequence), '[]')
    FROM (
      SELECT sequence, log_index FROM tlog_entries WHERE asset_id = a.id AND sequence >= r.log_from AND ${INCLUDED}
      UNION ALL
      SELECT sequence, log_index FROM tlog_entries
      WHERE asset_id = a.id AND sequence = ANY(r.sampled) AND sequence < r.log_from AND ${INCLUDED}) t) AS log`;
// Read in the same round trip: whether the asset has an active NFC tag (docs/tags.md), and the log's checkpoint,
// cosigned, in the same statement as the entries, so it covers every entry read.
const TAG_BOUND = `EXISTS (SELECT 1 FROM tags t WHERE t.asset_id = a.id AND t.status = 'active') AS tag_bound`;
// Only the columns a verification uses: each column more is parsed per row (a date, the attributes' JSON).
const VERIFIED_ASSET_COLUMNS = `id, planet, account_id, certificate_number, certificate_status, status, head_sequence,
  head_hash, alert_kind, alert_since`;
// The check as one JSON value (null when there is none to use), and how many events there are to re-hash.
const CHECKED = `CASE WHEN c.check_sequence IS NOT NULL THEN json_build_object(
    'sequence', c.check_sequence, 'hash', c.check_hash, 'certificateStatus', c.check_certificate_status,
    'status', c.check_status, 'loggedSequence', c.check_logged, 'sampled', r.sampled) END AS checked,
  coalesce(a.head_sequence, 0) - r.lo + 1 AS to_hash`;
// The signing keys' version (migration 190) in the same round trip: the receipt's key is then the active one as of
// this statement, with no version check of its own (docs/performance.md, "Round 3: verify").
const SIGNING_KEYS_VERSION = `(SELECT version::text FROM public_read_versions WHERE topic = 'signing_keys')
  AS signing_keys_version`;
const VERIFIED_COLUMNS = `${VERIFIED_ASSET_COLUMNS}, ${HISTORY}, ${LOG}, ${INCLUDED} AS history_included, ${TAG_BOUND},
  (SELECT s.checkpoint || s.cosignatures FROM tlog_state s) AS log_checkpoint, ${CHECKED}, ${SIGNING_KEYS_VERSION}`;

// The row is read by a sub-select with LIMIT 1 (it is one row: a key). Without it, the prepared statement's generic
// plan counts one row per planet partition and runs the sub-selects above once for each, so PostgreSQL judged it
// dearer than a plan made for each execution's planet and planned this statement at every verification: about
// 1 ms of planning, more than its execution (docs/performance.md, "Round 3: verify").
const assetRow = (key: string) =>
  `(SELECT ${VERIFIED_ASSET_COLUMNS} FROM assets WHERE planet = $1 AND ${key} = $2 LIMIT 1) a`;
export const findAssetWithHistoryStatement = prepared(
  'find_asset_with_checked_history_and_log',
  `SELECT ${VERIFIED_COLUMNS} FROM ${assetRow('id')} ${CHECK}`,
);
const findAssetWithHistoryByNumberStatement = prepared(
  'find_asset_with_checked_history_and_log_by_number',
  `SELECT ${VERIFIED_COLUMNS} FROM ${assetRow('certificate_number')} ${CHECK}`,
);
// The same read for several assets of one planet (the verifications that arrive together): one row per asset found,
// `wanted` saying which.
const findAssetsWithHistoryStatement = prepared(
  'find_assets_with_checked_history_and_log',
  `SELECT w.wanted, ${VERIFIED_COLUMNS} FROM unnest($2::uuid[]) AS w(wanted) CROSS JOIN LATERAL
     (SELECT ${VERIFIED_ASSET_COLUMNS} FROM assets WHERE planet = $1 AND id = w.wanted LIMIT 1) a ${CHECK}`,
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
  /** Oldest first: the whole history, or with `checked` what it re-hashes (its samples, then from its head on). */
  events: ChainedEvent[];
  logged: LoggedLeafRow[];
  /** The log's latest checkpoint with its cosignatures, which covers every entry in `logged`; null before the first. */
  checkpoint: string | null;
  /** What the last full re-check found, when the events are read from there. */
  checked: CheckedHead | undefined;
}

function toHistoryWithLog(
  history: EventJson[],
  log: LoggedLeafRow[],
  checkpoint: string | null,
  checked: CheckedHead | undefined,
): HistoryWithLog {
  // JSON carries timestamps as PostgreSQL prints them (+00:00); the chain hashes the ISO form with Z.
  const events = history.map((event) => ({ ...event, created_at: new Date(event.created_at).toISOString() }));
  return { events, logged: log, checkpoint, checked };
}

/** The asset's columns a verification reads. */
export type VerifiedAssetRow = Pick<
  AssetRow,
  | 'id'
  | 'planet'
  | 'account_id'
  | 'certificate_number'
  | 'certificate_status'
  | 'status'
  | 'head_sequence'
  | 'head_hash'
  | 'alert_kind'
  | 'alert_since'
>;

type VerifiedRow = VerifiedAssetRow & {
  history: EventJson[];
  log: LoggedLeafRow[];
  history_included: boolean;
  tag_bound: boolean;
  log_checkpoint: string | null;
  checked: CheckedHead | null;
  to_hash: number;
  signing_keys_version: string | null;
};

/** What a verification reads of one asset (findAssetWithHistory). */
export interface AssetWithHistory {
  asset: VerifiedAssetRow;
  history: HistoryWithLog | undefined;
  toHash: number;
  tagBound: boolean;
  /** The public reads' topic versions the statement saw (signing_keys), for the receipt's signature. */
  versions: ReadonlyMap<string, string>;
}

function toAssetWithHistory(row: VerifiedRow): AssetWithHistory {
  const {
    history,
    log,
    history_included: included,
    tag_bound: tagBound,
    log_checkpoint: checkpoint,
    checked,
    to_hash: toHash,
    signing_keys_version: signingKeys,
    ...asset
  } = row;
  return {
    asset,
    history: included ? toHistoryWithLog(history, log, checkpoint, checked ?? undefined) : undefined,
    toHash,
    tagBound,
    versions: new Map(signingKeys === null ? [] : [['signing_keys', signingKeys]]),
  };
}

/**
 * The asset (by id, or by certificate number) and, when what it re-hashes is fewer than `historyBelow` events (all:
 * `ANY_LENGTH`), those events, oldest first, and what the log holds of them; `history` is undefined for more, and
 * `toHash` says how many. `sample`: fractions in [0, 1), where in the checked part of a long history to re-hash too.
 * `tagBound`: the asset has an active NFC tag.
 */
export async function findAssetWithHistory(
  db: Queryable,
  planet: string,
  key: { id: string } | { certificateNumber: string },
  historyBelow: number,
  sample: readonly number[],
): Promise<AssetWithHistory | undefined> {
  const row = await queryFirst<VerifiedRow>(
    db,
    'id' in key ? findAssetWithHistoryStatement : findAssetWithHistoryByNumberStatement,
    [planet, 'id' in key ? key.id : key.certificateNumber, historyBelow, sample],
  );
  return row && toAssetWithHistory(row);
}

/** findAssetWithHistory for several ids of one planet, in one statement, by id (an id not found is left out). */
export async function findAssetsWithHistory(
  db: Queryable,
  planet: string,
  ids: readonly string[],
  historyBelow: number,
  sample: readonly number[],
): Promise<Map<string, AssetWithHistory>> {
  const rows = await queryAll<VerifiedRow & { wanted: string }>(db, findAssetsWithHistoryStatement, [
    planet,
    ids,
    historyBelow,
    sample,
  ]);
  return new Map(rows.map(({ wanted, ...row }) => [wanted, toAssetWithHistory(row)]));
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

/**
 * The months ahead of the verification records (migration 481): pg_partman's maintenance of the table where partman
 * manages it, else the service's own months up to `monthsAhead` after the current one. How many months the service made.
 */
export async function maintainVerificationPartitions(db: Queryable, monthsAhead: number): Promise<number> {
  return queryCount(db, 'SELECT verifications_maintain_partitions($1) AS count', [monthsAhead]);
}
