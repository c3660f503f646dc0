import type { Config } from '../config.js';
import type { Database } from './database.js';
import { PgliteDatabase } from './pglite.js';
import { PostgresDatabase } from './postgres.js';
import { ReplicatedDatabase } from './replicas.js';

/**
 * PostgreSQL when DATABASE_URL is set (with its streaming replicas when DATABASE_READ_URL is set),
 * otherwise the embedded PGlite database in AVS_DATA_DIR.
 */
export async function openDatabase(config: Config): Promise<Database> {
  if (config.DATABASE_URL) {
    const open = (connectionString: string) =>
      new PostgresDatabase({
        connectionString,
        poolSize: config.AVS_DB_POOL_SIZE,
        statementTimeoutMs: config.AVS_DB_STATEMENT_TIMEOUT_MS,
        connectTimeoutMs: config.AVS_DB_CONNECT_TIMEOUT_MS,
        poolMode: config.AVS_DB_POOL_MODE === 'transaction' ? 'transaction' : 'session',
      });
    const primary = open(config.DATABASE_URL);
    const readUrls = config.DATABASE_READ_URL ?? [];
    if (readUrls.length === 0) return primary;
    return new ReplicatedDatabase(primary, readUrls.map(open), { maxLagMs: config.AVS_REPLICA_MAX_LAG_MS });
  }
  return PgliteDatabase.open(config.AVS_DATA_DIR, {
    sharedBuffersMb: config.AVS_PGLITE_SHARED_BUFFERS_MB,
    initialiseInChildProcess: true,
  });
}
