import { certificateMoves } from '../assets/asset-states.js';
import {
  checkChain,
  checkChainSince,
  type ChainCheck,
  type ChainedEvent,
  type CheckedChainHead,
} from '../chain/history-chain.js';

/**
 * A history this short is checked in full by every verification (a few hundred microseconds of hashing): only
 * longer ones are re-checked in the background and verified from their checked head. The migration that queues
 * them (350_history_checks.sql) names the same number.
 */
export const FULL_CHECK_EVENTS = 64;

/**
 * What the last full re-check of an intact history found (history_checks), which a verification builds on: the
 * chain head then, the states the replay gave there, how far the log's leaves matched, and which older events
 * this verification re-hashes too, drawn at random.
 */
export interface CheckedHead extends CheckedChainHead {
  certificateStatus: string;
  status: string;
  /** Events 1..loggedSequence had the leaves the log holds (0: none was logged). */
  loggedSequence: number;
  sampled: readonly number[];
}

/** checkChain, plus: an asset with no events has lost its CREATED event, which is a broken history too. */
function checkHistory(events: readonly ChainedEvent[]): ChainCheck {
  if (events.length === 0) return { intact: false, brokenAtSequence: 1, reason: 'event 1 is missing' };
  return checkChain(events);
}

/** What the asset row claims: its states and the head of its chain. */
export interface AssetClaims {
  certificate_status: string;
  status: string;
  head_sequence: number | null;
  head_hash: string | null;
}

const certificateStatusAfterEvent = new Map<string, string>(
  Object.values(certificateMoves).map((move) => [move.eventType, move.to]),
);

interface States {
  certificateStatus: string;
  status: string;
}

/** Replays the history's certificate moves and archive (from `from`, the states before the first of `events`). */
function statesFromHistory(
  events: readonly ChainedEvent[],
  from: States = { certificateStatus: 'pending', status: 'draft' },
): States {
  let { certificateStatus, status } = from;
  for (const event of events) {
    const next = certificateStatusAfterEvent.get(event.event_type);
    if (next !== undefined) certificateStatus = next;
    if (event.event_type === 'CERTIFICATE_ISSUED' && status === 'draft') status = 'active';
    if (event.event_type === 'ARCHIVED') status = 'archived';
  }
  return { certificateStatus, status };
}

/**
 * checkHistory, and the row against its history: the row's chain head must be the last event (a
 * history cut short fails), and its states those the history leads to (a row edited without an
 * event fails). The asset row is never trusted on its own. With `checked`, `events` are those read from
 * its head on and its samples: the chain is recomputed from there, the states replayed from its states.
 */
export function checkAssetHistory(
  asset: AssetClaims,
  events: readonly ChainedEvent[],
  checked?: CheckedHead,
): ChainCheck {
  const chain = checked ? checkChainSince(events, checked, checked.sampled) : checkHistory(events);
  if (!chain.intact) return chain;
  const last = events[events.length - 1]!;
  if (asset.head_sequence !== last.sequence || asset.head_hash !== last.hash) {
    const head = asset.head_sequence ?? 'missing';
    return asset.head_sequence !== null && asset.head_sequence > last.sequence
      ? {
          intact: false,
          brokenAtSequence: last.sequence + 1,
          reason: `the history ends at event ${last.sequence}, but the asset's chain head is event ${head}`,
        }
      : {
          intact: false,
          brokenAtSequence: last.sequence,
          reason: `the asset's chain head (event ${head}) is not the last event of its history (event ${last.sequence})`,
        };
  }
  const derived = checked
    ? statesFromHistory(
        events.filter((event) => event.sequence > checked.sequence),
        checked,
      )
    : statesFromHistory(events);
  if (derived.certificateStatus !== asset.certificate_status) {
    return {
      intact: false,
      brokenAtSequence: last.sequence,
      reason: `the asset says its certificate is ${asset.certificate_status}, but its history says ${derived.certificateStatus}`,
    };
  }
  if (derived.status !== asset.status) {
    return {
      intact: false,
      brokenAtSequence: last.sequence,
      reason: `the asset says it is ${asset.status}, but its history says ${derived.status}`,
    };
  }
  return { intact: true };
}
