// The path ceilings' own PostgreSQL 15 (issue #53, item 2): a throwaway cluster with pg_stat_statements loaded, so
// that the bench reads the statements each path sends; the machine's server on 5432 need not preload anything.
import { execFile } from 'node:child_process';
import { chownSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/** The lowest port the kernel hands to outgoing connections: a port below it cannot be taken by one. */
function ephemeralRangeStart(): number | undefined {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').split(/\s+/)[0]);
    return Number.isInteger(low) && low > 12_000 ? low : undefined;
  } catch {
    return undefined;
  }
}

async function canListen(port: number): Promise<boolean> {
  const server = createServer();
  const listened = await new Promise<boolean>((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => resolve(true));
  });
  if (listened) await new Promise((resolve) => server.close(resolve));
  return listened;
}

/** A free loopback port below the ephemeral range, for a server started later (no outgoing connection takes it). */
async function daemonPort(): Promise<number> {
  const rangeStart = ephemeralRangeStart() ?? 32_768;
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = 10_000 + Math.floor(Math.random() * (rangeStart - 10_000));
    if (await canListen(port)) return port;
  }
  throw new Error('no free port below the ephemeral range');
}

export interface StatsCluster {
  /** The cluster's postgres database (trust auth): where the bench creates its databases. */
  adminUrl: string;
  /** Where the server writes its JSON log (jsonlog): the statements it ran, with their parameters, while logging is on. */
  logDir: string;
  destroy(): Promise<void>;
}

/**
 * initdb in a temporary directory and pg_ctl start on a free port, with pg_stat_statements preloaded and tracking
 * every statement. PostgreSQL refuses to run as root: as root the binaries run as the `postgres` OS user.
 */
export async function startStatsCluster(postgresBin: string, maxConnections: number): Promise<StatsCluster> {
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(tmpdir(), 'avs-bench-stats-pg-'));
  if (asRoot) {
    const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
    chownSync(dir, Number(uid.stdout.trim()), Number(gid.stdout.trim()));
  }
  const exec = (binary: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(postgresBin, binary), ...args])
      : run(path.join(postgresBin, binary), args);
  const dataDir = path.join(dir, 'data');
  await exec('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const port = await daemonPort();
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    `-c max_connections=${maxConnections}`,
    '-c shared_preload_libraries=pg_stat_statements',
    '-c pg_stat_statements.track=all',
    '-c pg_stat_statements.max=10000',
    '-c shared_buffers=256MB',
    // The statement log of the replay's capture (bench/statement-replay.ts): off until turned on, parameters whole.
    '-c logging_collector=on',
    '-c log_destination=jsonlog',
    `-c log_directory=${path.join(dir, 'log')}`,
    '-c log_parameter_max_length=-1',
  ].join(' ');
  await exec('pg_ctl', ['-D', dataDir, '-l', path.join(dir, 'server.log'), '-o', options, '-w', 'start']);
  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    adminUrl,
    logDir: path.join(dir, 'log'),
    async destroy() {
      await exec('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One normalised statement pg_stat_statements saw in a database: its text ($1…), its id and how often it ran. */
export interface SeenStatement {
  queryId: string;
  query: string;
  calls: number;
}

/** One connection to the database at url for `work`, closed after it. */
export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Forgets every statement seen so far (the extension is created in the admin database on first use). */
export function resetStatements(adminUrl: string): Promise<void> {
  return withClient(adminUrl, async (client) => {
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    await client.query('SELECT pg_stat_statements_reset()');
  });
}

/** The top-level statements of the named database since the last reset (not those run inside functions or triggers), most called first. */
export function statementsOf(adminUrl: string, database: string): Promise<SeenStatement[]> {
  return withClient(adminUrl, async (client) => {
    const { rows } = await client.query<{ queryid: string; query: string; calls: string }>(
      `SELECT queryid::text, query, sum(calls)::bigint AS calls FROM pg_stat_statements s
         JOIN pg_database d ON d.oid = s.dbid
       WHERE d.datname = $1 AND s.toplevel GROUP BY queryid, query ORDER BY calls DESC, query`,
      [database],
    );
    return rows.map((row) => ({ queryId: row.queryid, query: row.query, calls: Number(row.calls) }));
  });
}

/** Turns the statement log on or off for every session at once (ALTER SYSTEM and a reload, no reconnect). */
export function logStatements(adminUrl: string, on: boolean): Promise<void> {
  return withClient(adminUrl, async (client) => {
    await client.query(on ? "ALTER SYSTEM SET log_statement = 'all'" : 'ALTER SYSTEM RESET log_statement');
    await client.query('SELECT pg_reload_conf()');
    // Each backend reads the new setting before its next command; a moment covers one that is idle.
    await new Promise((resolve) => setTimeout(resolve, 300));
  });
}

/** Runs one statement in the admin database: a mark the statement log keeps in order among the others. */
export function markStatementLog(adminUrl: string, mark: string): Promise<void> {
  return withClient(adminUrl, async (client) => {
    await client.query(`SELECT '${mark.replace(/'/g, "''")}' AS mark`);
  });
}
