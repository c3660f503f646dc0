import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { ChangeSignals, PendingAnnouncements } from './change-signals.js';
import {
  type ChangeTopic,
  DatabaseUnavailableError,
  singleStatementQueryable,
  type Database,
  type Queryable,
  type QueryResult,
  type Row,
  type Sql,
  sqlText,
} from './database.js';
import { connectionStringsPerHost, LeaderLocator } from './leader.js';

// timestamptz and bigint as the service wants them: Date objects and JS numbers for counts.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export interface PostgresOptions {
  connectionString: string;
  poolSize: number;
  statementTimeoutMs: number;
  connectTimeoutMs: number;
  /**
   * 'transaction': DATABASE_URL is a pooler in transaction mode (PgBouncer), where consecutive
   * statements of one client may land on different server connections. Statements go unnamed (a
   * named one prepared on one server connection is unknown on the next), and the statement timeout is
   * not a startup parameter (PgBouncer refuses those) but SET LOCAL inside each transaction.
   */
  poolMode?: 'session' | 'transaction';
}

const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EPIPE',
  'ETIMEDOUT',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
]);

/**
 * True for errors that mean "no database right now" rather than "this query is wrong". Private to
 * the driver: it throws them as DatabaseUnavailableError, which is all the rest of the service knows.
 */
function isConnectionError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: string }).code;
  if (code && CONNECTION_ERROR_CODES.has(code)) return true;
  return /timeout exceeded when trying to connect|Connection terminated|connect ECONNREFUSED|Client has encountered a connection error/i.test(
    error.message,
  );
}

function toQueryConfig(sql: Sql, params: readonly unknown[] | undefined, named: boolean): pg.QueryConfig {
  return typeof sql === 'string' || !named
    ? { text: sqlText(sql), values: params as unknown[] }
    : { name: sql.name, text: sql.text, values: params as unknown[] };
}

/** SQLSTATE 25006: a write reached a read-only server. Behind several hosts, the leader moved (a standby now). */
const READ_ONLY = '25006';

/**
 * PostgreSQL's warning when a commit's wait for its synchronous standby is cancelled (a statement timeout, a
 * cancel): the transaction is committed on this server only, and COMMIT answers success all the same.
 */
const SYNC_WAIT_CANCELLED = /canceling wait for synchronous replication/i;

/** A write committed on the leader alone, never acknowledged: the caller may ask again (docs/scaling.md). */
class NotOnSynchronousStandbyError extends Error {
  constructor() {
    super('The commit was not confirmed by a synchronous standby.');
    this.name = 'NotOnSynchronousStandbyError';
  }
}

/** A pg client that remembers a cancelled wait for its synchronous standby until the statement's answer is read. */
class SyncAwareClient extends pg.Client {
  syncWaitCancelled = false;

  constructor(config?: pg.ClientConfig) {
    super(config);
    this.on('notice', (notice) => {
      if (SYNC_WAIT_CANCELLED.test(notice.message ?? '')) this.syncWaitCancelled = true;
    });
  }
}

/** SyncAwareClient whose each new connection goes to the host last found to be the leader. */
function clientOfLeader(leader: LeaderLocator): typeof SyncAwareClient {
  return class extends SyncAwareClient {
    constructor(config?: pg.ClientConfig) {
      super({ ...config, connectionString: leader.current });
    }
  };
}

/** Throws when the statement just run on `client` was committed without its synchronous standby's confirmation. */
function confirmSynchronous(client: pg.PoolClient): void {
  const syncAware = client as unknown as SyncAwareClient;
  if (!syncAware.syncWaitCancelled) return;
  syncAware.syncWaitCancelled = false;
  throw new DatabaseUnavailableError(new NotOnSynchronousStandbyError());
}

/** One statement on a client, a lost connection thrown as DatabaseUnavailableError (through `wrap`). */
async function runQuery<T extends object>(
  client: pg.PoolClient,
  config: pg.QueryConfig,
  wrap: (error: unknown) => unknown,
): Promise<QueryResult<T>> {
  try {
    const result = await client.query<T>(config);
    confirmSynchronous(client);
    return { rows: result.rows, rowCount: result.rowCount ?? 0 };
  } catch (error) {
    throw wrap(error);
  }
}

class PostgresTransaction implements Queryable {
  readonly announced = new PendingAnnouncements();

  constructor(
    private readonly client: pg.PoolClient,
    private readonly named: boolean,
    private readonly wrap: (error: unknown) => unknown,
  ) {}

  announce(topic: ChangeTopic): void {
    this.announced.add(topic);
  }

  query<T extends object = Row>(sql: Sql, params?: readonly unknown[]): Promise<QueryResult<T>> {
    return runQuery<T>(this.client, toQueryConfig(sql, params, this.named), this.wrap);
  }

