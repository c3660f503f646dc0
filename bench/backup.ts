/**
 * `npm run bench:backup`: time and size of `avs backup` and `avs restore` for BENCH_BACKUP_ASSETS (100,000)
 * assets on each database (docs/operations.md). Rows are made in bulk by SQL, shaped as a create makes them
 * (the asset, its CREATED event, its outbox row, its queued log entry); the backup and the restore are the
 * real `avs` commands, run as a user runs them.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createHash } from 'node:crypto';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Database } from '../src/db/database.js';
import { loadMigrations, migrate } from '../src/db/migrate.js';
import { PgliteDatabase } from '../src/db/pglite.js';
import { PostgresDatabase } from '../src/db/postgres.js';
import { packageRoot } from '../src/lib/package-root.js';
import { verifyArchive } from '../src/modules/backup/backup-archive.js';
import { checkArchiveMedia } from '../src/modules/backup/restore.service.js';
import { createApiKey } from '../src/modules/keys/keys.service.js';
import { createFreshPostgres } from './databases.js';
import { startService } from './processes.js';

const assets = Number(process.env.BENCH_BACKUP_ASSETS ?? 100_000);
const adminUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const avsBin = path.join(packageRoot, 'dist', 'src', 'cli', 'avs.js');

async function avs(args: string[], env: Record<string, string>): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, [avsBin, ...args], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const [code] = (await once(child, 'exit')) as [number];
  if (code !== 0) throw new Error(`avs ${args.join(' ')} exited with ${code}`);
  return (performance.now() - started) / 1000;
}

const ACCOUNT = '00000000-0000-4000-8000-000000000001';

async function seed(db: Database): Promise<void> {
  await migrate(db);
  await db.exec(`
    INSERT INTO accounts (id, name) VALUES ('${ACCOUNT}', 'Bench gallery');
    INSERT INTO assets (id, planet, title, account_id, certificate_number, certificate_status, status, attributes,
                        created_by, updated_by, head_sequence, head_hash)
    SELECT gen_random_uuid(), 'artworks', 'Bench work ' || i, '${ACCOUNT}',
           'ART-2026-' || lpad(nextval('certificate_number_artworks_seq')::text, 6, '0'), 'pending', 'draft',
           jsonb_build_object('medium', 'Oil on canvas', 'year', 1800 + i % 200, 'artist', 'Painter ' || i % 997),
           '${ACCOUNT}', '${ACCOUNT}', 1,
           encode(sha256(('h' || i)::bytea), 'hex')
      FROM generate_series(1, ${assets}) AS i;
    SET session_replication_role = replica;
    INSERT INTO asset_events (id, asset_id, planet, sequence, event_type, payload, actor_account_id, created_at,
                              prev_hash, hash)
    SELECT gen_random_uuid(), id, planet, 1, 'CREATED',
           jsonb_build_object('title', title, 'attributes', attributes, 'certificate_number', certificate_number),
           account_id, created_at, NULL, head_hash
      FROM assets;
    INSERT INTO webhook_outbox (id, account_id, event_type, payload)
    SELECT gen_random_uuid(), account_id, 'asset.created',
           jsonb_build_object('type', 'asset.created', 'data', to_jsonb(a) - 'head_hash')
      FROM assets a;
    INSERT INTO tlog_pending (event_id, asset_id, sequence) SELECT id, asset_id, sequence FROM asset_events;
    SET session_replication_role = origin;
  `);
}

interface Row {
  database: string;
  /** Longest wait of a read sent to the running embedded server while the backup ran through it. */
  longestReadMs?: number;
  backupSeconds: number;
  archiveBytes: number;
  restoreSeconds: number;
}

