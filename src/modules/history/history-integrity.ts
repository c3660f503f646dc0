import { certificateMoves } from '../assets/asset-states.js';
import { checkChain, type ChainCheck, type ChainedEvent } from '../chain/history-chain.js';

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

/** Replays the history's certificate moves and archive: the states the asset must be in. */
function statesFromHistory(events: readonly ChainedEvent[]): {
  certificateStatus: string;
  status: string;
} {
  let certificateStatus = 'pending';
  let status = 'draft';
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
 * event fails). The asset row is never trusted on its own.
 */
export function checkAssetHistory(asset: AssetClaims, events: readonly ChainedEvent[]): ChainCheck {
  const chain = checkHistory(events);
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
  const derived = statesFromHistory(events);
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
