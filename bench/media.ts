// The media scenarios of `npm run bench`: upload and download of a 1 MiB image, with the server's memory, and the
// photo search's whole request.
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { packageRoot } from '../src/lib/package-root.js';
import { imageDecoder } from '../src/modules/media/media-processing.js';
import { prepareUpload } from '../src/modules/media/media.service.js';
import { loopMeasurement, type Measurement, type RequestSpec } from './load.js';
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

/** Uploads one image; the stored medium's id and the SHA-256 of its stored (re-encoded) bytes. */
export async function uploadOnce(
  url: string,
  apiKey: string,
  assetId: string,
  image: Buffer,
): Promise<{ id: string; sha256: string }> {
  const response = await fetch(`${url}/files/v1/assets/artworks/${assetId}/media`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'image/jpeg' },
    body: image,
  });
  if (response.status !== 201)
    throw new Error(`media upload: HTTP ${response.status} ${await response.text()}`);
  const { id, sha256 } = (await response.json()) as { id: string; sha256: string };
  return { id, sha256 };
}

/** The service's defaults (AVS_MEDIA_MAX_PIXELS); one decode at a time, so each image's CPU is its own. */
const UPLOAD_DECODER = { maxPixels: 40_000_000, concurrency: 1 };

/**
 * The floor of an upload's CPU: the service's own processing of it (prepareUpload: the type sniffed, the image
 * re-encoded without its metadata, its digests and fingerprint), in this process, one image after another for
 * `seconds`. CPU is this process's (all threads, libvips' included) per 1,000 images.
 */
export async function measureUploadProcessing(
  images: readonly Buffer[],
  seconds: number,
): Promise<Measurement> {
  const decoder = imageDecoder(UPLOAD_DECODER);
  const latenciesMs: number[] = [];
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  while (performance.now() - started < seconds * 1000) {
    const sent = performance.now();
    await prepareUpload('image/jpeg', images[latenciesMs.length % images.length]!, decoder);
    latenciesMs.push(performance.now() - sent);
  }
  const elapsedSeconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  return {
    ...loopMeasurement(latenciesMs, elapsedSeconds, 0),
    cpuMsPer1000: (cpuMs * 1000) / Math.max(1, latenciesMs.length),
  };
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

/**
 * A camera-like JPEG of 12000 × 8333 pixels (100 megapixels), about 28 MB: noise scaled up, whose grain and edges
 * compress about as badly as a photograph's. Made in a few seconds without holding its pixels (libvips streams it).
 */
export async function cameraJpeg(): Promise<Buffer> {
  const [width, height] = [2000, 1389];
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .resize(12_000, 8_333, { kernel: 'cubic' })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/**
 * A decompression bomb: a lossless WebP of one colour that decodes to `side` × `side` pixels (16000² is
 * 768 MB of RGB) in 34 bytes. libwebp codes a one-colour image with one-symbol Huffman codes, zero bits a
 * pixel, so a 16×16 one with its VP8L header rewritten to another size is still a valid image of that size.
 */
export async function webpBomb(side = 16_000): Promise<Buffer> {
  const small = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#000' } })
    .webp({ lossless: true })
    .toBuffer();
  const bomb = Buffer.from(small);
  // After "VP8L", its chunk size and the 0x2f signature: 14 bits of width - 1, 14 of height - 1, 4 more.
  const bits = bomb.readUInt32LE(21);
  bomb.writeUInt32LE(((bits & 0xf0000000) | ((side - 1) << 14) | (side - 1)) >>> 0, 21);
  return bomb;
}

/** A progressive JPEG whose frame header (SOF2) says `side` × `side`: a decoder sizes its buffers from it. */
export async function progressiveJpegBomb(side = 16_000): Promise<Buffer> {
  const small = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#345' } })
    .jpeg({ progressive: true })
    .toBuffer();
  const bomb = Buffer.from(small);
  let at = 2;
  while (bomb.readUInt16BE(at) !== 0xffc2) at += 2 + bomb.readUInt16BE(at + 2);
  // SOF2: marker, length, precision, then height and width.
  bomb.writeUInt16BE(side, at + 5);
  bomb.writeUInt16BE(side, at + 7);
  return bomb;
}

export interface BombMeasurement {
  name: string;
  statuses: number[];
  /** From the first request sent to the last answer. */
  milliseconds: number;
  rssBeforeMiB: number;
  peakRssMiB: number;
}

/** Sends `copies` of a bomb at once and measures how long the answers take and the server's peak RSS (50 ms). */
export async function measureBomb(
  pid: number,
  name: string,
  send: () => Promise<number>,
  copies: number,
): Promise<BombMeasurement> {
  const before = await residentSetSize(pid);
  let peak = before;
  const sampler = setInterval(() => {
    residentSetSize(pid).then(
      (rss) => {
        peak = Math.max(peak, rss);
      },
      () => {},
    );
  }, 50);
  try {
    const started = performance.now();
    const statuses = await Promise.all(Array.from({ length: copies }, send));
    const milliseconds = performance.now() - started;
    return {
      name,
      statuses,
      milliseconds,
      rssBeforeMiB: before / MIB,
      peakRssMiB: Math.max(peak, await residentSetSize(pid)) / MIB,
    };
  } finally {
    clearInterval(sampler);
  }
}

const PHOTOGRAPHS = path.join(packageRoot, 'test', 'fixtures', 'photos', 'originals');

/** The 60 test photographs of the photo search (test/fixtures/photos: JPEGs of at most 320 px). */
export function testPhotographs(): Buffer[] {
  return readdirSync(PHOTOGRAPHS)
    .filter((file) => file.endsWith('.jpg'))
    .sort()
    .map((file) => readFileSync(path.join(PHOTOGRAPHS, file)));
}

/**
 * What a photo search sends: each photograph enlarged to 1,280 px wide as a JPEG of quality 94, about 100 KB
 * on average (a phone's picture as a messenger passes it on); the service decodes all of it to fingerprint it.
 */
export async function photoSearchImages(photographs: readonly Buffer[]): Promise<Buffer[]> {
  return Promise.all(
    photographs.map((photo) => sharp(photo).resize({ width: 1280 }).jpeg({ quality: 94 }).toBuffer()),
  );
}

/** Posts the bodies in turn to one path, as JPEGs. */
export function rotatingJpegPosts(requestPath: string, bodies: readonly Buffer[]): RequestSpec {
  let next = 0;
  return {
    method: 'POST',
    path: requestPath,
    setupRequest: (request) => {
      request.headers = { ...request.headers, 'content-type': 'image/jpeg' };
      request.body = bodies[next++ % bodies.length];
      return request;
    },
  };
}
