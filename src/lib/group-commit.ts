interface Waiting<T, R> {
  item: T;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

export interface GroupCommitOptions {
  /** Most items one write takes (default 256). */
  maxBatch?: number;
  /** Writes running at once (default 1). */
  maxWriters?: number;
  /**
   * When a write of several items fails with an error this accepts, each item is written again on its own,
   * so that one bad item fails only its own caller (a constraint it breaks), not its neighbours. Not for
   * errors that would fail every item alike (the database unreachable): those reject the whole batch.
   */
  retryAlone?: (error: unknown) => boolean;
  /**
   * Wait one turn of the event loop (setImmediate) before taking a batch. For a database that answers
   * without giving the event loop a turn (embedded PGlite runs in this thread), requests already received
   * would otherwise be read only after each write: no batch could ever form. A lone item waits one turn.
   */
  gatherTurn?: boolean;
}

/**
 * Group commit: what is added while the writers are busy waits for the next free writer, which takes it
 * all in one statement — one commit for many requests. An idle writer writes at once, so nothing waits on
 * a timer (a lone request is as fast as without batching); under load the batches grow by themselves, the
 * window of a batch being the time the writer before it took. A few writers run at once because PostgreSQL
 * flushes the WAL of concurrent commits together. Each caller's promise settles when its item is
 * committed, with the write's result for that item (`write` returns one result per item, in order).
 */
export class GroupCommit<T, R = void> {
  private waiting: Waiting<T, R>[] = [];
  private readonly writers = new Set<Promise<void>>();

  constructor(
    private readonly write: (items: T[]) => Promise<R[] | void>,
    private readonly options: GroupCommitOptions = {},
  ) {}

  add(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (this.writers.size < (this.options.maxWriters ?? 1)) {
        const writer: Promise<void> = this.writeAll().finally(() => this.writers.delete(writer));
        this.writers.add(writer);
      }
    });
  }

  /** Resolves when everything added so far is written (or has failed). */
  async drain(): Promise<void> {
    while (this.writers.size > 0) await Promise.all(this.writers);
  }

  private async writeAll(): Promise<void> {
    if (this.options.gatherTurn) await new Promise((resolve) => setImmediate(resolve));
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.options.maxBatch ?? 256);
      try {
        await this.writeBatch(batch);
      } catch (error) {
        if (batch.length > 1 && this.options.retryAlone?.(error)) {
          for (const entry of batch) {
            await this.writeBatch([entry]).catch((alone: unknown) => entry.reject(alone));
          }
        } else {
          for (const entry of batch) entry.reject(error);
        }
      }
      if (this.options.gatherTurn && this.waiting.length > 0)
        await new Promise((resolve) => setImmediate(resolve));
    }
  }

  private async writeBatch(batch: readonly Waiting<T, R>[]): Promise<void> {
    const results = await this.write(batch.map((entry) => entry.item));
    batch.forEach((entry, index) => entry.resolve((results ? results[index] : undefined) as R));
  }
}
