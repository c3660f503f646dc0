import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { chownSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './processes.js';
import { waitFor } from './wait-for.js';

const POSTGRES_BIN = process.env.AVS_TEST_POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin';

export interface PatroniNode {
  name: string;
  pgPort: number;
  apiPort: number;
  dataDir: string;
  patroni: ChildProcess;
  killed: boolean;
}

interface ClusterMember {
  name: string;
  role: string;
  state: string;
}

export interface PatroniCluster {
  /** libpq's multi-host form over the three nodes, as an operator sets DATABASE_URL. */
  url: string;
  nodes: PatroniNode[];
  /** The node Patroni's REST API names leader (GET /leader answers 200 on it only), or undefined. */
  leader(): Promise<PatroniNode | undefined>;
  /** Patroni's view of the members (GET /cluster on a live node). */
  members(): Promise<ClusterMember[]>;
  /** Waits for a leader that is not `other`, with a synchronous standby when the cluster is synchronous. */
  waitForLeader(options?: { other?: PatroniNode; timeoutMs?: number }): Promise<PatroniNode>;
  /** SIGKILL to the node's postmaster and to its Patroni at once: the machine lost, as far as the others can tell. */
  kill(node: PatroniNode): void;
  destroy(): Promise<void>;
}

/** Patroni runs PostgreSQL, which refuses to run as root: as root both run as the `postgres` OS user. */
function asPostgresUser(command: string, args: string[]): [string, string[]] {
  if (process.getuid?.() !== 0) return [command, args];
  // setpriv execs (runuser forks): the child's pid is Patroni's own, for SIGKILL.
  return ['setpriv', ['--reuid', 'postgres', '--regid', 'postgres', '--init-groups', command, ...args]];
}

function start(command: string, args: string[], log: string): ChildProcess {
  const [file, argv] = asPostgresUser(command, args);
  const child = spawn(file, argv, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH ?? '' },
  });
  const append = (chunk: Buffer) => writeFileSync(log, chunk, { flag: 'a' });
  child.stdout.on('data', append);
  child.stderr.on('data', append);
  return child;
}

function patroniYaml(options: {
  name: string;
  dir: string;
  dataDir: string;
  pgPort: number;
  apiPort: number;
  etcdPort: number;
  synchronous: boolean;
}): string {
  // ttl 10 s, looked at every second: the failover test's election takes about ttl (docs/scaling.md keeps 30 s).
  return `scope: avs
namespace: /avs-failover-test/
name: ${options.name}
restapi:
  listen: 127.0.0.1:${options.apiPort}
  connect_address: 127.0.0.1:${options.apiPort}
etcd3:
  hosts: 127.0.0.1:${options.etcdPort}
bootstrap:
  dcs:
    ttl: 10
    loop_wait: 1
    retry_timeout: 4
    maximum_lag_on_failover: 1048576
    synchronous_mode: ${options.synchronous}
    synchronous_mode_strict: ${options.synchronous}
    postgresql:
      use_pg_rewind: true
      parameters:
        max_connections: 100
        wal_log_hints: 'on'
  initdb:
    - encoding: UTF8
  pg_hba:
    - local all all trust
    - host all all 127.0.0.1/32 trust
    - host replication all 127.0.0.1/32 trust
postgresql:
  listen: 127.0.0.1:${options.pgPort}
  connect_address: 127.0.0.1:${options.pgPort}
  data_dir: ${options.dataDir}
  bin_dir: ${POSTGRES_BIN}
  pgpass: ${path.join(options.dir, `${options.name}.pgpass`)}
  authentication:
    replication:
      username: postgres
    superuser:
      username: postgres
  parameters:
    unix_socket_directories: ${options.dir}
`;
}

async function getJson(url: string): Promise<{ status: number; body: unknown }> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    return { status: response.status, body: await response.json().catch(() => undefined) };
  } catch {
    return { status: 0, body: undefined };
  }
}

function killPid(pid: number | undefined): void {
  if (!pid) return;
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // gone already
  }
}

/** The `postgres` OS user's ids, from /etc/passwd. */
function postgresUser(): { uid: number; gid: number } {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('postgres:'));
  const [, , uid, gid] = line?.split(':') ?? [];
  return { uid: Number(uid), gid: Number(gid) };
}

function postmasterPid(dataDir: string): number | undefined {
  try {
    return Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return undefined;
  }
}

/**
 * etcd and three PostgreSQL 15 nodes under Patroni, all on free loopback ports in one temporary directory, as the
 * test's own processes (the machine's PostgreSQL is never touched). The first node bootstraps; the others clone it.
 */
