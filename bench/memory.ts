// `npm run bench:memory`: a million mixed requests against the service on PostgreSQL, sampling the
// server's resident set size; the target is RSS after 1,000,000 within 10 % of RSS after 100,000.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { packageRoot } from '../src/lib/package-root.js';
import { createFreshPostgres, seedPostgres } from './databases.js';
import { CREATE_BODY, createAssets } from './fixtures.js';
import { mixedRequests, runHttpLoad } from './load.js';
import { describeMachine, serviceBenchEnv } from './machine.js';
import { residentSetSize, startService } from './processes.js';
import { readBenchSettings } from './settings.js';

const settings = readBenchSettings();
const MIB = 1024 * 1024;

async function main(): Promise<void> {
  const machine = await describeMachine(settings.adminDatabaseUrl);
  const benchEnv = serviceBenchEnv();
  const fresh = await createFreshPostgres(settings.adminDatabaseUrl, 'memory');
  try {
    const credentials = await seedPostgres(fresh.url);
    const service = await startService({
      name: 'service-memory',
      env: { ...benchEnv, DATABASE_URL: fresh.url },
    });
    try {
      console.log(
        `Machine: ${machine.cpus} CPUs (${machine.cpuModel}), Node ${machine.node}, PostgreSQL ${machine.postgres}`,
      );
      console.log(
        `The service runs with ${Object.entries(benchEnv)
          .map(([name, value]) => `${name}=${value}`)
          .join(' ')}. ${settings.memoryRequests} requests, 80 % get / 20 % create, ` +
          `${settings.connections} connections.`,
      );
      const assets = await createAssets(service.url, credentials.apiKey, 256);
      const getPaths = assets.map((asset) => `/api/v1/assets/artworks/${asset.id}`);
      const checkpoint = Math.round(settings.memoryRequests / 10);
      const samples: { requests: number; rssMiB: number; seconds: number }[] = [];
      let responses = 0;
      let nextSample = checkpoint;
      const started = Date.now();
      const sample = async (): Promise<void> => {
        const rss = await residentSetSize(service.pid);
        samples.push({ requests: responses, rssMiB: rss / MIB, seconds: (Date.now() - started) / 1000 });
        console.log(`${responses} requests: RSS ${(rss / MIB).toFixed(1)} MiB`);
      };
      samples.push({ requests: 0, rssMiB: (await residentSetSize(service.pid)) / MIB, seconds: 0 });
      const result = await runHttpLoad(
        {
          target: () => service.url,
          headers: { authorization: `Bearer ${credentials.apiKey}` },
          requests: mixedRequests(getPaths, '/api/v1/assets/artworks', CREATE_BODY),
        },
        {
          connections: settings.connections,
          amount: settings.memoryRequests,
          onResponse: () => {
            responses++;
            if (responses >= nextSample) {
              nextSample += checkpoint;
              void sample();
            }
          },
        },
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      const atFirst = samples.find((entry) => entry.requests >= checkpoint);
      const atEnd = samples[samples.length - 1];
      if (!atFirst || !atEnd) throw new Error('too few samples');
      const growth = (atEnd.rssMiB - atFirst.rssMiB) / atFirst.rssMiB;
      console.log('');
      console.log(
        `${result.total} requests in ${samples[samples.length - 1]!.seconds.toFixed(0)} s ` +
          `(${result.requestsPerSecond.toFixed(0)} req/s, p99 ${result.p99Ms} ms, errors ${result.errors}, non-2xx ${result.non2xx})`,
      );
      console.log(
        `RSS after ${atFirst.requests}: ${atFirst.rssMiB.toFixed(1)} MiB; after ${atEnd.requests}: ` +
          `${atEnd.rssMiB.toFixed(1)} MiB; change ${(growth * 100).toFixed(1)} % ` +
          `(target within 10 %: ${Math.abs(growth) <= 0.1 ? 'met' : 'NOT met'})`,
      );
      const resultsDir = path.join(packageRoot, 'bench/results');
      mkdirSync(resultsDir, { recursive: true });
      writeFileSync(
        path.join(resultsDir, 'memory-latest.json'),
        `${JSON.stringify({ at: new Date().toISOString(), machine, serviceEnv: benchEnv, result, samples, growth }, null, 2)}\n`,
      );
    } finally {
      await service.stop();
    }
  } finally {
    await fresh.drop();
  }
}

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
}
