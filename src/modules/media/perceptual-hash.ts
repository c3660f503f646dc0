import { loadSharp } from '../../lib/lazy-modules.js';
import { popcount32 } from '../../lib/popcount.js';

export { popcount32 };

/** The perceptual fingerprints of one image. phash: 64-bit DCT pHash as an unsigned bigint. */
export interface ImageFingerprint {
  phash: bigint;
}

/**
 * The pHash of an image with nothing to fingerprint (blank, or so flat that its grey square varies by under
 * FEATURELESS_DEVIATION): its DCT coefficients are rounding noise, so blank images would all match each other.
 * No pHash of a real image is 0 (the median splits the 64 bits about evenly); the index neither stores nor finds it.
 */
export const FEATURELESS_PHASH = 0n;
// Grey levels (0..255) of standard deviation; the flattest photograph of the quality set has 7.3, blank ones < 0.5.
const FEATURELESS_DEVIATION = 2;

/** The side of the grey square the DCT reads (imagehash: hash_size 8 × highfreq_factor 4). */
const PHASH_SAMPLE_SIZE = 32;
const LOW = 8;

// cos(π·k·(2n+1) / 2N) for the 8 lowest frequencies k: the DCT-II basis, shared by both passes.
const BASIS = new Float64Array(LOW * PHASH_SAMPLE_SIZE);
for (let k = 0; k < LOW; k++) {
  for (let n = 0; n < PHASH_SAMPLE_SIZE; n++) {
    BASIS[k * PHASH_SAMPLE_SIZE + n] = Math.cos((Math.PI * k * (2 * n + 1)) / (2 * PHASH_SAMPLE_SIZE));
  }
}

/**
 * The pHash of a 32 × 32 grey image (row-major, 0..255), as Python imagehash's `phash` defines it: the 2-D
 * DCT-II, its top-left 8 × 8 coefficients (the DC term included), each bit set when its coefficient is above
 * the median of the 64; the first coefficient (row 0, column 0) is the most significant bit.
 * The DCT's constant factors are left out: they scale every coefficient alike, so no bit changes.
 */
export function phashOfGreySquare(pixels: ArrayLike<number>): bigint {
  const n = PHASH_SAMPLE_SIZE;
  if (pixels.length !== n * n) throw new RangeError(`expected ${n * n} grey pixels, got ${pixels.length}`);
  // Down the columns first (frequency rows u), then along the rows (frequency columns v): only 8 of each kept.
  const columns = new Float64Array(LOW * n);
  for (let u = 0; u < LOW; u++) {
    for (let x = 0; x < n; x++) {
      let sum = 0;
      for (let y = 0; y < n; y++) sum += BASIS[u * n + y]! * pixels[y * n + x]!;
      columns[u * n + x] = sum;
    }
  }
  const low = new Float64Array(LOW * LOW);
  for (let u = 0; u < LOW; u++) {
    for (let v = 0; v < LOW; v++) {
      let sum = 0;
      for (let x = 0; x < n; x++) sum += columns[u * n + x]! * BASIS[v * n + x]!;
      low[u * LOW + v] = sum;
    }
  }
  const sorted = Float64Array.from(low).sort();
  const median = (sorted[(LOW * LOW) / 2 - 1]! + sorted[(LOW * LOW) / 2]!) / 2;
  let hi = 0;
  let lo = 0;
  for (let i = 0; i < 32; i++) {
    hi = (hi << 1) | (low[i]! > median ? 1 : 0);
    lo = (lo << 1) | (low[i + 32]! > median ? 1 : 0);
  }
  return (BigInt(hi >>> 0) << 32n) | BigInt(lo >>> 0);
}

/**
 * The 32 × 32 grey square pHash reads: EXIF orientation applied (a phone photo and its upright copy match),
 * alpha dropped, squeezed to 32 × 32 (aspect ignored) with Lanczos, then luma as Pillow's convert('L')
 * computes it (ITU-R 601-2 weights in fixed point) so the bits follow the reference's.
 */
async function greySquare(bytes: Uint8Array): Promise<Uint8Array> {
  const n = PHASH_SAMPLE_SIZE;
  const sharp = await loadSharp();
  const rgb = await sharp(bytes, { failOn: 'error' })
    .rotate()
    .removeAlpha()
    .toColourspace('srgb')
    .resize(n, n, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const channels = rgb.info.channels;
  const grey = new Uint8Array(n * n);
  for (let i = 0; i < n * n; i++) {
    const r = rgb.data[i * channels]!;
    const g = channels >= 3 ? rgb.data[i * channels + 1]! : r;
    const b = channels >= 3 ? rgb.data[i * channels + 2]! : r;
    grey[i] = (r * 19595 + g * 38470 + b * 7471 + 0x8000) >>> 16;
  }
  return grey;
}

/** Decodes with sharp (any format sharp reads), returns the fingerprint. Throws on undecodable input. */
export async function fingerprintImage(bytes: Uint8Array): Promise<ImageFingerprint> {
  const grey = await greySquare(bytes);
  if (deviation(grey) < FEATURELESS_DEVIATION) return { phash: FEATURELESS_PHASH };
  return { phash: phashOfGreySquare(grey) };
}

function deviation(values: Uint8Array): number {
  let sum = 0;
  let squares = 0;
  for (const value of values) {
    sum += value;
    squares += value * value;
  }
  const mean = sum / values.length;
  return Math.sqrt(Math.max(0, squares / values.length - mean * mean));
}

const LOW_WORD = 0xffffffffn;

export function hammingDistance(a: bigint, b: bigint): number {
  const x = a ^ b;
  return popcount32(Number(x & LOW_WORD)) + popcount32(Number((x >> 32n) & LOW_WORD));
}