async function benchPglite(root: string): Promise<Row> {
  const dataDir = path.join(root, 'pglite');
  const db = await PgliteDatabase.open(dataDir);
  await seed(db);
  const { key } = await createApiKey(db, { actor: { admin: true }, accountId: ACCOUNT, name: 'bench' });
  const { rows } = await db.query<{ id: string }>('SELECT id FROM assets LIMIT 1');
  await db.close();
  const archive = path.join(root, 'pglite.avs');
  // The backup runs inside the running server (local channel) while a client keeps reading an asset; the log
  // integrator is off, so the archive holds the same rows as PostgreSQL's and only the backup holds the session.
  const server = await startService({
    name: 'backup',
    env: { AVS_DATA_DIR: dataDir, LOG_LEVEL: 'warn', AVS_TLOG: 'off' },
  });
  let reading = true;
  let longestReadMs = 0;
  const reader = (async () => {
    while (reading) {
      const started = performance.now();
      const response = await fetch(`${server.url}/api/v1/assets/artworks/${rows[0]!.id}`, {
        headers: { authorization: `Bearer ${key}` },
      });
      await response.arrayBuffer();
      longestReadMs = Math.max(longestReadMs, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const backupSeconds = await avs(['backup', archive], { AVS_DATA_DIR: dataDir });
  reading = false;
  await reader;
  await server.stop();
  const restoreSeconds = await avs(['restore', archive], {
    AVS_DATA_DIR: path.join(root, 'pglite-restored'),
  });
  return {
    database: 'PGlite 0.5.16',
    longestReadMs,
    backupSeconds,
    archiveBytes: (await stat(archive)).size,
    restoreSeconds,
  };
}

async function benchPostgres(root: string): Promise<Row> {
  const source = await createFreshPostgres(adminUrl, 'backup_src');
  const target = await createFreshPostgres(adminUrl, 'backup_dst');
  try {
    const db = new PostgresDatabase({
      connectionString: source.url,
      poolSize: 1,
      statementTimeoutMs: 600_000,
      connectTimeoutMs: 10_000,
    });
    await seed(db);
    const version = await db.query<{ v: string }>("SELECT current_setting('server_version') AS v");
    await db.close();
    const archive = path.join(root, 'postgres.avs');
    const backupSeconds = await avs(['backup', archive], { DATABASE_URL: source.url });
    const restoreSeconds = await avs(['restore', archive], { DATABASE_URL: target.url });
    return {
      database: `PostgreSQL ${version.rows[0]!.v.split(' ')[0]}`,
      backupSeconds,
      archiveBytes: (await stat(archive)).size,
      restoreSeconds,
    };
  } finally {
    await source.drop();
    await target.drop();
  }
}

/**
 * What a hostile archive costs before restore refuses it (docs/reliability.md): a valid checksum over a first line of
 * BENCH_HOSTILE_LINE_MB (40) MB of JSON, a few KB gzipped. CPU seconds of the checks that run before anything is
 * written (verifyArchive, checkArchiveMedia).
 */
async function benchHostileLine(
  root: string,
): Promise<{ gzipBytes: number; cpuSeconds: number; outcome: string }> {
  const megabytes = Number(process.env.BENCH_HOSTILE_LINE_MB ?? 40);
  const schemaVersion = Math.max(...loadMigrations().map((migration) => migration.version));
  const header = Buffer.from(`AVS-BACKUP 1 ${schemaVersion}\n`);
  const line = `{"kind":"meta","padding":"${'x'.repeat(megabytes * 1_000_000)}"}\n`;
  const body = gzipSync(Buffer.from(line));
  const sha = createHash('sha256').update(header).update(body).digest('hex');
  const file = path.join(root, 'hostile-line.avs');
  await writeFile(file, Buffer.concat([header, body, Buffer.from(`\nAVS-SHA256 ${sha}\n`)]));
  const started = process.cpuUsage();
  let outcome = 'accepted';
  try {
    await checkArchiveMedia(await verifyArchive(file, schemaVersion), undefined);
  } catch (error) {
    outcome = `refused: ${(error as Error).message}`;
  }
  const used = process.cpuUsage(started);
  return { gzipBytes: body.length, cpuSeconds: (used.user + used.system) / 1e6, outcome };
}

const root = await mkdtemp(path.join(tmpdir(), 'avs-bench-backup-'));
try {
  const hostile = await benchHostileLine(root);
  console.log(
    `A ${process.env.BENCH_HOSTILE_LINE_MB ?? 40} MB first line (${(hostile.gzipBytes / 1000).toFixed(0)} KB gzipped): ` +
      `${hostile.cpuSeconds.toFixed(2)} s of CPU before the restore's answer (${hostile.outcome})\n`,
  );
  const rows = process.env.BENCH_HOSTILE_ONLY ? [] : [await benchPglite(root), await benchPostgres(root)];
  console.log(`${assets} assets (with their events, outbox rows and queued log entries):\n`);
  console.log(
    '| database | backup (s) | archive (MB) | restore (s) | longest read during the backup (ms) |\n' +
      '| --- | ---: | ---: | ---: | ---: |',
  );
  for (const row of rows) {
    console.log(
      `| ${row.database} | ${row.backupSeconds.toFixed(1)} | ${(row.archiveBytes / 1e6).toFixed(1)} | ${row.restoreSeconds.toFixed(1)} | ${row.longestReadMs?.toFixed(0) ?? 'n/a'} |`,
    );
  }
} finally {
  await rm(root, { recursive: true, force: true });
}
