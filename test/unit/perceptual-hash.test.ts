import { readFileSync, readdirSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  FEATURELESS_PHASH,
  fingerprintImage,
  hammingDistance,
  phashOfGreySquare,
  popcount32,
} from '../../src/modules/media/perceptual-hash.js';

const reference = new URL('../fixtures/phash-reference/', import.meta.url);
const photos = new URL('../fixtures/photos/', import.meta.url);

// Python imagehash's own test of constant hashes (tests/test_hash_is_constant.py, test_phash) publishes this value
// for its tests/data/imagehash.png; reference-phash.py (imagehash's phash steps on Pillow 9.4 + scipy) prints it.
const PUBLISHED_PHASH = 0xba8c84536bd3c366n;

function fixture(folder: URL, name: string): Buffer {
  return readFileSync(new URL(name, folder));
}

describe('pHash against the published definition (Python imagehash)', () => {
  it('gives the published hash for the grey square Pillow makes of the published test image', () => {
    // imagehash-grey32.raw: Image.open('imagehash.png').convert('L').resize((32, 32), LANCZOS), the pixels
    // imagehash's DCT reads; the same DCT, median and bit order must give exactly the published bits.
    const pixels = fixture(reference, 'imagehash-grey32.raw');
    expect(pixels).toHaveLength(1024);
    expect(phashOfGreySquare(pixels).toString(16)).toBe(PUBLISHED_PHASH.toString(16));
  });

  it('stays within 2 bits of the published hash when sharp decodes and resamples the image itself', async () => {
    // sharp's Lanczos is not Pillow's to the last rounding: a coefficient next to the median may flip.
    const { phash } = await fingerprintImage(fixture(reference, 'imagehash.png'));
    expect(hammingDistance(phash, PUBLISHED_PHASH)).toBeLessThanOrEqual(2);
  });

  it('agrees with the reference on the sixty test photographs (most exactly, none beyond 4 bits)', async () => {
    const expected = JSON.parse(fixture(reference, 'reference-hashes.json').toString('utf8')) as Record<
      string,
      string
    >;
    const distances = await Promise.all(
      Object.entries(expected).map(async ([name, hex]) => {
        const { phash } = await fingerprintImage(fixture(photos, name));
        return hammingDistance(phash, BigInt(`0x${hex}`));
      }),
    );
    expect(distances).toHaveLength(60);
    expect(Math.max(...distances)).toBeLessThanOrEqual(4);
    expect(distances.filter((d) => d === 0).length).toBeGreaterThanOrEqual(45);
  });

  it('gives blank and nearly blank pictures the featureless hash, which no photograph gets', async () => {
    const white = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    expect((await fingerprintImage(white)).phash).toBe(FEATURELESS_PHASH);
    // The transparent wallpapers of the set, laid on white: a faint pattern, under 1 grey level of deviation.
    for (const name of ['silk.jpg', 'spring.jpg', 'waves.jpg']) {
      expect((await fingerprintImage(fixture(new URL('distractors/', photos), name))).phash, name).toBe(
        FEATURELESS_PHASH,
      );
    }
    const photoNames = readdirSync(new URL('originals/', photos));
    for (const name of photoNames) {
      expect((await fingerprintImage(fixture(new URL('originals/', photos), name))).phash).not.toBe(
        FEATURELESS_PHASH,
      );
    }
  });

  it('throws on bytes that are no image', async () => {
    await expect(fingerprintImage(new TextEncoder().encode('not an image'))).rejects.toThrow();
  });
});

describe('pHash properties on real photographs', () => {
  const names = readdirSync(new URL('originals/', photos)).filter(
    (name) => !/-(nw|ne|sw|se)\.jpg$/.test(name),
  );

  it('keeps a half-size copy within 4 bits and the same image re-read identical', async () => {
    for (const name of names) {
      const bytes = fixture(new URL('originals/', photos), name);
      const original = await fingerprintImage(bytes);
      expect((await fingerprintImage(bytes)).phash).toBe(original.phash);
      const half = await sharp(bytes)
        .resize({ width: 160 })
        .jpeg({ quality: 90 })
        .toBuffer()
        .then(fingerprintImage);
      expect(hammingDistance(half.phash, original.phash), name).toBeLessThanOrEqual(4);
    }
  });

  it('keeps twelve unrelated photographs more than 12 bits apart', async () => {
    const hashes = await Promise.all(
      names.map(async (name) => (await fingerprintImage(fixture(new URL('originals/', photos), name))).phash),
    );
    expect(hashes).toHaveLength(12);
    for (let i = 0; i < hashes.length; i++) {
      for (let j = i + 1; j < hashes.length; j++) {
        expect(hammingDistance(hashes[i]!, hashes[j]!), `${names[i]} ~ ${names[j]}`).toBeGreaterThan(12);
      }
    }
  });
});

describe('hammingDistance', () => {
  it('counts differing bits across all 64', () => {
    expect(hammingDistance(0n, 0n)).toBe(0);
    expect(hammingDistance(0n, 0xffffffffffffffffn)).toBe(64);
    expect(hammingDistance(0x8000000000000001n, 0n)).toBe(2);
    expect(hammingDistance(0xf0f0f0f0_00000000n, 0x0ff0f0f0_00000001n)).toBe(9);
  });

  it('agrees with counting bit by bit on random pairs', () => {
    let seed = 12345;
    const random32 = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0);
    for (let i = 0; i < 1000; i++) {
      const a = (BigInt(random32()) << 32n) | BigInt(random32());
      const b = (BigInt(random32()) << 32n) | BigInt(random32());
      const slow = [...(a ^ b).toString(2)].filter((bit) => bit === '1').length;
      expect(hammingDistance(a, b)).toBe(slow);
    }
    expect(popcount32(-1)).toBe(32);
  });
});
