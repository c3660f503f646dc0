export type Row = Record<string, unknown>;

export interface QueryResult<T extends Row = Row> {
  rows: T[];
  rowCount: number;
}

/** Anything that runs SQL: the database itself or an open transaction. */
export interface Queryable {
  query<T extends Row = Row>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>>;
  /** Runs a multi-statement script with no parameters (migrations, test set-up). */
  exec(sql: string): Promise<void>;
}

export type DatabaseKind = 'postgres' | 'pglite';

/** The one database interface; PostgreSQL (a pool) and PGlite (embedded) implement it. */
export interface Database extends Queryable {
  readonly kind: DatabaseKind;
  /** Runs fn in one transaction: committed if it resolves, rolled back if it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Thrown when the database cannot be reached or a connection cannot be had in time. */
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super('The database is unavailable.', { cause });
    this.name = 'DatabaseUnavailableError';
  }
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
