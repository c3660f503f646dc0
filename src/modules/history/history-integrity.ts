import { checkChain, type ChainCheck, type ChainedEvent } from '../chain/history-chain.js';

/** checkChain, plus: an asset with no events has lost its CREATED event, which is a broken history too. */
export function checkHistory(events: readonly ChainedEvent[]): ChainCheck {
  if (events.length === 0) return { intact: false, brokenAtSequence: 1, reason: 'event 1 is missing' };
  return checkChain(events);
}
