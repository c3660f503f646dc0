import { AsyncLocalStorage } from 'node:async_hooks';
import { DatabaseUnavailableError } from './database.js';
import type { ChangeTopic, Database, Queryable, QueryResult, Row, Sql } from './database.js';
import type { PostgresDatabase } from './postgres.js';

/**
 * What the request being served allows: set per request by the read-routing plugin. Outside a request
 * (background workers, migrations, the CLI) there is none, and every statement runs on the primary.
 */
export interface ReadContext {
  /** A read of this request may be answered a little late (GET of an asset, a public page, a tile). */
  lagTolerant: boolean;
  /** The account making the request: its own writes must be visible to its reads. */
  caller?: string;
}

const readContexts = new AsyncLocalStorage<ReadContext>();

/** Runs fn (and everything it starts) with the given read context. */
export function runWithReadContext<T>(context: ReadContext, fn: () => T): T {
  return readContexts.run(context, fn);
}

function currentReadContext(): ReadContext | undefined {
  return readContexts.getStore();
}

/** A WAL position ("16/B374D848") as a number that compares. */
export function parseLsn(lsn: string): bigint {
  const [high, low] = lsn.split('/');
  return (BigInt(`0x${high}`) << 32n) | BigInt(`0x${low}`);
}

export interface ReplicaOptions {
  /** A replica further behind than this is skipped (AVS_REPLICA_MAX_LAG_MS). */
  maxLagMs: number;
  /** How often each replica's replay position is read; default a quarter of maxLagMs, 50–1000 ms. */
  probeIntervalMs?: number;
}

/** Counters a test or /metrics reads: where reads went and why the primary served one. */
export interface ReadRoutingStats {
  replicaReads: number;
  primaryReads: number;
  /** A replica answered "nothing": asked again on the primary (a row another instance just wrote). */
  emptyRetries: number;
  /** A replica failed (down, or refused a statement): the primary answered instead. */
  replicaFailures: number;
  /** A lag-tolerant read went to the primary because no replica was near enough (or the caller's write was newer). */
  skippedReplicas: number;
}

interface ReplicaState {
  readonly db: PostgresDatabase;
  readonly index: number;
  /** Last replay position read from the replica, 0 until the first probe. */
  replayLsn: bigint;
  /** When the primary was last known to be at or behind replayLsn: the replica holds everything up to then. */
  caughtUpAt: number;
  /** Until when a failed replica is left alone. */
  downUntil: number;
}

// Primary positions remembered to turn a replica's replay position into a lag in milliseconds.
interface PrimaryMark {
  at: number;
  lsn: bigint;
}

// A replica that failed is tried again after this long (the next probe may find it back earlier).
const DOWN_BACKOFF_MS = 1_000;
// SQLSTATEs after which the primary runs the statement instead: 25006, a write reached a replica (hot
// standby is read-only); 40001, the replica cancelled it in conflict with recovery.
const ASK_THE_PRIMARY = new Set(['25006', '40001']);
// A caller's last write is forgotten once every replica has replayed it; a bound on memory regardless.
const MAX_TRACKED_CALLERS = 100_000;

/**
 * PostgreSQL with streaming replicas (DATABASE_READ_URL). Every statement runs on the primary except a
 * lone query (not a transaction) made while serving a lag-tolerant request, which goes to a replica
 * when one is up, no more than maxLagMs behind, and has replayed the caller's last write. The
 * repositories' SQL does not change: the routing lives here, at the Database interface.
 *
 * Lag is measured, not assumed: each probe reads the primary's WAL position and every replica's replay
 * position; a replica's lag is the time since the primary was at a position the replica has replayed.
 */
export class ReplicatedDatabase implements Database {
  readonly kind = 'postgres' as const;
  readonly stats: ReadRoutingStats = {
    replicaReads: 0,
    primaryReads: 0,
    emptyRetries: 0,
    replicaFailures: 0,
    skippedReplicas: 0,
  };
  private readonly replicas: ReplicaState[];
  private readonly marks: PrimaryMark[] = [];
  private readonly lastWrites = new Map<string, bigint>();
  private readonly maxLagMs: number;
  private readonly probeIntervalMs: number;
  private timer: NodeJS.Timeout | undefined;
  private probing: Promise<void> | undefined;
  private next = 0;

  constructor(
    readonly primary: PostgresDatabase,
    replicas: PostgresDatabase[],
    options: ReplicaOptions,
  ) {
    this.replicas = replicas.map((db, index) => ({
      db,
      index,
      replayLsn: 0n,
      caughtUpAt: Number.NEGATIVE_INFINITY,
      downUntil: 0,
    }));
    this.maxLagMs = options.maxLagMs;
    this.probeIntervalMs =
      options.probeIntervalMs ?? Math.min(1_000, Math.max(50, Math.floor(options.maxLagMs / 4)));
    this.timer = setInterval(() => void this.probe(), this.probeIntervalMs);
    this.timer.unref();
    void this.probe();
  }

