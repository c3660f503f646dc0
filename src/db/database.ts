import { newestFirstPageSql, pageValues, type Position } from '../lib/page-cursor.js';
export type Row = Record<string, unknown>;

export interface QueryResult<T extends object = Row> {
  rows: T[];
  rowCount: number;
}

/**
 * A hot statement: parsed once per connection (a pg named query; on PGlite, a named statement on its one
 * session) and only bound and executed after, its plan reused. The name must be unique to the text.
 */
export interface PreparedStatement {
  readonly name: string;
  readonly text: string;
}

export function prepared(name: string, text: string): PreparedStatement {
  return Object.freeze({ name, text });
}

export type Sql = string | PreparedStatement;

export function sqlText(sql: Sql): string {
  return typeof sql === 'string' ? sql : sql.text;
}

/** Anything that runs SQL: the database itself or an open transaction. */
export interface Queryable {
  query<T extends object = Row>(sql: Sql, params?: readonly unknown[]): Promise<QueryResult<T>>;
  /** Runs a multi-statement script with no parameters (migrations, test set-up). */
  exec(sql: string): Promise<void>;
  /**
   * Says that this write touched `topic` (a ChangeTopic): its listeners hear it once the write is committed —
   * at once outside a transaction (call it after the statement), after COMMIT inside one, never after a rollback.
   */
  announce(topic: ChangeTopic): void;
}

/**
 * What a write announces to the background workers (Queryable.announce), so that they wake when there is work
 * instead of polling: rows for the webhook worker, history events for the transparency log's integrator.
 */
export const CHANGE_TOPICS = {
  /** An outbox row or a delivery due now (webhook_outbox, webhook_deliveries). */
  webhooks: 'webhooks',
  /** A history event queued for the transparency log (asset_events, tlog_pending). */
  history: 'history',
  /** A message queued in mail_outbox, or one due again. */
  mail: 'mail',
  /** A medium stored (asset_media), whose local features are to be found. */
  media: 'media',
} as const;

export type ChangeTopic = (typeof CHANGE_TOPICS)[keyof typeof CHANGE_TOPICS];

/** Every row a statement answers. */
export async function queryAll<T extends object>(
  db: Queryable,
  sql: Sql,
  params?: readonly unknown[],
): Promise<T[]> {
  const { rows } = await db.query<T>(sql, params);
  return rows;
}

/**
 * One page newest first of an account's rows that a key may see: `from` is "columns FROM table", `scope` the SQL
 * keeping the rows the key's planets cover, on the parameter it is given.
 */
export function queryAccountPage<T extends object>(
  db: Queryable,
  from: string,
  viewer: { accountId: string; planetScope: readonly string[] },
  page: { limit: number; after?: Position },
  scope: (parameter: string) => string,
): Promise<T[]> {
  return queryAll<T>(
    db,
    `SELECT ${from}
     WHERE account_id = $1 AND ${scope('$5')}
       AND ${newestFirstPageSql(2)}`,
    [viewer.accountId, ...pageValues(page.after, page.limit), [...viewer.planetScope]],
  );
}

/** The first row a statement answers, or undefined when it answers none. */
export async function queryFirst<T extends object>(
  db: Queryable,
  sql: Sql,
  params?: readonly unknown[],
): Promise<T | undefined> {
  return (await queryAll<T>(db, sql, params))[0];
}

/** The row a statement always answers: an INSERT or UPDATE … RETURNING of a row known to exist, an aggregate. */
export async function queryOne<T extends object>(
  db: Queryable,
  sql: Sql,
  params?: readonly unknown[],
): Promise<T> {
  return (await queryFirst<T>(db, sql, params))!;
}

/** The number a `SELECT count(*)::int AS count …` statement answers. */
export async function queryCount(db: Queryable, sql: Sql, params?: readonly unknown[]): Promise<number> {
  return (await queryOne<{ count: number }>(db, sql, params)).count;
}

