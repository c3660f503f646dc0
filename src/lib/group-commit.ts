interface Waiting<T> {
  item: T;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit: what is added while the writers are busy waits for the next free writer, which takes it
 * all in one statement — one commit for many requests. An idle writer writes at once, so nothing waits on
 * a timer; under load the batches grow by themselves. A few writers run at once because PostgreSQL
 * flushes the WAL of concurrent commits together. Each caller's promise settles when its item is committed.
 */
export class GroupCommit<T> {
  private waiting: Waiting<T>[] = [];
  private readonly writers = new Set<Promise<void>>();

  constructor(
    private readonly write: (items: T[]) => Promise<void>,
    private readonly options: { maxBatch?: number; maxWriters?: number } = {},
  ) {}

  add(item: T): Promise<void> {
    return new Promise<void>((resolve, reject) => {
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
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.options.maxBatch ?? 256);
      try {
        await this.write(batch.map((entry) => entry.item));
        for (const entry of batch) entry.resolve();
      } catch (error) {
        for (const entry of batch) entry.reject(error);
      }
    }
  }
}
