import { describe, expect, it } from 'vitest';
import { buildEvent } from '../../src/modules/chain/history-events.service.js';
import {
  checkChain,
  checkChainSince,
  computeEventHash,
  type ChainedEvent,
} from '../../src/modules/chain/history-chain.js';

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

describe('a chain recomputed from its checked head (docs/api.md, "Verification")', () => {
  const events = chainOf(12);
  const head = { sequence: 8, hash: events[7]!.hash };
  const copy = () => events.map((event) => ({ ...event }));
  /** What a verification reads: the sampled events, then from the head on. */
  const read = (sampled: number[], chain = events) =>
    chain.filter((event) => sampled.includes(event.sequence) || event.sequence >= head.sequence);

  it('is intact when the head, the events after it and the samples recompute', () => {
    expect(checkChainSince(read([3, 4]), head, [3, 4])).toEqual({ intact: true });
    expect(checkChainSince(read([1, 2]), head, [1, 2])).toEqual({ intact: true });
    expect(checkChainSince(read([]), head, [])).toEqual({ intact: true });
  });

  it('names an edited sample, a sample whose link into it broke, and a missing one', () => {
    const edited = copy();
    edited[3] = { ...edited[3]!, payload: { n: 99 } };
    expect(checkChainSince(read([4, 5], edited), head, [4, 5])).toMatchObject({ brokenAtSequence: 4 });
    // Event 4 rewritten with a hash of its own: the sample pair 4–5 sees the link into 5 break.
    edited[3] = { ...edited[3], hash: computeEventHash(edited[3]) };
    expect(checkChainSince(read([4, 5], edited), head, [4, 5])).toMatchObject({
      brokenAtSequence: 5,
      reason: 'event 5 does not link to the hash of event 4',
    });
    expect(checkChainSince(read([], events), head, [2, 3])).toMatchObject({
      brokenAtSequence: 2,
      reason: 'event 2 is missing',
    });
  });

  it('names a head whose hash is not the one checked, and a gap or an edit after it', () => {
    const rewritten = copy();
    rewritten[7] = { ...rewritten[7]!, payload: { n: 99 } };
    rewritten[7] = { ...rewritten[7], hash: computeEventHash(rewritten[7]) };
    expect(checkChainSince(read([], rewritten), head, [])).toMatchObject({ brokenAtSequence: 8 });
    expect(
      checkChainSince(
        read([]).filter((event) => event.sequence !== 10),
        head,
        [],
      ),
    ).toMatchObject({
      brokenAtSequence: 10,
      reason: 'event 10 is missing',
    });
    const later = copy();
    later[10] = { ...later[10]!, payload: { n: 99 } };
    expect(checkChainSince(read([], later), head, [])).toMatchObject({ brokenAtSequence: 11 });
    expect(checkChainSince(read([]).slice(1), head, [])).toMatchObject({ brokenAtSequence: 8 });
  });

  it('names the lowest break when several are read', () => {
    const broken = copy();
    broken[1] = { ...broken[1]!, payload: { n: 99 } };
    broken[9] = { ...broken[9]!, payload: { n: 99 } };
    expect(checkChainSince(read([2, 3], broken), head, [2, 3])).toMatchObject({ brokenAtSequence: 2 });
  });
});
