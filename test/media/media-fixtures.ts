import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';
import sharp from 'sharp';
import { cameraJpeg } from '../../bench/media.js';
import { packageRoot } from '../../src/lib/package-root.js';

/** A PNG drawn with pngjs (not the library under test): a gradient of the given size. */
export function pngImage(width = 64, height = 48): Buffer {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * 4;
      png.data[at] = (x * 255) / width;
      png.data[at + 1] = (y * 255) / height;
      png.data[at + 2] = 120;
      png.data[at + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

/** One of the real photographs of test/fixtures/photos/originals (JPEG, at most 320 px; README.md there). */
export function fixturePhoto(name: string): Buffer {
  return readFileSync(path.join(packageRoot, 'test', 'fixtures', 'photos', 'originals', name));
}

/**
 * A 13 × 13 lossless WebP of one colour whose every byte is ASCII: what survives a proxy that forwards bodies as
 * text (Prism's, in the Dredd run). Its VP8L stream codes each channel with a one-symbol prefix code (zero bits a
 * pixel), the colour and the size chosen so that no byte has its high bit set.
 */
export const asciiWebp = (): Buffer =>
  Buffer.from('RIFF\x18\x00\x00\x00WEBPVP8L\x0b\x00\x00\x00/\x0c\x00\x03\x00(@A\n\x12\x01\x00', 'latin1');

export async function jpegImage(width = 64, height = 48): Promise<Buffer> {
  return sharp(pngImage(width, height)).jpeg({ quality: 80 }).toBuffer();
}

export async function webpImage(width = 64, height = 48): Promise<Buffer> {
  return sharp(pngImage(width, height)).webp({ quality: 80 }).toBuffer();
}

/** A one-page PDF with an Info dictionary (author and creator), written by hand. */
export function pdfDocument(): Buffer {
  return Buffer.from(
    [
      '%PDF-1.4',
      '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
      '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
      '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
      '4 0 obj << /Author (Grading Lab) /Creator (Report writer) >> endobj',
      'trailer << /Root 1 0 R /Info 4 0 R >>',
      '%%EOF',
      '',
    ].join('\n'),
  );
}

/**
 * An EXIF APP1 segment written byte by byte (TIFF, little-endian): IFD0 holds Make and a GPSInfo pointer,
 * the GPS IFD holds latitude N 48° 51' 29.4" and longitude E 2° 17' 40.2" (a home in Paris).
 */
function exifWithGps(): Buffer {
  const tiff = Buffer.alloc(200);
  let at = 0;
  const u16 = (value: number) => {
    tiff.writeUInt16LE(value, at);
    at += 2;
  };
  const u32 = (value: number) => {
    tiff.writeUInt32LE(value, at);
    at += 4;
  };
  /** An IFD entry: tag, type (2 ASCII, 4 LONG, 5 RATIONAL), count, and a 4-byte value or offset. */
  const entry = (tag: number, type: number, count: number, value: string | number) => {
    u16(tag);
    u16(type);
    u32(count);
    if (typeof value === 'number') u32(value);
    else at += tiff.write(value.padEnd(4, '\0'), at, 'ascii');
  };
  tiff.write('II', 0, 'ascii');
  at = 2;
  u16(42);
  u32(8);
  // IFD0 at 8: Make ("Cam") and GPSInfo (the offset of the GPS IFD).
  const gpsIfd = 8 + 2 + 2 * 12 + 4;
  u16(2);
  entry(0x010f, 2, 4, 'Cam');
  entry(0x8825, 4, 1, gpsIfd);
  u32(0);
  // GPS IFD: latitude and longitude with their references, then the rationals they point at.
  const rationals = gpsIfd + 2 + 4 * 12 + 4;
  u16(4);
  entry(0x0001, 2, 2, 'N');
  entry(0x0002, 5, 3, rationals);
  entry(0x0003, 2, 2, 'E');
  entry(0x0004, 5, 3, rationals + 24);
  u32(0);
  for (const [numerator, denominator] of [
    [48, 1],
    [51, 1],
    [294, 10],
    [2, 1],
    [17, 1],
    [402, 10],
  ] as const) {
    u32(numerator);
    u32(denominator);
  }
  const body = Buffer.concat([Buffer.from('Exif\0\0', 'ascii'), tiff.subarray(0, at)]);
  const header = Buffer.alloc(4);
  header.writeUInt16BE(0xffe1, 0);
  header.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([header, body]);
}

/** A JPEG with the EXIF segment above placed right after its start-of-image marker. */
export async function jpegWithGps(): Promise<Buffer> {
  const plain = await jpegImage(80, 60);
  return Buffer.concat([plain.subarray(0, 2), exifWithGps(), plain.subarray(2)]);
}

/** The markers of a JPEG's segments up to the start of scan, read by hand (APP1 is 0xffe1). */
export function jpegMarkers(jpeg: Buffer): number[] {
  const markers: number[] = [];
  let at = 2;
  while (at + 4 <= jpeg.length && jpeg[at] === 0xff) {
    const marker = jpeg.readUInt16BE(at);
    markers.push(marker);
    if (marker === 0xffda) break;
    at += 2 + jpeg.readUInt16BE(at + 2);
  }
  return markers;
}

/** A camera's JPEG as it comes off the card: 12000 × 8333 pixels (100 megapixels), about 28 MB, with GPS in EXIF. */
export async function cameraJpegWithGps(): Promise<Buffer> {
  const photo = await cameraJpeg();
  return Buffer.concat([photo.subarray(0, 2), exifWithGps(), photo.subarray(2)]);
}

/** The HEIC photograph of test/fixtures/heic (README.md there): an iPhone's format, HEVC-coded. */
export function heicPhoto(): Buffer {
  return readFileSync(path.join(packageRoot, 'test', 'fixtures', 'heic', 'garden.heic'));
}

// The decompression bombs and the camera JPEG are the bench's (`npm run bench:memory` measures the bombs against
// a running server, `bench/camera-photos.ts` the camera JPEG).
export { progressiveJpegBomb, webpBomb } from '../../bench/media.js';
