import autocannon from 'autocannon';
import { costPerRequest, processCost } from './process-cost.js';

/** One measured round of one scenario. */
export interface Measurement {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  total: number;
  /** CPU (user + system) the server process spent per 1,000 requests of the round, when measured. */
  cpuMsPer1000?: number;
  /** Write system calls the server process made per request, when measured. */
  writesPerRequest?: number;
  /** CPU the bench's own process (autocannon, the load generator) spent per 1,000 requests of an HTTP round. */
  loaderCpuMsPer1000?: number;
}

export type RequestSpec = autocannon.Request;

export interface HttpLoad {
  /** The base URL of the server under load, read when the round starts. */
  target: () => string;
  /** The server process under load: its CPU and write syscalls are read before and after the round. */
  pid?: () => number;
  headers?: Record<string, string>;
  requests: RequestSpec[];
}

const JSON_HEADERS = { 'content-type': 'application/json' };

/** Cycles through the given paths, one per request. */
export function rotatingGet(paths: readonly string[]): RequestSpec {
  let next = 0;
  return {
    method: 'GET',
    setupRequest: (request) => {
      request.path = paths[next++ % paths.length]!;
      return request;
    },
  };
}

/** POST /api/v1/verify of the given artworks in turn, one per request. */
export function rotatingVerify(assets: readonly { id: string }[]): RequestSpec {
  let next = 0;
  return {
    method: 'POST',
    path: '/api/v1/verify',
    setupRequest: (request) => {
      request.body = JSON.stringify({ planet: 'artworks', asset_id: assets[next++ % assets.length]!.id });
      return request;
    },
  };
}

/** PATCH of one asset's title, a new title each time: each request appends an UPDATED event to its history. */
export function rotatingTitlePatch(path: string): RequestSpec {
  let next = 0;
  return {
    method: 'PATCH',
    path,
    setupRequest: (request) => {
      request.body = JSON.stringify({ title: `Bench asset, patch ${++next}` });
      return request;
    },
  };
}

/** Four reads to one create (80 % reads, 20 % creates); autocannon sends a connection's requests in turn. */
export function mixedRequests(getPaths: readonly string[], createPath: string, body: string): RequestSpec[] {
  const get = rotatingGet(getPaths);
  return [get, get, get, get, { method: 'POST', path: createPath, body }];
}

export async function runHttpLoad(
  load: HttpLoad,
  options: { connections: number; seconds?: number; amount?: number; onResponse?: () => void },
): Promise<Measurement> {
  const pid = load.pid?.();
  const before = pid === undefined ? undefined : processCost(pid);
  const loaderBefore = process.cpuUsage();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: load.target(),
        connections: options.connections,
        ...(options.amount ? { amount: options.amount } : { duration: options.seconds ?? 5 }),
        headers: { ...JSON_HEADERS, ...load.headers },
        requests: load.requests,
      },
      (error: Error | null, outcome: autocannon.Result) => (error ? reject(error) : resolve(outcome)),
    );
    if (options.onResponse) instance.on('response', options.onResponse);
  });
  const loaderCpu = process.cpuUsage(loaderBefore);
  const cost =
    pid === undefined || before === undefined
      ? undefined
      : costPerRequest(before, processCost(pid), result.requests.total);
  return {
    requestsPerSecond: result.requests.total / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    total: result.requests.total,
    ...(result.requests.total > 0
      ? { loaderCpuMsPer1000: ((loaderCpu.user + loaderCpu.system) / 1000 / result.requests.total) * 1000 }
      : {}),
    ...(cost ? { cpuMsPer1000: cost.cpuMsPer1000, writesPerRequest: cost.writesPerRequest } : {}),
  };
}

/** The measurement of an in-process loop: its latencies (sorted here), how long it ran and how often it failed. */
export function loopMeasurement(latenciesMs: number[], elapsedSeconds: number, errors: number): Measurement {
  latenciesMs.sort((a, b) => a - b);
  return {
    requestsPerSecond: latenciesMs.length / elapsedSeconds,
    p50Ms: percentile(latenciesMs, 0.5),
    p99Ms: percentile(latenciesMs, 0.99),
    errors,
    non2xx: 0,
    total: latenciesMs.length,
  };
}

/** Latency percentiles of in-process loops, in milliseconds. */
export function percentile(sortedMs: readonly number[], fraction: number): number {
  if (sortedMs.length === 0) return 0;
  const index = Math.min(sortedMs.length - 1, Math.ceil(fraction * sortedMs.length) - 1);
  return sortedMs[Math.max(0, index)]!;
}
