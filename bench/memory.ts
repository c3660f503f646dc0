// `npm run bench:memory`: a million mixed requests against the service on PostgreSQL, sampling the
// server's resident set size; the target is RSS after 1,000,000 within 10 % of RSS after 100,000. The mix is
// round 3's hot paths (issue #35): a get, a verification, a certificate page, a history page and a create.
// First, image bombs (docs/reliability.md, "Found from outside"): 8 at once of each (BENCH_BOMB_COPIES), their time and the
// server's peak RSS.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { packageRoot } from '../src/lib/package-root.js';
import { createFreshPostgres, issueCertificates, seedPostgres } from './databases.js';
import { CREATE_BODY, createAssets } from './fixtures.js';
import { rotatingGet, rotatingVerify, runHttpLoad, type RequestSpec } from './load.js';
import { describeMachine, serviceBenchEnv } from './machine.js';
import { residentSetSize, startService } from './processes.js';
import { measureBomb, progressiveJpegBomb, webpBomb, type BombMeasurement } from './media.js';
import { readBenchSettings } from './settings.js';

const settings = readBenchSettings();
const MIB = 1024 * 1024;

/** Each bomb BENCH_settings.bombCopies (8) times at once: to an asset of the caller's that is pending, and to an id that does not exist. */
async function measureBombs(
  url: string,
  pid: number,
  apiKey: string,
  assetId: string,
): Promise<BombMeasurement[]> {
  const bombs = [
    { name: '34-byte lossless WebP, 16000²', type: 'image/webp', bytes: await webpBomb() },
    { name: 'progressive JPEG header, 16000²', type: 'image/jpeg', bytes: await progressiveJpegBomb() },
  ];
  const targets = [
    { name: 'pending asset', id: assetId },
    { name: 'missing asset', id: '00000000-0000-4000-8000-000000000000' },
  ];
  const measurements: BombMeasurement[] = [];
  for (const bomb of bombs) {
    for (const target of targets) {
      const send = async () => {
        const response = await fetch(`${url}/files/v1/assets/artworks/${target.id}/media`, {
          method: 'POST',
          headers: { authorization: `Bearer ${apiKey}`, 'content-type': bomb.type },
          body: bomb.bytes,
        });
        await response.arrayBuffer();
        return response.status;
      };
      const measured = await measureBomb(pid, `${bomb.name} → ${target.name}`, send, settings.bombCopies);
      measurements.push(measured);
      console.log(
        `${settings.bombCopies} × ${measured.name}: ${[...new Set(measured.statuses)].join(', ')} in ` +
          `${measured.milliseconds.toFixed(0)} ms; RSS ${measured.rssBeforeMiB.toFixed(1)} → peak ` +
          `${measured.peakRssMiB.toFixed(1)} MiB`,
      );
    }
  }
  return measurements;
}

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
          .join(' ')}. ${settings.memoryRequests} requests, a get, a verification, a certificate page, a ` +
          `history page and a create in turn, ` +
          `${settings.connections} connections.`,
      );
      const assets = await createAssets(service.url, credentials.apiKey, 256);
      const bombs = await measureBombs(service.url, service.pid, credentials.apiKey, assets[0]!.id);
      await issueCertificates(
        fresh.url,
        assets.map((asset) => asset.certificate_number),
      );
      const requests: RequestSpec[] = [
        rotatingGet(assets.map((asset) => `/api/v1/assets/artworks/${asset.id}`)),
        rotatingVerify(assets),
        rotatingGet(assets.map((asset) => `/c/${asset.certificate_number}`)),
        rotatingGet(assets.map((asset) => `/api/v1/assets/artworks/${asset.id}/history`)),
        { method: 'POST', path: '/api/v1/assets/artworks', body: CREATE_BODY },
      ];
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
          requests,
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
        `${JSON.stringify({ at: new Date().toISOString(), machine, serviceEnv: benchEnv, bombs, result, samples, growth }, null, 2)}\n`,
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
