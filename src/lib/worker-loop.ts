/**
 * What the outbox workers (mail, webhooks) share: a loop that runs until stopped, sleeps a worker can be woken
 * from, and the attempts in flight, whose ends wake it (a slot is free). Stopping waits for the loop, then for the
 * attempts (each bounded by its timeout).
 */
export class WorkerLoop {
  running = false;
  private readonly attempts = new Set<Promise<void>>();
  private loopDone: Promise<void> | undefined;
  private unsubscribe: (() => void) | undefined;
  /** Ends the current sleep at once. */
  private wakeNow: (() => void) | undefined;
  /** Ends the current sleep no later than the given time (Date.now() scale). */
  private wakeAt: ((at: number) => void) | undefined;

  /** Runs `loop` (once, however often called); `subscribe` listens for announced work and returns its unsubscribe. */
  start(subscribe: () => () => void, loop: () => Promise<void>): void {
    if (this.running) return;
    this.running = true;
    this.unsubscribe = subscribe();
    this.loopDone = loop();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.unsubscribe?.();
    this.wake();
    await this.loopDone;
    await Promise.allSettled([...this.attempts]);
  }

  /** The attempts under way. */
  get inFlight(): number {
    return this.attempts.size;
  }

  /** Tracks an attempt until it settles; its end wakes the loop. */
  track(attempt: Promise<void>): void {
    const tracked = attempt.finally(() => {
      this.attempts.delete(tracked);
      this.wake();
    });
    this.attempts.add(tracked);
  }

  /** Resolves when one of the attempts under way settles. */
  async oneSettled(): Promise<void> {
    await Promise.race([...this.attempts]);
  }

  wake(): void {
    this.wakeNow?.();
  }

  /** Ends the current sleep by `at` (Date.now() scale) at the latest. */
  wakeBy(at: number): void {
    this.wakeAt?.(at);
  }

  async sleep(ms: number): Promise<void> {
    let deadline = Date.now() + ms;
    await new Promise<void>((resolve) => {
      let timer: NodeJS.Timeout;
      const arm = (inMs: number) => {
        timer = setTimeout(resolve, inMs);
        // The server keeps the process alive; a worker's wait must not.
        timer.unref();
      };
      arm(ms);
      this.wakeNow = () => {
        clearTimeout(timer);
        resolve();
      };
      this.wakeAt = (at) => {
        if (at >= deadline) return;
        deadline = at;
        clearTimeout(timer);
        arm(Math.max(0, at - Date.now()));
      };
    });
    this.wakeNow = undefined;
    this.wakeAt = undefined;
  }
}