  /** Reads every replica's position now (the timer does it every probeIntervalMs). */
  async probe(): Promise<void> {
    this.probing ??= this.probeOnce().finally(() => {
      this.probing = undefined;
    });
    return this.probing;
  }

  private async probeOnce(): Promise<void> {
    const at = Date.now();
    let primaryLsn: bigint;
    try {
      const { rows } = await this.primary.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
      primaryLsn = parseLsn(rows[0]!.lsn);
    } catch {
      return;
    }
    this.marks.push({ at, lsn: primaryLsn });
    // Marks older than the allowed lag can only say "too far behind", which no mark says as well.
    const oldest = at - this.maxLagMs - this.probeIntervalMs;
    while (this.marks.length > 1 && this.marks[0]!.at < oldest) this.marks.shift();
    await Promise.all(this.replicas.map((replica) => this.probeReplica(replica)));
    this.forgetReplayedWrites();
  }

  private async probeReplica(replica: ReplicaState): Promise<void> {
    try {
      const { rows } = await replica.db.query<{ lsn: string | null }>(
        'SELECT pg_last_wal_replay_lsn()::text AS lsn',
      );
      const lsn = rows[0]?.lsn;
      // Not in recovery (a promoted or wrongly configured server): not a replica of this primary.
      if (!lsn) throw new Error('not a streaming replica');
      replica.replayLsn = parseLsn(lsn);
      for (let i = this.marks.length - 1; i >= 0; i--) {
        const mark = this.marks[i]!;
        if (mark.lsn <= replica.replayLsn) {
          replica.caughtUpAt = Math.max(replica.caughtUpAt, mark.at);
          break;
        }
      }
      replica.downUntil = 0;
    } catch {
      replica.downUntil = Date.now() + DOWN_BACKOFF_MS;
    }
  }

  private forgetReplayedWrites(): void {
    if (this.lastWrites.size === 0) return;
    const replayed = this.replicas.reduce(
      (least, replica) => (replica.replayLsn < least ? replica.replayLsn : least),
      this.replicas[0]!.replayLsn,
    );
    for (const [caller, lsn] of this.lastWrites) if (lsn <= replayed) this.lastWrites.delete(caller);
  }

  /**
   * Called once a caller's write request has committed (before its response is sent): its later reads
   * stay on the primary until a replica has replayed at least the primary's position now.
   */
  async noteWrite(caller: string): Promise<void> {
    const { rows } = await this.primary.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
    if (this.lastWrites.size >= MAX_TRACKED_CALLERS) this.lastWrites.clear();
    this.lastWrites.set(caller, parseLsn(rows[0]!.lsn));
  }

  /** The replica for this read, or undefined when the primary must answer. */
  private pickReplica(context: ReadContext | undefined): ReplicaState | undefined {
    if (!context?.lagTolerant || this.replicas.length === 0) return undefined;
    const now = Date.now();
    const written = context.caller === undefined ? undefined : this.lastWrites.get(context.caller);
    for (let tried = 0; tried < this.replicas.length; tried++) {
      const replica = this.replicas[(this.next + tried) % this.replicas.length]!;
      if (replica.downUntil > now) continue;
      if (now - replica.caughtUpAt > this.maxLagMs) continue;
      if (written !== undefined && replica.replayLsn < written) continue;
      this.next = (replica.index + 1) % this.replicas.length;
      return replica;
    }
    this.stats.skippedReplicas++;
    return undefined;
  }

  async query<T extends object = Row>(sql: Sql, params?: readonly unknown[]): Promise<QueryResult<T>> {
    const replica = this.pickReplica(currentReadContext());
    if (replica) {
      try {
        const result = await replica.db.query<T>(sql, params);
        if (result.rows.length > 0) {
          this.stats.replicaReads++;
          return result;
        }
        // Nothing there yet may be a row written a moment ago through another instance, whose caller
        // this instance cannot know: "not found" is only ever answered by the primary.
        this.stats.emptyRetries++;
      } catch (error) {
        if (error instanceof DatabaseUnavailableError) {
          replica.downUntil = Date.now() + DOWN_BACKOFF_MS;
        } else if (!ASK_THE_PRIMARY.has((error as { code?: string }).code ?? '')) {
          throw error;
        }
        this.stats.replicaFailures++;
      }
    }
    this.stats.primaryReads++;
    return this.primary.query<T>(sql, params);
  }

  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.primary.transaction(fn);
  }

  singleStatement<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.primary.singleStatement(fn);
  }

  exec(sql: string): Promise<void> {
    return this.primary.exec(sql);
  }

  announce(topic: ChangeTopic): void {
    this.primary.announce(topic);
  }

  onChange(topic: ChangeTopic, listener: () => void): () => void {
    return this.primary.onChange(topic, listener);
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.probing;
    await Promise.all([this.primary.close(), ...this.replicas.map((replica) => replica.db.close())]);
  }
}
