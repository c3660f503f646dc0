/**
 * What committed writes tell the background workers of this process: a topic (a string the writing module
 * and its worker agree on) after each commit that announced it. Listeners run synchronously and must not
 * throw; a worker that is told nothing still looks now and then (docs/operations.md, "Background work").
 */
export class ChangeSignals {
  private readonly listeners = new Map<string, Set<() => void>>();

  /** Calls `listener` after each committed write that announces `topic`; returns the unsubscribe. */
  on(topic: string, listener: () => void): () => void {
    let set = this.listeners.get(topic);
    if (!set) {
      set = new Set();
      this.listeners.set(topic, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(topic);
    };
  }

  topics(): string[] {
    return [...this.listeners.keys()];
  }

  emit(topic: string): void {
    for (const listener of this.listeners.get(topic) ?? []) listener();
  }
}

/**
 * The topics a transaction announced, told to `signals` after it commits (never after a rollback). The
 * transaction's Queryable.announce adds to it.
 */
export class PendingAnnouncements {
  private readonly topics = new Set<string>();

  add(topic: string): void {
    this.topics.add(topic);
  }

  /** After COMMIT. */
  deliver(emit: (topic: string) => void): void {
    for (const topic of this.topics) emit(topic);
  }
}