  async exec(sql: string): Promise<void> {
    await this.query(sql);
  }
}

/** The channel on which instances tell each other of their writes (docs/operations.md, "Background work"). */
const CHANGE_CHANNEL = 'avs_changes';
/** At most one NOTIFY per this many ms: as often as the workers of other instances used to poll, no more. */
const NOTIFY_GAP_MS = 250;
/** The LISTEN connection, when it drops, is opened again after 1 s, doubling to this. */
const LISTEN_RETRY_MAX_MS = 30_000;

export class PostgresDatabase implements Database {
  readonly kind = 'postgres' as const;
  readonly pool: pg.Pool;
  private readonly named: boolean;
  /** What opens a transaction: in transaction pooling mode it also sets the statement timeout (one round trip). */
  private readonly begin: string;
  private readonly signals = new ChangeSignals();
  /** Names this process in its NOTIFY payloads, so that it does not hear its own writes twice. */
  private readonly instanceId = randomUUID();
  private readonly topicsToNotify = new Set<string>();
  private notifyTimer: NodeJS.Timeout | undefined;
  private notifying: Promise<void> | undefined;
  private lastNotifyAt = 0;
  private listener: pg.Client | undefined;
  private listenRetryMs = 1_000;
  private listenTimer: NodeJS.Timeout | undefined;
  private listenedBefore = false;
  private closed = false;

  /** Set when DATABASE_URL names several hosts (a Patroni cluster): which of them is the leader. */
  private readonly leader: LeaderLocator | undefined;

  constructor(private readonly options: PostgresOptions) {
    const hosts = connectionStringsPerHost(options.connectionString);
    const leader = hosts.length > 1 ? new LeaderLocator(hosts, options.connectTimeoutMs) : undefined;
    this.leader = leader;
    const transactionPooling = options.poolMode === 'transaction';
    this.named = !transactionPooling;
    this.begin = transactionPooling
      ? `BEGIN; SET LOCAL statement_timeout = ${Math.trunc(options.statementTimeoutMs)}`
      : 'BEGIN';
    this.pool = new pg.Pool({
      connectionString: options.connectionString,
      max: options.poolSize,
      connectionTimeoutMillis: options.connectTimeoutMs,
      // PgBouncer refuses startup parameters it does not know ("unsupported startup parameter"): behind it both are
      // the role's settings (docs/scaling.md). JIT off: compiling a plan whose estimate passes jit_above_cost took
      // 50-110 ms, for a verification read that runs in under 1 ms (docs/performance.md, "Round 3: JIT").
      ...(transactionPooling ? {} : { statement_timeout: options.statementTimeoutMs, options: '-c jit=off' }),
      idleTimeoutMillis: 30_000,
      keepAlive: true,
      Client: leader ? clientOfLeader(leader) : SyncAwareClient,
      // A connection that reached a standby is dropped before use, and the leader looked for again.
      // eslint-disable-next-line @typescript-eslint/no-misused-promises -- pg-pool awaits it; @types/pg says void.
      ...(leader ? { onConnect: (client: pg.ClientBase) => this.refuseStandby(client) } : {}),
    });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    this.pool.on('error', () => undefined);
  }

  private async refuseStandby(client: pg.ClientBase): Promise<void> {
    const { rows } = await client.query<{ standby: boolean }>('SELECT pg_is_in_recovery() AS standby');
    if (rows[0]?.standby === false) return;
    void this.leader?.lost();
    throw Object.assign(new Error('The host reached is a standby, not the leader.'), { code: READ_ONLY });
  }

  /** A failure as the service knows it; a lost connection (or, behind several hosts, a standby) looks for the leader. */
  private readonly wrap = (error: unknown): unknown => {
    const unavailable =
      isConnectionError(error) ||
      (this.leader !== undefined && (error as { code?: string }).code === READ_ONLY);
    if (!unavailable) return error;
    void this.leader?.lost();
    return error instanceof DatabaseUnavailableError ? error : new DatabaseUnavailableError(error);
  };

  /**
   * A pooled connection. Behind several hosts, one that fails is made once more if a look finds the leader elsewhere
   * (as libpq tries its hosts in turn): only the connection is tried again, never a statement.
   */
  private async connect(): Promise<pg.PoolClient> {
    try {
      return await this.pool.connect();
    } catch (error) {
      if (!this.leader) throw new DatabaseUnavailableError(error);
      const tried = this.leader.current;
      await this.leader.lost();
      if (this.leader.current === tried) throw new DatabaseUnavailableError(error);
      try {
        return await this.pool.connect();
      } catch (again) {
        void this.leader.lost();
        throw new DatabaseUnavailableError(again);
      }
    }
  }

