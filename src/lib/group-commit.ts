interface Waiting<T> {
  item: T;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit: what is added while a write runs waits for the next write, which takes it all in one
 * statement — one commit for many requests. An idle writer writes at once, so nothing waits on a timer;
 * under load the batches grow by themselves. Each caller's promise settles when its own item is committed.
 */
export class GroupCommit<T> {
  private waiting: Waiting<T>[] = [];
  private writing: Promise<void> | undefined;

  constructor(
    private readonly write: (items: T[]) => Promise<void>,
    private readonly maxBatch = 256,
  ) {}

  add(item: T): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.writing ??= this.writeAll();
    });
  }

  /** Resolves when everything added so far is written (or has failed). */
  async drain(): Promise<void> {
    while (this.writing) await this.writing;
  }

  private async writeAll(): Promise<void> {
    try {
      while (this.waiting.length > 0) {
        const batch = this.waiting.splice(0, this.maxBatch);
        try {
          await this.write(batch.map((entry) => entry.item));
          for (const entry of batch) entry.resolve();
        } catch (error) {
          for (const entry of batch) entry.reject(error);
        }
      }
    } finally {
      this.writing = undefined;
    }
  }
}
