import sharp from 'sharp';

// Temporary stand-in of photo-algo's module (same signatures), replaced by `git merge photo-algo`.

/** The perceptual fingerprints of one image. phash: 64-bit DCT pHash as an unsigned bigint. */
export interface ImageFingerprint {
  phash: bigint;
}

const N = 32;
const LOW = 8;

/** Decodes with sharp (any format sharp reads), returns the fingerprint. Throws on undecodable input. */
export async function fingerprintImage(bytes: Uint8Array): Promise<ImageFingerprint> {
  const grey = await sharp(bytes, { failOn: 'error' })
    .rotate()
    .greyscale()
    .resize(N, N, { fit: 'fill' })
    .raw()
    .toBuffer();
  const low: number[] = [];
  for (let u = 0; u < LOW; u++)
    for (let v = 0; v < LOW; v++) {
      let sum = 0;
      for (let y = 0; y < N; y++)
        for (let x = 0; x < N; x++)
          sum +=
            grey[y * N + x]! *
            Math.cos((Math.PI * u * (2 * y + 1)) / (2 * N)) *
            Math.cos((Math.PI * v * (2 * x + 1)) / (2 * N));
      low.push(sum);
    }
  const sorted = [...low].sort((a, b) => a - b);
  const median = (sorted[31]! + sorted[32]!) / 2;
  let phash = 0n;
  for (const value of low) phash = (phash << 1n) | (value > median ? 1n : 0n);
  return { phash };
}

export function hammingDistance(a: bigint, b: bigint): number {
  let x = a ^ b;
  let count = 0;
  while (x > 0n) {
    count += Number(x & 1n);
    x >>= 1n;
  }
  return count;
}
