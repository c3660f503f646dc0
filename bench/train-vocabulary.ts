// `npm run vocabulary:train` (after `apt-get install plasma-workspace-wallpapers`): trains the visual vocabulary
// of #51 ONCE and writes data/recognition/vocabulary.bin, which is committed. Deterministic: the same photographs
// and SEED give the same file. The sample is the twelve photographs among KDE Plasma's wallpapers (Debian package
// plasma-workspace-wallpapers 5.27; the drawn ones are left out), none of them used by a bench or a test. Each is
// cut into 640 px tiles (overlapping by half) at five sizes (long side 640 to 2560 px) so the tree learns ORB's descriptors at the
// scales a phone photo shows; each tile is described as the service describes an image (ORB 500 at ≤ 640 px).
// The tree is a hierarchical k-majority (binary k-means under Hamming distance, as DBoW2): BRANCHING children a
// node, DEPTH levels; docs/media.md "Recognising a new photograph" says why this shape.
import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { popcount32 } from '../src/lib/popcount.js';
import {
  VOCABULARY_FILE,
  VOCABULARY_HEADER_BYTES,
  VOCABULARY_MAGIC,
  VOCABULARY_VERSION,
} from '../src/modules/recognition/vocabulary/visual-vocabulary.js';
import { startMatchingWorker } from '../test/helpers/matching-worker.js';
import { seededRandom } from '../test/helpers/seeded-random.js';

const BRANCHING = 16;
const DEPTH = 4;
const ITERATIONS = 12;
const SEED = 51;
const TILE = 640;
const SIZES = [640, 960, 1280, 1920, 2560];
/** Tiles overlap by half, so a feature cut by one tile's edge is whole in the next. */
const STRIDE = 320;
const WALLPAPERS = '/usr/share/wallpapers';
const PHOTOGRAPHS = [
  'BytheWater',
  'ColdRipple',
  'ColorfulCups',
  'DarkestHour',
  'EveningGlow',
  'FallenLeaf',
  'Grey',
  'Kite',
  'OneStandsOut',
  'Path',
  'Shell',
  'summer_1am',
];
const WORDS = 8;

function distance(data: Uint32Array, a: number, centroids: Uint32Array, c: number): number {
  let d = 0;
  for (let w = 0; w < WORDS; w++) d += popcount32(data[a * WORDS + w]! ^ centroids[c * WORDS + w]!);
  return d;
}

/** k-majority on the descriptors `members` of `data`: k-means++ seeding, then assign / bitwise majority. */
function cluster(data: Uint32Array, members: Int32Array, k: number, random: () => number) {
  const n = members.length;
  const centroids = new Uint32Array(k * WORDS);
  const copy = (c: number, member: number) =>
    centroids.set(data.subarray(member * WORDS, member * WORDS + WORDS), c * WORDS);
  copy(0, members[Math.floor(random() * n)]!);
  const nearest = new Float64Array(n).fill(Infinity);
  for (let c = 1; c < k; c++) {
    let total = 0;
    for (let i = 0; i < n; i++) {
      const d = distance(data, members[i]!, centroids, c - 1);
      if (d * d < nearest[i]!) nearest[i] = d * d;
      total += nearest[i]!;
    }
    let pick = random() * total;
    let chosen = n - 1;
    for (let i = 0; i < n; i++) {
      pick -= nearest[i]!;
      if (pick <= 0) {
        chosen = i;
        break;
      }
    }
    copy(c, members[chosen]!);
  }
  const assignment = new Int32Array(n);
  const sizes = new Int32Array(k);
  for (let iteration = 0; iteration < ITERATIONS; iteration++) {
    let changed = 0;
    sizes.fill(0);
    for (let i = 0; i < n; i++) {
      let best = 0;
      let bestDistance = 257;
      for (let c = 0; c < k; c++) {
        const d = distance(data, members[i]!, centroids, c);
        if (d < bestDistance) {
          bestDistance = d;
          best = c;
        }
      }
      if (iteration === 0 || assignment[i] !== best) changed++;
      assignment[i] = best;
      sizes[best]!++;
    }
    const ones = new Int32Array(k * 256);
    for (let i = 0; i < n; i++) {
      const at = members[i]! * WORDS;
      const base = assignment[i]! * 256;
      for (let w = 0; w < WORDS; w++) {
        const word = data[at + w]!;
        for (let bit = 0; bit < 32; bit++) if ((word >>> bit) & 1) ones[base + w * 32 + bit]!++;
      }
    }
    for (let c = 0; c < k; c++) {
      if (sizes[c] === 0) continue;
      for (let w = 0; w < WORDS; w++) {
        let word = 0;
        for (let bit = 0; bit < 32; bit++)
          if (ones[c * 256 + w * 32 + bit]! * 2 > sizes[c]!) word |= 1 << bit;
        centroids[c * WORDS + w] = word >>> 0;
      }
    }
    if (changed === 0) break;
  }
  return { centroids, assignment, sizes };
}

