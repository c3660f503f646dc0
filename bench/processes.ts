import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import path from 'node:path';
import { packageRoot } from '../src/lib/package-root.js';
import type { BenchSettings } from './settings.js';

/** What a bench group's set-up is handed: the run's settings, the service's environment, the run's clean-ups. */
export interface ServiceBenchOptions {
  settings: BenchSettings;
  serviceEnv: Record<string, string>;
  poolEnv: Record<string, string>;
  cleanups: (() => Promise<void>)[];
  track: (server: RunningServer) => RunningServer;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

export interface RunningServer {
  name: string;
  url: string;
  pid: number;
  stop(): Promise<void>;
}

async function waitUntilHealthy(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not become healthy within ${timeoutMs} ms`);
}

/** Starts `node <script>` as a child process and waits until its /healthz answers. */
export async function startServerProcess(options: {
  name: string;
  script: string;
  args?: string[];
  env: NodeJS.ProcessEnv;
  port: number;
  cpuProfileDir?: string;
  /** How long it may take to answer /healthz (120 s unless given: a first start on a loaded machine may need more). */
  healthyWithinMs?: number;
}): Promise<RunningServer> {
  const nodeArgs = options.cpuProfileDir
    ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`, `--cpu-prof-name=${options.name}.cpuprofile`]
    : [];
  const child = spawn(process.execPath, [...nodeArgs, options.script, ...(options.args ?? [])], {
    cwd: packageRoot,
    env: options.env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${options.port}`;
  try {
    await waitUntilHealthy(url, child, options.healthyWithinMs ?? 120_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    name: options.name,
    url,
    pid: child.pid!,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** The service exactly as `npm start` runs it, tuned only by its documented environment variables. */
export async function startService(options: {
  name: string;
  env: Record<string, string>;
  cpuProfileDir?: string;
  healthyWithinMs?: number;
}): Promise<RunningServer> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, ...options.env, PORT: String(port), HOST: '127.0.0.1' };
  if (!options.env.DATABASE_URL) delete env.DATABASE_URL;
  return startServerProcess({
    name: options.name,
    script: path.join(packageRoot, 'dist/src/cli/avs.js'),
    args: ['serve'],
    env,
    port,
    cpuProfileDir: options.cpuProfileDir,
    healthyWithinMs: options.healthyWithinMs,
  });
}

/** Reads the resident set size of a process, in bytes. */
export async function residentSetSize(pid: number): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
  if (!match) throw new Error(`no VmRSS for pid ${pid}`);
  return Number(match[1]) * 1024;
}
