import { execFile } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './processes.js';

const run = promisify(execFile);
const POSTGRES_BIN = process.env.AVS_TEST_POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin';

export interface ThrowawayCluster {
  url: string;
  port: number;
  start(): Promise<void>;
  /** pg_ctl stop: "fast" disconnects clients and shuts down cleanly, "immediate" is a crash. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  destroy(): Promise<void>;
  /** A streaming replica of this cluster (pg_basebackup -R) on another free port, started. */
  replicate(): Promise<ThrowawayCluster>;
}

async function postgresIds(): Promise<{ uid: number; gid: number }> {
  const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/**
 * A PostgreSQL cluster of its own (initdb + pg_ctl) in a temporary directory on a free port, so a
 * test may stop and start it: the shared server on 5432 is never touched. PostgreSQL refuses to run
 * as root, so as root the binaries run as the `postgres` OS user.
 */
export async function createThrowawayCluster(): Promise<ThrowawayCluster> {
  return throwawayCluster((exec, dataDir) =>
    exec('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']),
  );
}

type Exec = (binary: string, args: string[]) => Promise<unknown>;

async function throwawayCluster(
  makeDataDir: (exec: Exec, dataDir: string) => Promise<unknown>,
): Promise<ThrowawayCluster> {
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(tmpdir(), 'avs-pg-cluster-'));
  if (asRoot) {
    const { uid, gid } = await postgresIds();
    chownSync(dir, uid, gid);
  }
  const dataDir = path.join(dir, 'data');
  const exec = (binary: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(POSTGRES_BIN, binary), ...args])
      : run(path.join(POSTGRES_BIN, binary), args);
  await makeDataDir(exec, dataDir);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`;
  const cluster: ThrowawayCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async start() {
      await exec('pg_ctl', ['-D', dataDir, '-l', path.join(dir, 'server.log'), '-o', options, '-w', 'start']);
    },
    async stop(mode = 'fast') {
      await exec('pg_ctl', ['-D', dataDir, '-m', mode, '-w', 'stop']);
    },
    async destroy() {
      await cluster.stop('immediate').catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
    replicate: () =>
      // -R writes standby.signal and primary_conninfo: the copy starts as a hot standby streaming from here.
      throwawayCluster((execReplica, replicaDataDir) =>
        execReplica('pg_basebackup', [
          '-d',
          cluster.url,
          '-D',
          replicaDataDir,
          '-R',
          '-X',
          'stream',
          '--no-sync',
        ]),
      ),
  };
  await cluster.start();
  return cluster;
}
