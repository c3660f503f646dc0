import type { Database, Queryable } from '../../db/database.js';
import { checkLogged } from '../tlog/history-logged.js';
import { listEventsOfAssets } from './history-audit.repository.js';
import {
  anythingToRecheck,
  dequeueHistories,
  lockRecheck,
  queueBrokenHistories,
  queueLongHistories,
  readLoggedLeaves,
  readRecheckedAssets,
  recordHistoryChecks,
  takeQueuedHistories,
  type HistoryCheckRow,
  type QueuedHistory,
  type RecheckedAsset,
} from './history-checks.repository.js';
import { checkAssetHistory, FULL_CHECK_EVENTS } from './history-integrity.js';
import type { ChainedEvent } from '../chain/history-chain.js';
import type { LoggedLeaf } from '../tlog/history-logged.js';

/** Older events a verification of a long history re-hashes besides those after its checked head, each with the next. */
const SAMPLED_EVENTS = 4;

/** Where in the checked part of a long history a verification re-hashes too: fractions in [0, 1), at random. */
export function sampleOlderEvents(): number[] {
  return Array.from({ length: SAMPLED_EVENTS }, () => Math.random());
}

export interface RecheckReport {
  assets: number;
  events: number;
  /** The histories found broken, with the sentence /verify shows. */
  broken: { planet: string; asset_id: string; sequence: number | null; reason: string }[];
}

// One transaction re-checks histories until it has read this many events (at least one history): short enough
// for PGlite's one connection, which it holds meanwhile.
const EVENTS_PER_BATCH = 20_000;
const QUEUE_READ = 100;

function checkOf(asset: RecheckedAsset, events: ChainedEvent[], logged: LoggedLeaf[]): HistoryCheckRow {
  const base = { asset_id: asset.id, planet: asset.planet };
  const chain = checkAssetHistory(asset, events);
  const broken = (brokenAt: number | null, reason: string): HistoryCheckRow => ({
    ...base,
    checked_sequence: null,
    checked_hash: null,
    certificate_status: null,
    status: null,
    logged_sequence: 0,
    broken_at: brokenAt,
    broken_reason: reason,
  });
  if (!chain.intact) {
    return broken(
      chain.brokenAtSequence,
      `The history chain breaks at sequence ${chain.brokenAtSequence}: ${chain.reason}.`,
    );
  }
  const inLog = checkLogged(events, logged);
  if (!inLog.passed) return broken(null, inLog.detail);
  const head = events[events.length - 1]!;
  return {
    ...base,
    checked_sequence: head.sequence,
    checked_hash: head.hash,
    certificate_status: asset.certificate_status,
    status: asset.status,
    logged_sequence: logged.reduce((max, entry) => Math.max(max, entry.sequence), 0),
    broken_at: null,
    broken_reason: null,
  };
}

/** The queued histories of one batch: as many as fit EVENTS_PER_BATCH, at least one. */
function batchOf(queued: readonly QueuedHistory[]): QueuedHistory[] {
  const batch: QueuedHistory[] = [];
  let events = 0;
  for (const history of queued) {
    const length = history.head_sequence ?? 0;
    if (batch.length > 0 && events + length > EVENTS_PER_BATCH) break;
    batch.push(history);
    events += length;
  }
  return batch;
}

/** One batch in one transaction: 'locked' when another instance holds the re-check, 'done' when nothing is queued. */
async function recheckBatch(
  tx: Queryable,
  report: RecheckReport,
  options: { wait: boolean; first: boolean },
): Promise<'locked' | 'done' | 'more'> {
  if (!(await lockRecheck(tx, options.wait))) return 'locked';
  if (options.first) await queueBrokenHistories(tx);
  const queued = await takeQueuedHistories(tx, QUEUE_READ);
  if (queued.length === 0) return 'done';
  const batch = batchOf(queued);
  // A history short enough is checked in full by every verification: it needs no check of its own.
  const forget = batch.filter((history) => (history.head_sequence ?? 0) <= FULL_CHECK_EVENTS);
  const long = batch.filter((history) => (history.head_sequence ?? 0) > FULL_CHECK_EVENTS);
  const ids = long.map((history) => history.asset_id);
  const checks: HistoryCheckRow[] = [];
  if (ids.length > 0) {
    const [assets, events, logged] = [
      await readRecheckedAssets(tx, ids),
      await listEventsOfAssets(tx, ids),
      await readLoggedLeaves(tx, ids),
    ];
    for (const asset of assets) {
      const chain = events.get(asset.id) ?? [];
      const check = checkOf(asset, chain, logged.get(asset.id) ?? []);
      report.assets += 1;
      report.events += chain.length;
      if (check.broken_reason !== null) {
        report.broken.push({
          planet: asset.planet,
          asset_id: asset.id,
          sequence: check.broken_at,
          reason: check.broken_reason,
        });
      }
      checks.push(check);
    }
  }
  await recordHistoryChecks(tx, checks);
  await dequeueHistories(
    tx,
    batch.map((history) => history.asset_id),
    forget.map((history) => history.asset_id),
  );
  return 'more';
}

/**
 * The background re-check (docs/api.md, "Verification"): every queued history (grown past FULL_CHECK_EVENTS, or
 * with an event or log entry edited) and every broken one is checked in full, chain, states and log leaves, and
 * its check written, so a verification re-hashes only what comes after it. One instance at a time: null when
 * another holds the re-check (`wait`: wait for it instead). When nothing moved it costs one query.
 */
export async function recheckHistories(
  db: Database,
  options: { wait?: boolean } = {},
): Promise<RecheckReport | null> {
  const report: RecheckReport = { assets: 0, events: 0, broken: [] };
  if (!(await anythingToRecheck(db))) return report;
  for (let first = true; ; first = false) {
    const outcome = await db.transaction((tx) =>
      recheckBatch(tx, report, { wait: options.wait ?? false, first }),
    );
    if (outcome === 'locked') return null;
    if (outcome === 'done') return report;
  }
}

/** `avs audit`: every long history (of one planet, or all) re-checked and its check written, waiting for the lock. */
export async function recheckAllHistories(db: Database, planet?: string): Promise<RecheckReport> {
  await queueLongHistories(db, FULL_CHECK_EVENTS, planet);
  return (await recheckHistories(db, { wait: true }))!;
}
