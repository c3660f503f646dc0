import pino from 'pino';

export interface BatchedLogDestination {
  destination: pino.DestinationStream;
  /** Writes what is gathered now, synchronously (before other output to the same stream, and at exit). */
  flushNow(): void;
  close(): void;
}

/**
 * Standard output for the log, written in batches: lines gather up to 4 KiB or `flushMs` and go out in one
 * write, from libuv's thread pool. One write system call per request line cost a get ~35–40 µs of main-thread
 * time here (docs/performance.md); a batch costs one for dozens of lines. At exit, whatever is gathered is written.
 * The flush timer is armed by a line, not left running: a quiet service does not wake to write nothing.
 */
export function batchedStdout(flushMs: number): BatchedLogDestination {
  const sonic = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  let timer: NodeJS.Timeout | undefined;
  const flushLater = (): void => {
    timer = undefined;
    sonic.flush();
  };
  const destination = {
    write(line: string): void {
      sonic.write(line);
      if (timer !== undefined) return;
      timer = setTimeout(flushLater, flushMs);
      timer.unref();
    },
  };
  const flushNow = (): void => {
    try {
      sonic.flushSync();
    } catch {
      // A stream already closed or in an async write: the line goes out with that write or not at all.
    }
  };
  process.on('exit', flushNow);
  return {
    destination,
    flushNow,
    close() {
      clearTimeout(timer);
      timer = undefined;
      flushNow();
    },
  };
}
