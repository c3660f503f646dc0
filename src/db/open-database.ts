import type { Config } from '../config.js';
import type { Database } from './database.js';
import { PgliteDatabase } from './pglite.js';
import { PostgresDatabase } from './postgres.js';

/** PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite database in AVS_DATA_DIR. */
export async function openDatabase(config: Config): Promise<Database> {
  if (config.DATABASE_URL) {
    return new PostgresDatabase({
      connectionString: config.DATABASE_URL,
      poolSize: config.AVS_DB_POOL_SIZE,
      statementTimeoutMs: config.AVS_DB_STATEMENT_TIMEOUT_MS,
      connectTimeoutMs: config.AVS_DB_CONNECT_TIMEOUT_MS,
    });
  }
  return PgliteDatabase.open(config.AVS_DATA_DIR);
}