async function describeSample(): Promise<Uint32Array> {
  const worker = startMatchingWorker();
  const found: Uint8Array[] = [];
  try {
    for (const name of PHOTOGRAPHS) {
      const folder = path.join(WALLPAPERS, name, 'contents/images');
      // The largest size the package has of it.
      const largest = readdirSync(folder).sort((a, b) => Number.parseInt(b) - Number.parseInt(a))[0]!;
      const file = path.join(folder, largest);
      for (const size of SIZES) {
        const scaled = await sharp(file).resize(size, size, { fit: 'inside' }).png().toBuffer();
        const { width, height } = await sharp(scaled).metadata();
        for (let top = 0; top === 0 || top + STRIDE < height; top += STRIDE) {
          for (let left = 0; left === 0 || left + STRIDE < width; left += STRIDE) {
            const tile = await sharp(scaled)
              .extract({
                left,
                top,
                width: Math.min(TILE, width - left),
                height: Math.min(TILE, height - top),
              })
              .png()
              .toBuffer();
            found.push((await worker.describe(tile)).descriptors);
          }
        }
      }
    }
  } finally {
    await worker.stop();
  }
  const bytes = new Uint8Array(found.reduce((sum, d) => sum + d.byteLength, 0));
  let at = 0;
  for (const d of found) {
    bytes.set(d, at);
    at += d.byteLength;
  }
  console.log(
    `${bytes.byteLength / 32} descriptors from ${found.length} tiles of ${PHOTOGRAPHS.length} photographs`,
  );
  return new Uint32Array(bytes.buffer);
}

async function main(): Promise<void> {
  const data = await describeSample();
  const random = seededRandom(SEED);
  const levelNodes = Array.from({ length: DEPTH }, (_, level) => BRANCHING ** (level + 1));
  const levelStart = levelNodes.map((_, level) => levelNodes.slice(0, level).reduce((a, b) => a + b, 0));
  const totalNodes = levelNodes.reduce((a, b) => a + b, 0);
  const centroids = new Uint32Array(totalNodes * WORDS);
  const present = new Uint8Array(totalNodes);
  // Breadth first: each node's descriptors are split among its children.
  let frontier: { node: number; members: Int32Array }[] = [
    { node: 0, members: Int32Array.from({ length: data.length / WORDS }, (_, i) => i) },
  ];
  for (let level = 0; level < DEPTH; level++) {
    const next: typeof frontier = [];
    for (const { node, members } of frontier) {
      const first = node * BRANCHING;
      if (members.length <= BRANCHING) {
        // Too few to cluster: each descriptor is a child of its own.
        members.forEach((member, c) => {
          const index = levelStart[level]! + first + c;
          centroids.set(data.subarray(member * WORDS, member * WORDS + WORDS), index * WORDS);
          present[index] = 1;
          next.push({ node: first + c, members: Int32Array.of(member) });
        });
        continue;
      }
      const split = cluster(data, members, BRANCHING, random);
      for (let c = 0; c < BRANCHING; c++) {
        if (split.sizes[c] === 0) continue;
        const index = levelStart[level]! + first + c;
        centroids.set(split.centroids.subarray(c * WORDS, c * WORDS + WORDS), index * WORDS);
        present[index] = 1;
        next.push({ node: first + c, members: members.filter((_, i) => split.assignment[i] === c) });
      }
    }
    frontier = next;
    console.log(`level ${level + 1}: ${next.length} nodes`);
  }
  const file = Buffer.alloc(VOCABULARY_HEADER_BYTES + totalNodes * 33);
  file.write(VOCABULARY_MAGIC, 0, 'latin1');
  file.writeUInt32LE(BRANCHING, 8);
  file.writeUInt32LE(DEPTH, 12);
  file.write(VOCABULARY_VERSION, 16, 'utf8');
  Buffer.from(centroids.buffer).copy(file, VOCABULARY_HEADER_BYTES);
  Buffer.from(present).copy(file, VOCABULARY_HEADER_BYTES + totalNodes * 32);
  writeFileSync(VOCABULARY_FILE, file);
  console.log(`${VOCABULARY_FILE}: ${frontier.length} words in use of ${BRANCHING ** DEPTH}`);
}

await main();