  /**
   * Runs `use` on a pooled client and gives the client back, dropped when `use` said so or its connection failed. A
   * checked-out client has no pool listener: its connection dropping would otherwise be an unhandled 'error' event
   * that kills the process. The next query fails instead.
   */
  private async withClient<T>(use: (client: pg.PoolClient, drop: () => void) => Promise<T>): Promise<T> {
    const client = await this.connect();
    let broken = false;
    const drop = () => {
      broken = true;
    };
    client.on('error', drop);
    try {
      return await use(client, drop);
    } finally {
      client.off('error', drop);
      client.release(broken);
    }
  }

  /** As pg.Pool#query (connect, run, release), keeping the client to read what its server said besides the rows. */
  query<T extends object = Row>(sql: Sql, params?: readonly unknown[]): Promise<QueryResult<T>> {
    return this.withClient(async (client, drop) => {
      try {
        return await runQuery<T>(client, toQueryConfig(sql, params, this.named), this.wrap);
      } catch (error) {
        if (error instanceof DatabaseUnavailableError) drop();
        throw error;
      }
    });
  }

  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.withClient(async (client, drop) => {
      try {
        await client.query(this.begin);
        const tx = new PostgresTransaction(client, this.named, this.wrap);
        const result = await fn(tx);
        await this.commit(client);
        confirmSynchronous(client);
        tx.announced.deliver((topic) => this.announce(topic as ChangeTopic));
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(drop);
        throw this.wrap(error);
      }
    });
  }

  /** Overridden by a subclass that wants something from the same round trip as COMMIT. */
  protected async commit(client: pg.PoolClient): Promise<void> {
    await client.query('COMMIT');
  }

  async singleStatement<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return fn(singleStatementQueryable(this));
  }

  async exec(sql: string): Promise<void> {
    await this.query(sql);
  }

  announce(topic: ChangeTopic): void {
    this.signals.emit(topic);
    this.topicsToNotify.add(topic);
    this.scheduleNotify();
  }

  onChange(topic: ChangeTopic, listener: () => void): () => void {
    const unsubscribe = this.signals.on(topic, listener);
    this.listen();
    return unsubscribe;
  }

  /**
   * Tells other instances, outside the writing transaction (a NOTIFY in it would take PostgreSQL's notify lock
   * at every commit, one committer at a time): the topics gathered since the last NOTIFY, at most every NOTIFY_GAP_MS.
   */
  private scheduleNotify(): void {
    if (this.notifyTimer !== undefined || this.closed) return;
    const wait = Math.max(0, this.lastNotifyAt + NOTIFY_GAP_MS - Date.now());
    this.notifyTimer = setTimeout(() => {
      this.notifyTimer = undefined;
      this.lastNotifyAt = Date.now();
      const payloads = [...this.topicsToNotify].map((topic) => `${this.instanceId} ${topic}`);
      this.topicsToNotify.clear();
      this.notifying = this.pool
        .query('SELECT pg_notify($1, payload) FROM unnest($2::text[]) AS payload', [CHANGE_CHANNEL, payloads])
        // Lost is only late: the other instances' workers still look now and then.
        .then(
          () => undefined,
          () => undefined,
        );
    }, wait);
    this.notifyTimer.unref();
  }

  /**
   * One connection outside the pool LISTENs for the other instances' writes. Not through a pooler in
   * transaction mode, which cannot hold a LISTEN: the workers' slow look then stands in for it.
   */
  private listen(): void {
    if (this.listener || this.listenTimer || this.closed || this.options.poolMode === 'transaction') return;
    const client = new pg.Client({
      connectionString: this.leader?.current ?? this.options.connectionString,
      connectionTimeoutMillis: this.options.connectTimeoutMs,
      keepAlive: true,
    });
    this.listener = client;
    const retry = () => {
      if (this.listener !== client) return;
      this.listener = undefined;
      void client.end().catch(() => undefined);
      if (this.closed) return;
      this.listenTimer = setTimeout(() => {
        this.listenTimer = undefined;
        this.listen();
      }, this.listenRetryMs);
      this.listenTimer.unref();
      this.listenRetryMs = Math.min(this.listenRetryMs * 2, LISTEN_RETRY_MAX_MS);
    };
    client.on('error', retry);
    client.on('end', retry);
    client.on('notification', (message) => {
      const [from, topic] = (message.payload ?? '').split(' ');
      if (from !== this.instanceId && topic) this.signals.emit(topic);
    });
    client
      .connect()
      .then(() => client.query(`LISTEN ${CHANGE_CHANNEL}`))
      .then(() => {
        this.listenRetryMs = 1_000;
        // Listening again: whatever was written while nobody listened, every worker looks once.
        if (this.listenedBefore) for (const topic of this.signals.topics()) this.signals.emit(topic);
        this.listenedBefore = true;
      }, retry);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.notifyTimer);
    clearTimeout(this.listenTimer);
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => undefined);
    await this.notifying;
    await this.pool.end();
  }
}
