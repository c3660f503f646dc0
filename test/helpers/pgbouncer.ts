import { spawn, execFile } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './processes.js';

const run = promisify(execFile);
const PGBOUNCER_BIN = process.env.AVS_TEST_PGBOUNCER_BIN ?? '/usr/sbin/pgbouncer';

export interface RunningPgbouncer {
  port: number;
  /** The upstream server's URL with PgBouncer's port instead (same user, same database names). */
  url(upstreamUrl: string): string;
  stop(): Promise<void>;
}

async function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Debian's PgBouncer in transaction pooling mode in front of one PostgreSQL server, on a free port,
 * with its default settings otherwise (no ignore_startup_parameters, no prepared-statement support).
 * Every database of the server is reachable through it under its own name. PgBouncer refuses to run
 * as root, so as root it runs as the `postgres` OS user.
 */
export async function startPgbouncer(upstreamUrl: string): Promise<RunningPgbouncer> {
  const upstream = new URL(upstreamUrl);
  const user = decodeURIComponent(upstream.username || 'postgres');
  const dir = mkdtempSync(path.join(tmpdir(), 'avs-pgbouncer-'));
  const port = await freePort();
  writeFileSync(path.join(dir, 'userlist.txt'), `"${user}" ""\n`);
  writeFileSync(
    path.join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${upstream.hostname} port=${upstream.port || 5432}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${path.join(dir, 'userlist.txt')}`,
      'pool_mode = transaction',
      `logfile = ${path.join(dir, 'pgbouncer.log')}`,
      '',
    ].join('\n'),
  );
  let ids: { uid?: number; gid?: number } = {};
  if (process.getuid?.() === 0) {
    const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
    ids = { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
    chownSync(dir, ids.uid!, ids.gid!);
  }
  const child = spawn(PGBOUNCER_BIN, [path.join(dir, 'pgbouncer.ini')], {
    ...ids,
    cwd: dir,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let attempt = 0; !(await portOpen(port)); attempt++) {
    if (child.exitCode !== null || attempt > 100) {
      child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`PgBouncer did not start on port ${port}: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    port,
    url(serverUrl: string) {
      const url = new URL(serverUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGINT');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
