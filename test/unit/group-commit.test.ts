import { describe, expect, it } from 'vitest';
import { GroupCommit } from '../../src/lib/group-commit.js';

describe('GroupCommit', () => {
  it('writes an item at once when idle, and what arrives during a write in the next single write', async () => {
    const writes: number[][] = [];
    let release!: () => void;
    const group = new GroupCommit<number>(async (items) => {
      writes.push(items);
      if (writes.length === 1) await new Promise<void>((resolve) => (release = resolve));
    });
    const first = group.add(1);
    const later = [group.add(2), group.add(3), group.add(4)];
    expect(writes).toEqual([[1]]);
    release();
    await Promise.all([first, ...later]);
    expect(writes).toEqual([[1], [2, 3, 4]]);
  });

  it('rejects the callers of a failed write only, and goes on with the next', async () => {
    let calls = 0;
    let release!: () => void;
    const group = new GroupCommit<string>(async (items) => {
      calls += 1;
      if (calls === 1) await new Promise<void>((resolve) => (release = resolve));
      if (items.includes('bad')) throw new Error('write failed');
    });
    const first = group.add('ok');
    const failing = [group.add('bad'), group.add('also in the failed batch')];
    release();
    await expect(first).resolves.toBeUndefined();
    for (const promise of failing) await expect(promise).rejects.toThrow('write failed');
    await expect(group.add('after')).resolves.toBeUndefined();
  });

  it('caps a batch at maxBatch items', async () => {
    const sizes: number[] = [];
    let release!: () => void;
    const group = new GroupCommit<number>(
      async (items) => {
        sizes.push(items.length);
        if (sizes.length === 1) await new Promise<void>((resolve) => (release = resolve));
      },
      { maxBatch: 3 },
    );
    const all = Array.from({ length: 8 }, (_, i) => group.add(i));
    release();
    await Promise.all(all);
    await group.drain();
    expect(sizes).toEqual([1, 3, 3, 1]);
  });

  it('runs up to maxWriters writes at once, each taking what waits', async () => {
    const writes: number[][] = [];
    const releases: (() => void)[] = [];
    const group = new GroupCommit<number>(
      async (items) => {
        writes.push(items);
        await new Promise<void>((resolve) => releases.push(resolve));
      },
      { maxWriters: 2 },
    );
    const all = [group.add(1), group.add(2), group.add(3), group.add(4)];
    expect(writes).toEqual([[1], [2]]);
    releases.shift()!();
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toEqual([[1], [2], [3, 4]]);
    while (releases.length > 0) releases.shift()!();
    await Promise.all(all);
  });

  it('answers each caller with its own result of the write', async () => {
    const group = new GroupCommit<number, string>(async (items) => items.map((item) => `row ${item}`));
    await expect(Promise.all([1, 2, 3].map((item) => group.add(item)))).resolves.toEqual([
      'row 1',
      'row 2',
      'row 3',
    ]);
  });

  it('writes a failed batch again one item at a time, so that only the bad item fails', async () => {
    const writes: string[][] = [];
    let release!: () => void;
    const group = new GroupCommit<string, string>(
      async (items) => {
        writes.push(items);
        if (writes.length === 1) await new Promise<void>((resolve) => (release = resolve));
        if (items.includes('bad')) throw new Error('constraint');
        return items.map((item) => item.toUpperCase());
      },
      { retryAlone: (error) => (error as Error).message === 'constraint' },
    );
    const first = group.add('first');
    const batch = ['a', 'bad', 'b'].map((item) => group.add(item));
    release();
    await expect(first).resolves.toBe('FIRST');
    await expect(batch[0]).resolves.toBe('A');
    await expect(batch[1]).rejects.toThrow('constraint');
    await expect(batch[2]).resolves.toBe('B');
    expect(writes).toEqual([['first'], ['a', 'bad', 'b'], ['a'], ['bad'], ['b']]);
  });

  it('with gatherTurn, takes what arrives within one turn of the event loop into the first write', async () => {
    const writes: number[][] = [];
    const group = new GroupCommit<number>(async (items) => void writes.push(items), { gatherTurn: true });
    const first = group.add(1);
    // Arrives after the first add returned (without gatherTurn the first write would already hold [1] alone).
    const second = Promise.resolve().then(() => group.add(2));
    await Promise.all([first, second]);
    expect(writes).toEqual([[1, 2]]);
  });
});
