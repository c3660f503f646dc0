// The media scenarios of `npm run bench`: upload and download of a 1 MiB image, with the server's memory.
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { Measurement, RequestSpec } from './load.js';
import { residentSetSize } from './processes.js';

const MIB = 1024 * 1024;

/**
 * Distinct JPEGs of about 1 MiB (random pixels compress badly): each upload is a new file to decode, strip,
 * hash and store, until the set comes round again (then only the rows are new: the bytes are stored once).
 */
export async function benchImages(count: number): Promise<Buffer[]> {
  const width = 1320;
  const height = 990;
  const images: Buffer[] = [];
  for (let index = 0; index < count; index++) {
    const pixels = randomBytes(width * height * 3);
    images.push(
      await sharp(pixels, { raw: { width, height, channels: 3 } })
        .jpeg({ quality: 90 })
        .toBuffer(),
    );
  }
  return images;
}

/** Uploads in turn: image i to asset i (several assets, so uploads do not queue on one asset's row lock). */
export function rotatingUploads(assetIds: readonly string[], images: readonly Buffer[]): RequestSpec {
  let next = 0;
  return {
    method: 'POST',
    setupRequest: (request) => {
      const index = next++;
      request.path = `/files/v1/assets/artworks/${assetIds[index % assetIds.length]}/media`;
      request.headers = { ...request.headers, 'content-type': 'image/jpeg' };
      request.body = images[index % images.length];
      return request;
    },
  };
}

export async function uploadOnce(
  url: string,
  apiKey: string,
  assetId: string,
  image: Buffer,
): Promise<string> {
  const response = await fetch(`${url}/files/v1/assets/artworks/${assetId}/media`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'image/jpeg' },
    body: image,
  });
  if (response.status !== 201)
    throw new Error(`media upload: HTTP ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

export interface MemoryMeasurement extends Measurement {
  /** The server's resident set before the round and its peak during it (sampled every 100 ms). */
  rssBeforeMiB: number;
  peakRssMiB: number;
}

/** Runs a measurement while sampling the server's RSS. */
export async function withPeakRss(
  pid: number,
  measure: () => Promise<Measurement>,
): Promise<MemoryMeasurement> {
  const before = await residentSetSize(pid);
  let peak = before;
  const sampler = setInterval(() => {
    residentSetSize(pid).then(
      (rss) => {
        peak = Math.max(peak, rss);
      },
      () => {},
    );
  }, 100);
  try {
    const measurement = await measure();
    return {
      ...measurement,
      rssBeforeMiB: before / MIB,
      peakRssMiB: Math.max(peak, await residentSetSize(pid)) / MIB,
    };
  } finally {
    clearInterval(sampler);
  }
}
