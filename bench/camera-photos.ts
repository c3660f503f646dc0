// `npm run bench:build && node dist/bench/camera-photos.js`: the server's peak resident set while it takes camera
// photographs (docs/media.md, "Camera photographs"): a ~28 MB JPEG of 12000 × 8333 pixels (100 megapixels), once
// alone, then BENCH_CAMERA_COPIES (4) at once, twice (the second round shows whether the peak keeps growing), with
// the service's own decode bound (AVS_MEDIA_DECODE_CONCURRENCY).
import { createFreshPostgres, seedPostgres } from './databases.js';
import { createAssets } from './fixtures.js';
import { describeMachine, serviceBenchEnv } from './machine.js';
import { cameraJpeg, measureBomb } from './media.js';
import { startService } from './processes.js';
import { readBenchSettings } from './settings.js';

const settings = readBenchSettings();
const COPIES = Number(process.env.BENCH_CAMERA_COPIES ?? 4);

async function main(): Promise<void> {
  const machine = await describeMachine(settings.adminDatabaseUrl);
  const fresh = await createFreshPostgres(settings.adminDatabaseUrl, 'camera');
  try {
    const credentials = await seedPostgres(fresh.url);
    const service = await startService({
      name: 'service-camera',
      env: { ...serviceBenchEnv(), DATABASE_URL: fresh.url },
    });
    try {
      const photo = await cameraJpeg();
      const assets = await createAssets(service.url, credentials.apiKey, COPIES + 1);
      console.log(
        `Machine: ${machine.cpus} CPUs (${machine.cpuModel}), Node ${machine.node}. The photo: ` +
          `${(photo.length / 1024 / 1024).toFixed(1)} MiB, 12000 × 8333 pixels.`,
      );
      let next = 0;
      const send = async (): Promise<number> => {
        const asset = assets[next++ % assets.length]!;
        const response = await fetch(`${service.url}/files/v1/assets/artworks/${asset.id}/media`, {
          method: 'POST',
          headers: { authorization: `Bearer ${credentials.apiKey}`, 'content-type': 'image/jpeg' },
          body: photo,
        });
        const record = (await response.json()) as { width?: number; height?: number };
        if (response.status === 201) console.log(`  stored ${record.width} × ${record.height}`);
        return response.status;
      };
      for (const copies of [1, COPIES, COPIES]) {
        const measured = await measureBomb(service.pid, `${copies} at once`, send, copies);
        console.log(
          `${measured.name}: ${[...new Set(measured.statuses)].join(', ')} in ` +
            `${(measured.milliseconds / 1000).toFixed(1)} s; server RSS ${measured.rssBeforeMiB.toFixed(0)} → ` +
            `peak ${measured.peakRssMiB.toFixed(0)} MiB`,
        );
      }
    } finally {
      await service.stop();
    }
  } finally {
    await fresh.drop();
  }
}

await main();