export async function startPatroniCluster(options: { synchronous: boolean }): Promise<PatroniCluster> {
  const dir = mkdtempSync(path.join(tmpdir(), 'avs-patroni-'));
  const etcdDir = path.join(dir, 'etcd');
  mkdirSync(etcdDir);
  if (process.getuid?.() === 0) {
    const { uid, gid } = postgresUser();
    for (const owned of [dir, etcdDir]) chownSync(owned, uid, gid);
  }
  const [etcdPort, peerPort] = [await freePort(), await freePort()];
  const etcd = start(
    'etcd',
    [
      '--name=avs-test',
      `--data-dir=${etcdDir}`,
      `--listen-client-urls=http://127.0.0.1:${etcdPort}`,
      `--advertise-client-urls=http://127.0.0.1:${etcdPort}`,
      `--listen-peer-urls=http://127.0.0.1:${peerPort}`,
      `--initial-advertise-peer-urls=http://127.0.0.1:${peerPort}`,
      `--initial-cluster=avs-test=http://127.0.0.1:${peerPort}`,
    ],
    path.join(dir, 'etcd.log'),
  );
  const nodes: PatroniNode[] = [];
  const cluster: PatroniCluster = {
    url: '',
    nodes,
    async leader() {
      for (const node of nodes.filter((n) => !n.killed)) {
        if ((await getJson(`http://127.0.0.1:${node.apiPort}/leader`)).status === 200) return node;
      }
      return undefined;
    },
    async members() {
      for (const node of nodes.filter((n) => !n.killed)) {
        const { status, body } = await getJson(`http://127.0.0.1:${node.apiPort}/cluster`);
        if (status === 200) return (body as { members: ClusterMember[] }).members;
      }
      return [];
    },
    async waitForLeader({ other, timeoutMs = 90_000 } = {}) {
      return waitFor(
        async () => {
          const leader = await cluster.leader();
          if (!leader || leader === other) return undefined;
          if (!options.synchronous) return leader;
          const members = await cluster.members();
          return members.some((m) => m.role === 'sync_standby' && m.state === 'running') ? leader : undefined;
        },
        { timeoutMs, intervalMs: 100, message: 'a Patroni leader' },
      );
    },
    kill(node) {
      node.killed = true;
      killPid(postmasterPid(node.dataDir));
      killPid(node.patroni.pid);
    },
    async destroy() {
      for (const node of nodes) {
        killPid(node.patroni.pid);
        killPid(postmasterPid(node.dataDir));
      }
      killPid(etcd.pid);
      await Promise.all(
        [etcd, ...nodes.map((n) => n.patroni)]
          .filter((child) => child.exitCode === null && child.signalCode === null)
          .map((child) => once(child, 'exit')),
      );
      // PostgreSQL's own children may outlive Patroni and still hold its pipes: stop copying them to the logs first.
      for (const child of [etcd, ...nodes.map((n) => n.patroni)]) {
        child.stdout?.destroy();
        child.stderr?.destroy();
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    for (const name of ['node1', 'node2', 'node3']) {
      const [pgPort, apiPort] = [await freePort(), await freePort()];
      const dataDir = path.join(dir, name);
      const yml = path.join(dir, `${name}.yml`);
      writeFileSync(yml, patroniYaml({ name, dir, dataDir, pgPort, apiPort, etcdPort, ...options }));
      nodes.push({
        name,
        pgPort,
        apiPort,
        dataDir,
        patroni: start('patroni', [yml], path.join(dir, `${name}.log`)),
        killed: false,
      });
      // The first node bootstraps the cluster alone; the others then clone it (pg_basebackup).
      if (nodes.length === 1) await waitFor(() => cluster.leader(), { timeoutMs: 60_000, intervalMs: 200 });
    }
    cluster.url = `postgres://postgres@${nodes.map((n) => `127.0.0.1:${n.pgPort}`).join(',')}/postgres?target_session_attrs=read-write`;
    await cluster.waitForLeader();
    await waitFor(
      async () =>
        (await cluster.members()).filter((m) => m.state === 'running' || m.state === 'streaming').length ===
        3,
      { timeoutMs: 90_000, intervalMs: 200, message: 'three running Patroni members' },
    );
    return cluster;
  } catch (error) {
    const logs = ['etcd', ...nodes.map((n) => n.name)]
      .map((name) => {
        try {
          return `--- ${name}\n${readFileSync(path.join(dir, `${name}.log`), 'utf8').slice(-3_000)}`;
        } catch {
          return '';
        }
      })
      .join('\n');
    await cluster.destroy();
    throw new Error(`The Patroni cluster did not start: ${String(error)}\n${logs}`);
  }
}