/**
 * A look-up whose arguments are its statement's parameters, in order ($1, $2, …): the first row it answers, or
 * undefined. A look-up that computes its parameters or its SQL is a function calling queryFirst instead.
 */
export function firstRowQuery<T extends object, P extends readonly unknown[]>(
  sql: Sql,
): (db: Queryable, ...params: P) => Promise<T | undefined> {
  return (db, ...params) => queryFirst<T>(db, sql, params);
}

/** As firstRowQuery, answering every row. */
export function allRowsQuery<T extends object, P extends readonly unknown[]>(
  sql: Sql,
): (db: Queryable, ...params: P) => Promise<T[]> {
  return (db, ...params) => queryAll<T>(db, sql, params);
}

/** As firstRowQuery, answering the number a `SELECT count(*)::int AS count …` statement counts. */
export function countQuery<P extends readonly unknown[]>(
  sql: Sql,
): (db: Queryable, ...params: P) => Promise<number> {
  return (db, ...params) => queryCount(db, sql, params);
}

export type DatabaseKind = 'postgres' | 'pglite';

/** The one database interface; PostgreSQL (a pool) and PGlite (embedded) implement it. */
export interface Database extends Queryable {
  readonly kind: DatabaseKind;
  /** Runs fn in one transaction: committed if it resolves, rolled back if it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Runs fn, which issues exactly one statement, as that statement's own transaction: PostgreSQL runs a
   * single statement atomically, so this is one round trip instead of BEGIN, the statement and COMMIT.
   */
  singleStatement<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Calls `listener` after each committed write that announced `topic`: this process's writes, and on
   * PostgreSQL other processes' too (LISTEN/NOTIFY). Returns the unsubscribe.
   */
  onChange(topic: ChangeTopic, listener: () => void): () => void;
  close(): Promise<void>;
}

/** Thrown when the database cannot be reached or a connection cannot be had in time. */
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    // The cause's words stay in the message, for the log and the CLI (a refused startup parameter, a host down); an
    // API caller sees the catalogue's service_unavailable only.
    super(`The database is unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
    this.name = 'DatabaseUnavailableError';
  }
}

/**
 * Whether a statement failed on a unique index whose name `index` matches (SQLSTATE 23505): both drivers' errors
 * carry the code and the index's name, so a service can answer a taken value as the conflict it is.
 */
export function isUniqueViolation(error: unknown, index: RegExp): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  return code === '23505' && typeof constraint === 'string' && index.test(constraint);
}

/** Thrown when the embedded data directory is held by another process. */
export class DataDirectoryInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The data directory ${dataDir} is in use by another avs process (pid ${pid}). ` +
        'Stop that process first, or set DATABASE_URL to use PostgreSQL.',
    );
    this.name = 'DataDirectoryInUseError';
  }
}

/** Thrown when others could write to the embedded data directory (PostgreSQL refuses such a directory too). */
export class DataDirectoryUnsafeError extends Error {
  constructor(
    readonly dataDir: string,
    readonly mode: number,
  ) {
    super(
      `The data directory ${dataDir} can be written by other users (mode 0${(mode & 0o777).toString(8)}); ` +
        `allow only its owner: chmod 700 ${dataDir} (AVS_DATA_DIR).`,
    );
    this.name = 'DataDirectoryUnsafeError';
  }
}

/**
 * The Queryable of Database.singleStatement: passes one statement through and refuses a second, which
 * would run outside the first one's transaction.
 */
export function singleStatementQueryable(db: Queryable): Queryable {
  let used = false;
  const once = () => {
    if (used) throw new Error('A single-statement change issued a second statement; use transaction().');
    used = true;
  };
  return {
    query: async <T extends object = Row>(sql: Sql, params?: readonly unknown[]) => {
      once();
      return db.query<T>(sql, params);
    },
    exec: async (sql: string) => {
      once();
      await db.exec(sql);
    },
    // The statement is its own transaction: committed once it has answered.
    announce: (topic) => db.announce(topic),
  };
}
