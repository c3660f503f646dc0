import type { ChainedEvent } from '../chain/history-chain.js';
import { leafHash } from './merkle.js';
import { logEntryOf } from './tlog.service.js';

/** What the log holds for one event of an asset: its index and the leaf hash (hex) in the tree. */
export interface LoggedLeaf {
  sequence: number;
  log_index: number;
  leaf: string | null;
}

export type LoggedCheck = { passed: true } | { passed: false; detail: string };

/**
 * The asset's history held to the log: every logged event must have the leaf the log holds at its
 * index (an event edited after logging fails), the log holds no event past the last one (a cut-off
 * tail fails), and the logged events are a prefix of the history (an entry removed from the log fails).
 * `loggedThrough`: entries 1..loggedThrough were found so by a full check before, and only those after it (with
 * any sampled older ones) were read; each entry read comes with its event.
 */
export function checkLogged(
  events: readonly ChainedEvent[],
  logged: readonly LoggedLeaf[],
  loggedThrough = 0,
): LoggedCheck {
  const bySequence = new Map(events.map((event) => [event.sequence, event]));
  const last = events.reduce((max, event) => Math.max(max, event.sequence), 0);
  const loggedSequences = new Set(logged.map((entry) => entry.sequence));
  for (const entry of logged) {
    const event = bySequence.get(entry.sequence);
    if (!event) {
      return {
        passed: false,
        detail:
          entry.sequence > last
            ? `The log holds event ${entry.sequence} of this asset at index ${entry.log_index}, but its history ends at event ${last}.`
            : `The log holds event ${entry.sequence} of this asset at index ${entry.log_index}, but its history has no such event.`,
      };
    }
    const expected = leafHash(Buffer.from(logEntryOf(event), 'utf8')).toString('hex');
    if (entry.leaf !== expected) {
      return {
        passed: false,
        detail: `Event ${entry.sequence} differs from the entry the log holds for it at index ${entry.log_index}: it was changed after it was logged.`,
      };
    }
  }
  const highestLogged = logged.reduce((max, entry) => Math.max(max, entry.sequence), 0);
  for (let sequence = Math.max(1, loggedThrough); sequence < highestLogged; sequence++) {
    if (!loggedSequences.has(sequence)) {
      return {
        passed: false,
        detail: `Event ${sequence} is missing from the log, although event ${highestLogged} after it is logged.`,
      };
    }
  }
  return { passed: true };
}
