import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { packageRoot } from '../../src/lib/package-root.js';

/** The built CLI, as `npm start` and the `avs` bin run it (tests run `npm run build` first via npm test). */
const avsBin = path.join(packageRoot, 'dist', 'src', 'cli', 'avs.js');

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

const baseEnv = (env: Record<string, string>) => ({
  PATH: process.env.PATH ?? '',
  HOME: process.env.HOME ?? '/tmp',
  LOG_LEVEL: 'warn',
  ...env,
});

/** Runs `avs <args>` to completion. */
export async function runAvs(
  args: string[],
  options: { env?: Record<string, string>; input?: string; timeoutMs?: number } = {},
): Promise<CliResult> {
  const child = spawn(process.execPath, [avsBin, ...args], {
    env: baseEnv(options.env ?? {}),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.end(options.input ?? '');
  const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000);
  const [code, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
  clearTimeout(timer);
  return { code, signal, stdout, stderr };
}

/** The lowest port the kernel hands to outgoing connections; a daemon's port below it cannot be taken by one. */
function ephemeralRangeStart(): number | undefined {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').split(/\s+/)[0]);
    return Number.isInteger(low) && low > 12_000 ? low : undefined;
  } catch {
    return undefined;
  }
}

const portsHandedOut = new Set<number>();

async function canListen(port: number): Promise<boolean> {
  const server = createServer();
  const listened = await new Promise<boolean>((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => resolve(true));
  });
  if (listened) await new Promise((resolve) => server.close(resolve));
  return listened;
}

/**
 * A free loopback port for a process started later (the service, etcd, Patroni, PostgreSQL, PgBouncer): chosen below
 * the kernel's ephemeral range, because a port from `listen(0)` is closed before the process binds it and, in between,
 * any outgoing connection on the machine may take it as its local port.
 */
export async function freePort(): Promise<number> {
  const rangeStart = ephemeralRangeStart();
  for (let attempt = 0; rangeStart !== undefined && attempt < 200; attempt++) {
    const port = 10_000 + Math.floor(Math.random() * (rangeStart - 10_000));
    if (portsHandedOut.has(port) || !(await canListen(port))) continue;
    portsHandedOut.add(port);
    return port;
  }
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (typeof address !== 'object' || !address) throw new Error('no port');
  return address.port;
}

export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  output(): string;
  /** Sends SIGTERM and waits for the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Starts `avs serve` on a free port and waits until /healthz answers. A first start on the embedded database
 * creates it (initdb in a child process) and compiles PGlite: seconds on a quiet machine, a minute and more on a
 * 2-core one running three test files beside it.
 */
export async function startServerProcess(
  env: Record<string, string>,
  timeoutMs = 150_000,
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [avsBin, 'serve'], {
    env: baseEnv({ HOST: '127.0.0.1', PORT: String(port), ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = once(child, 'exit');
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`avs serve exited with ${child.exitCode}:\n${output}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`avs serve did not become healthy in ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    port,
    child,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill(signal);
      const [code] = (await exited) as [number | null];
      return code;
    },
  };
}

export interface WorkerProcess {
  child: ChildProcess;
  output(): string;
  /** Sends the signal (SIGTERM by default) and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts `avs worker` and waits until it logs that it started. */
export function startWorkerProcess(
  env: Record<string, string>,
  args: string[] = [],
  timeoutMs = 60_000,
): Promise<WorkerProcess> {
  return startCliProcess(
    ['worker', ...args],
    { AVS_WEBHOOK_DELIVERY: 'on', ...env, LOG_LEVEL: 'info' },
    'webhook worker started',
    timeoutMs,
  );
}

/** Starts a long-lived `avs <args>` and waits until its output holds `ready`. */
export async function startCliProcess(
  args: string[],
  env: Record<string, string>,
  ready: string,
  timeoutMs = 60_000,
): Promise<WorkerProcess> {
  const child = spawn(process.execPath, [avsBin, ...args], {
    env: baseEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = once(child, 'exit');
  const deadline = Date.now() + timeoutMs;
  while (!output.includes(ready)) {
    if (child.exitCode !== null) throw new Error(`avs ${args[0]} exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`avs ${args[0]} did not start in ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    child,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      await exited;
    },
  };
}
