import { canonicalJson as canonicalize } from '../../lib/canonical-json.js';
import { sha256Hex } from '../../lib/sha256.js';

/** An event as hashed: every field of the history entry except `hash` itself. */
export interface ChainedEventContent {
  id: string;
  asset_id: string;
  planet: string;
  sequence: number;
  event_type: string;
  payload: Record<string, unknown>;
  actor_account_id: string | null;
  created_at: string;
  prev_hash: string | null;
}

export interface ChainedEvent extends ChainedEventContent {
  hash: string;
}

/** SHA-256 (hex) over the RFC 8785 canonical JSON of the entry without `hash`. */
export function computeEventHash(content: ChainedEventContent): string {
  const canonical = canonicalize({
    id: content.id,
    asset_id: content.asset_id,
    planet: content.planet,
    sequence: content.sequence,
    event_type: content.event_type,
    payload: content.payload,
    actor_account_id: content.actor_account_id,
    created_at: content.created_at,
    prev_hash: content.prev_hash,
  });
  if (canonical === undefined) throw new Error('event cannot be canonicalised');
  return sha256Hex(canonical);
}

export type ChainCheck = { intact: true } | { intact: false; brokenAtSequence: number; reason: string };

/** Recomputes the chain of one asset's events, oldest first; names the first sequence where it breaks. */
export function checkChain(events: readonly ChainedEvent[]): ChainCheck {
  let previousHash: string | null = null;
  for (const [index, event] of events.entries()) {
    const expectedSequence = index + 1;
    if (event.sequence !== expectedSequence) {
      return {
        intact: false,
        brokenAtSequence: expectedSequence,
        reason: `event ${expectedSequence} is missing`,
      };
    }
    if (event.prev_hash !== previousHash) {
      return {
        intact: false,
        brokenAtSequence: event.sequence,
        reason: `event ${event.sequence} does not link to the hash of event ${event.sequence - 1}`,
      };
    }
    if (computeEventHash(event) !== event.hash) {
      return {
        intact: false,
        brokenAtSequence: event.sequence,
        reason: `event ${event.sequence} was altered after it was written`,
      };
    }
    previousHash = event.hash;
  }
  return { intact: true };
}

/** Where a chain was last recomputed in full: the sequence of its head then, and that event's hash. */
export interface CheckedChainHead {
  sequence: number;
  hash: string;
}

/**
 * Recomputes the part of a chain that changed since it was checked in full up to `head`: the events from `head`
 * on, which must follow one another from an unchanged `head`, and the `sampled` older events, each with its
 * link to the one before when that one was read too. `events` oldest first; names the first sequence that breaks.
 */
export function checkChainSince(
  events: readonly ChainedEvent[],
  head: CheckedChainHead,
  sampled: readonly number[],
): ChainCheck {
  const bySequence = new Map(events.map((event) => [event.sequence, event]));
  const last = events.reduce((max, event) => Math.max(max, event.sequence), head.sequence);
  const expected = [...new Set(sampled.filter((sequence) => sequence < head.sequence))].sort((a, b) => a - b);
  for (let sequence = head.sequence; sequence <= last; sequence++) expected.push(sequence);
  for (const sequence of expected) {
    const event = bySequence.get(sequence);
    if (!event) return { intact: false, brokenAtSequence: sequence, reason: `event ${sequence} is missing` };
    const previous = sequence === 1 ? null : bySequence.get(sequence - 1);
    if (previous !== undefined && event.prev_hash !== (previous?.hash ?? null)) {
      return {
        intact: false,
        brokenAtSequence: sequence,
        reason: `event ${sequence} does not link to the hash of event ${sequence - 1}`,
      };
    }
    // The head's hash must be the one the full check found: a head rewritten with its hash is caught here.
    if (computeEventHash(event) !== event.hash || (sequence === head.sequence && event.hash !== head.hash)) {
      return {
        intact: false,
        brokenAtSequence: sequence,
        reason: `event ${sequence} was altered after it was written`,
      };
    }
  }
  return { intact: true };
}
