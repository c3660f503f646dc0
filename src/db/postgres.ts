import pg from 'pg';
import {
  DatabaseUnavailableError,
  singleStatementQueryable,
  type Database,
  type Queryable,
  type QueryResult,
  type Row,
  type Sql,
  sqlText,
} from './database.js';

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

function wrap(error: unknown): unknown {
  return isConnectionError(error) ? new DatabaseUnavailableError(error) : error;
}

/** One statement on the pool or on a transaction's client, a lost connection thrown as DatabaseUnavailableError. */
async function runQuery<T extends object>(
  runner: pg.Pool | pg.PoolClient,
  config: pg.QueryConfig,
): Promise<QueryResult<T>> {
  try {
    const result = await runner.query<T>(config);
    return { rows: result.rows, rowCount: result.rowCount ?? 0 };
  } catch (error) {
    throw wrap(error);
  }
}

class PostgresTransaction implements Queryable {
  constructor(
    private readonly client: pg.PoolClient,
    private readonly named: boolean,
  ) {}

  query<T extends object = Row>(sql: Sql, params?: readonly unknown[]): Promise<QueryResult<T>> {
    return runQuery<T>(this.client, toQueryConfig(sql, params, this.named));
  }

  async exec(sql: string): Promise<void> {
    await this.query(sql);
  }
}

export class PostgresDatabase implements Database {
  readonly kind = 'postgres' as const;
  readonly pool: pg.Pool;
  private readonly named: boolean;
  /** What opens a transaction: in transaction pooling mode it also sets the statement timeout (one round trip). */
  private readonly begin: string;

  constructor(options: PostgresOptions) {
    const transactionPooling = options.poolMode === 'transaction';
    this.named = !transactionPooling;
    this.begin = transactionPooling
      ? `BEGIN; SET LOCAL statement_timeout = ${Math.trunc(options.statementTimeoutMs)}`
      : 'BEGIN';
    this.pool = new pg.Pool({
      connectionString: options.connectionString,
      max: options.poolSize,
      connectionTimeoutMillis: options.connectTimeoutMs,
      // PgBouncer refuses startup parameters it does not know ("unsupported startup parameter").
      ...(transactionPooling ? {} : { statement_timeout: options.statementTimeoutMs }),
      idleTimeoutMillis: 30_000,
      keepAlive: true,
    });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    this.pool.on('error', () => undefined);
  }

  query<T extends object = Row>(sql: Sql, params?: readonly unknown[]): Promise<QueryResult<T>> {
    return runQuery<T>(this.pool, toQueryConfig(sql, params, this.named));
  }

  async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (error) {
      throw new DatabaseUnavailableError(error);
    }
    let broken = false;
    // A checked-out client has no pool listener: its connection dropping between two queries would
    // otherwise be an unhandled 'error' event that kills the process. The next query fails instead.
    const onConnectionError = () => {
      broken = true;
    };
    client.on('error', onConnectionError);
    try {
      await client.query(this.begin);
      const result = await fn(new PostgresTransaction(client, this.named));
      await this.commit(client);
      return result;
    } catch (error) {
      try {
        await client.query('ROLLBACK');
      } catch {
        broken = true;
      }
      throw wrap(error);
    } finally {
      client.off('error', onConnectionError);
      client.release(broken);
    }
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

  async close(): Promise<void> {
    await this.pool.end();
  }
}
