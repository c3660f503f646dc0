import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { packageRoot } from '../src/lib/package-root.js';

export interface Machine {
  cpus: number;
  cpuModel: string;
  node: string;
  postgres: string;
  pglite: string;
}

export async function describeMachine(databaseUrl: string): Promise<Machine> {
  const cpuinfo = readFileSync('/proc/cpuinfo', 'utf8');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ server_version: string }>('SHOW server_version');
  await client.end();
  const pglitePackage = JSON.parse(
    readFileSync(path.join(packageRoot, 'node_modules/@electric-sql/pglite/package.json'), 'utf8'),
  ) as { version: string };
  return {
    cpus: availableParallelism(),
    cpuModel: /^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1] ?? 'unknown',
    node: process.version,
    postgres: rows[0]?.server_version ?? 'unknown',
    pglite: pglitePackage.version,
  };
}

/** The settings the service runs with under the bench; printed so that nobody mistakes them for defaults. */
export function serviceBenchEnv(): Record<string, string> {
  return {
    LOG_LEVEL: 'warn',
    AVS_RATE_LIMIT_PER_SECOND: '1000000',
    AVS_RATE_LIMIT_BURST: '1000000',
    // The /tlog reads are public: their per-address limit is out of the way too.
    AVS_PUBLIC_RATE_LIMIT_PER_SECOND: '1000000',
    AVS_PUBLIC_RATE_LIMIT_BURST: '1000000',
  };
}
