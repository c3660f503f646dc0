import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { INSERT_ASSET_WITH_CREATED_EVENT_SQL } from '../src/modules/assets/assets.repository.js';
import type { Credentials } from './databases.js';
import { percentile, type Measurement } from './load.js';

const run = promisify(execFile);

function literal(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/**
 * The statement a create sends, with its parameters written in: fresh UUIDs from gen_random_uuid(),
 * now() for the timestamp, the rest as the service sends them for the bench's request body.
 */
function createStatementForPgbench(credentials: Credentials): string {
  const attributes = { medium: 'oil on canvas', year: 1919 };
  const values: Record<number, string> = {
    1: 'gen_random_uuid()',
    2: literal('artworks'),
    3: literal('Bench asset'),
    4: literal(credentials.accountId),
    5: literal(JSON.stringify(attributes)),
    6: 'now()',
    7: 'gen_random_uuid()',
    8: literal('CREATED'),
    9: literal(JSON.stringify({ source: 'api', api_key_id: credentials.apiKeyId })),
    10: literal('0'.repeat(64)),
    11: 'gen_random_uuid()',
    12: literal(
      JSON.stringify({
        id: '00000000-0000-4000-8000-000000000000',
        planet: 'artworks',
        title: 'Bench asset',
        account_id: credentials.accountId,
        certificate_status: 'pending',
        status: 'draft',
        created_by: credentials.accountId,
        updated_by: credentials.accountId,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
        ...attributes,
      }),
    ),
    // No inventory number, as a create without one.
    13: 'NULL',
  };
  const sql = INSERT_ASSET_WITH_CREATED_EVENT_SQL.replace(/\$(\d+)\b/g, (_match, index: string) => {
    const value = values[Number(index)];
    if (value === undefined) throw new Error(`no value for $${index}`);
    return value;
  });
  // pgbench reads one SQL command per line unless it ends in a semicolon: keep the statement on one line.
  return sql.replace(/\s+/g, ' ').trim();
}

/** The transaction a create runs, as pgbench script text: the same statements the service sends. */
export function createScript(credentials: Credentials, statements: 'transaction' | 'single'): string {
  const statement = `${createStatementForPgbench(credentials)};`;
  return statements === 'transaction' ? `BEGIN;\n${statement}\nCOMMIT;\n` : `${statement}\n`;
}

/**
 * Runs pgbench with the script (or scripts, each transaction one of them at random) at the given concurrency;
 * per-transaction latencies from its log.
 */
export async function runPgbench(options: {
  pgbenchPath: string;
  databaseUrl: string;
  script: string | readonly string[];
  clients: number;
  threads: number;
  seconds: number;
}): Promise<Measurement & { scriptRates?: number[] }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'avs-pgbench-'));
  try {
    const scripts = typeof options.script === 'string' ? [options.script] : options.script;
    const scriptArgs: string[] = [];
    for (const [index, script] of scripts.entries()) {
      const scriptPath = path.join(dir, `script-${index}.sql`);
      await writeFile(scriptPath, script);
      scriptArgs.push('-f', scriptPath);
    }
    const { stdout } = await run(
      options.pgbenchPath,
      [
        '-n',
        '-c',
        String(options.clients),
        '-j',
        String(options.threads),
        '-M',
        'prepared',
        '-T',
        String(Math.max(1, Math.round(options.seconds))),
        ...scriptArgs,
        '-l',
        `--log-prefix=${path.join(dir, 'log')}`,
        options.databaseUrl,
      ],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout);
    // With several scripts pgbench reports each one's rate too, in the order they were given.
    const scriptRates = [
      ...stdout.matchAll(
        /SQL script \d+: [^\n]*\n - weight: [^\n]*\n - \d+ transactions \([^,]*, tps = ([\d.]+)\)/g,
      ),
    ].map((match) => Number(match[1]));
    const processed = /number of transactions actually processed: (\d+)/.exec(stdout);
    const failed = /number of failed transactions: (\d+)/.exec(stdout);
    if (!tps || !processed) throw new Error(`unexpected pgbench output:\n${stdout}`);
    const latencies: number[] = [];
    for (const file of await readdir(dir)) {
      if (!file.startsWith('log')) continue;
      for (const line of (await readFile(path.join(dir, file), 'utf8')).split('\n')) {
        const fields = line.split(' ');
        if (fields.length >= 3) latencies.push(Number(fields[2]) / 1000);
      }
    }
    latencies.sort((a, b) => a - b);
    return {
      requestsPerSecond: Number(tps[1]),
      p50Ms: percentile(latencies, 0.5),
      p99Ms: percentile(latencies, 0.99),
      errors: failed ? Number(failed[1]) : 0,
      non2xx: 0,
      total: Number(processed[1]),
      ...(scripts.length > 1 ? { scriptRates } : {}),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
