import { describe, expect, it } from 'vitest';
import { buildEvent } from '../../src/modules/chain/history-events.service.js';
import { checkChain, computeEventHash, type ChainedEvent } from '../../src/modules/chain/history-chain.js';

function chainOf(length: number): ChainedEvent[] {
  const events: ChainedEvent[] = [];
  for (let index = 0; index < length; index++) {
    const previous = events.at(-1);
    events.push(
      buildEvent(
        {
          assetId: '7d1a3f0e-5b43-4f3e-9b8e-2a7c1d9e0f11',
          planet: 'artworks',
          eventType: index === 0 ? 'CREATED' : 'VERIFIED',
          payload: { n: index, nested: { b: 2, a: 1 } },
          actorAccountId: null,
        },
        previous ? { sequence: previous.sequence, hash: previous.hash } : null,
      ),
    );
  }
  return events;
}

describe('history hash chain', () => {
  it('hashes the RFC 8785 canonical form: key order does not matter', () => {
    const [event] = chainOf(1);
    const reordered = { ...event!, payload: { nested: { a: 1, b: 2 }, n: 0 } };
    expect(computeEventHash(reordered)).toBe(event!.hash);
    expect(event!.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('links each event to the previous hash, the first to null', () => {
    const events = chainOf(3);
    expect(events.map((event) => event.sequence)).toEqual([1, 2, 3]);
    expect(events[0]!.prev_hash).toBeNull();
    expect(events[1]!.prev_hash).toBe(events[0]!.hash);
    expect(checkChain(events)).toEqual({ intact: true });
  });

  it('names the sequence of an edited payload', () => {
    const events = chainOf(4);
    events[2] = { ...events[2]!, payload: { n: 99 } };
    expect(checkChain(events)).toMatchObject({ intact: false, brokenAtSequence: 3 });
  });

  it('names the sequence where an event was removed or re-linked', () => {
    const events = chainOf(4);
    expect(checkChain([events[0]!, events[1]!, events[3]!])).toMatchObject({
      intact: false,
      brokenAtSequence: 3,
    });
    const relinked = chainOf(3);
    relinked[1] = { ...relinked[1]!, prev_hash: 'f'.repeat(64) };
    expect(checkChain(relinked)).toMatchObject({ intact: false, brokenAtSequence: 2 });
  });
});
