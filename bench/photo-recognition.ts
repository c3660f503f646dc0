// `npm run bench:photo` (after `apt-get install opencv-doc`), or `npm run bench:build && node
// dist/bench/photo-recognition.js`: the quality of recognising a new photograph (#51 item 4). The photographs are
// OpenCV's sample pictures (Debian package opencv-doc 4.6, /usr/share/doc/opencv-doc/examples/data), none used by
// the pHash table, the vocabulary's training or the tests. Every picture is registered (described, its words
// indexed) beside 91 distractors (the pHash table's photographs and the tests' scikit-image ones); each textured
// picture is turned into BENCH_PHONE_PHOTOS (4) synthetic phone photos (test/helpers/phone-photo.ts); a search is
// the index's best CANDIDATES then geometric verification of each, best inliers first. Every phone photo is also
// verified against every registered picture by brute force: the false-match curve counts the wrong pairs.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { packageRoot } from '../src/lib/package-root.js';
import { RecognitionIndex } from '../src/modules/recognition/index/recognition-index.js';
import type { Verification } from '../src/modules/recognition/matching/verify-candidate.js';
import {
  RECOGNISED_MIN_INLIERS,
  RECOGNISED_MIN_SPREAD as SPREAD_RULE,
  isRecognised,
  recognitionConfidence,
} from '../src/modules/recognition/matching/recognition-acceptance.js';
import { loadVisualVocabulary } from '../src/modules/recognition/vocabulary/visual-vocabulary.js';
import { startMatchingWorker, type MatchingWorker } from '../test/helpers/matching-worker.js';
import { phonePhoto } from '../test/helpers/phone-photo.js';

const PHONE_PHOTOS = Number(process.env.BENCH_PHONE_PHOTOS ?? 4);
/** Candidates from the index that are verified (the service's K). */
export const CANDIDATES = 10;
const OPENCV = '/usr/share/doc/opencv-doc/examples/data';

/** Textured pictures: each must be recognised. */
const TEXTURED = [
  'aero1.jpg',
  'aloeL.jpg',
  'baboon.jpg',
  'basketball1.png',
  'board.jpg',
  'box.png',
  'building.jpg',
  'butterfly.jpg',
  'cards.png',
  'chicky_512.png',
  'ela_original.jpg',
  'fruits.jpg',
  'graf1.png',
  'home.jpg',
  'left.jpg',
  'leuvenA.jpg',
  'licenseplate_motion.jpg',
  'messi5.jpg',
  'pca_test1.jpg',
  'rubberwhale1.png',
  'squirrel_cls.jpg',
  'starry_night.jpg',
  'stuff.jpg',
  'sudoku.png',
];
/** Registered too, and photographed: what it is not expected to recognise, and why. */
const HARD: [string, string][] = [
  ['apple.jpg', 'a glossy, smooth object (an apple)'],
  ['orange.jpg', 'a glossy, smooth object (an orange)'],
  ['smarties.png', 'glossy sweets on a plain ground'],
  ['Blender_Suzanne1.jpg', 'a smooth grey 3-D model'],
  ['gradient.png', 'a plain gradient'],
  ['ellipses.jpg', 'a few flat shapes'],
  ['pic1.png', 'a few flat shapes'],
  ['pic3.png', 'a few flat shapes'],
  ['opencv-logo.png', 'a flat logo'],
  ['LinuxLogo.jpg', 'a flat logo'],
  ['WindowsLogo.jpg', 'a glossy logo'],
  ['HappyFish.jpg', 'a flat drawing'],
];
/** Another photograph of a registered thing: [registered, photographed, what changed]. */
const OTHER_VIEWS: [string, string, string][] = [
  ['Blender_Suzanne1.jpg', 'Blender_Suzanne2.jpg', 'the 3-D model from another side'],
  ['graf1.png', 'graf3.png', 'a mural seen from about 40° to one side'],
  ['aloeL.jpg', 'aloeR.jpg', 'a plant a step to the right'],
  ['leuvenA.jpg', 'leuvenB.jpg', 'a street under other light'],
  ['aero1.jpg', 'aero3.jpg', 'a landscape from another point in the air'],
  ['left.jpg', 'right.jpg', 'books from a step to the side'],
  ['rubberwhale1.png', 'rubberwhale2.png', 'a still life a moment later'],
  ['basketball1.png', 'basketball2.png', 'people who moved'],
  ['ela_original.jpg', 'ela_modified.jpg', 'a retouched copy'],
];
/** Pictures of the same thing as each other: a pair among them is not a wrong pair. */
const RELATED = [
  ...OTHER_VIEWS.map(([a, b]) => [a, b]),
  ['aloeL.jpg', 'aloeGT.png'],
  ['box.png', 'box_in_scene.png'],
  ['templ.png', 'tmpl.png'],
  ['imageTextN.png', 'imageTextR.png'],
  ['text_defocus.jpg', 'text_motion.jpg'],
  ['opencv-logo.png', 'opencv-logo-white.png'],
];

interface Picture {
  name: string;
  group: string;
  bytes: Buffer;
}

function groupOf(name: string): string {
  return RELATED.find((names) => names.includes(name))?.[0] ?? name;
}

function registeredPictures(): Picture[] {
  const secondViews = new Set(OTHER_VIEWS.map(([, photographed]) => photographed));
  const opencv = readdirSync(OPENCV)
    .filter((name) => /\.(jpg|png)$/.test(name) && !/^(left|right)\d/.test(name) && !secondViews.has(name))
    .map((name) => ({ name, group: groupOf(name), bytes: readFileSync(path.join(OPENCV, name)) }));
  const folders = [
    'test/fixtures/photos/originals',
    'test/fixtures/photos/distractors',
    'test/fixtures/recognition',
  ];
  const distractors = folders.flatMap((folder) =>
    readdirSync(path.join(packageRoot, folder))
      .filter((name) => name.endsWith('.jpg'))
      .map((name) => ({
        name: `${folder}/${name}`,
        group: `${folder}/${name}`,
        bytes: readFileSync(path.join(packageRoot, folder, name)),
      })),
  );
  return [...opencv, ...distractors];
}

/** Runs `work` over `items` on as many workers as given, in order of the items. */
async function onWorkers<T, R>(
  workers: MatchingWorker[],
  items: T[],
  work: (w: MatchingWorker, item: T) => Promise<R>,
) {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    workers.map(async (worker) => {
      while (next < items.length) {
        const at = next++;
        results[at] = await work(worker, items[at]!);
      }
    }),
  );
  return results;
}

interface Query {
  label: string;
  /** The registered picture it should find, or null (another view checks its registered one). */
  expected: string;
  kind: 'textured' | 'hard' | 'other view';
  why: string;
  bytes: Buffer;
}

function curveLine(label: string, values: number[], steps: number[], total: number): string {
  return `${label.padEnd(34)}${steps.map((step) => String(values.filter((v) => v >= step).length).padStart(7)).join('')}   of ${total}`;
}

async function main(): Promise<void> {
  if (!existsSync(OPENCV)) throw new Error(`${OPENCV} is missing: apt-get install opencv-doc`);
  const workers = [startMatchingWorker(), startMatchingWorker()];
  const vocabulary = loadVisualVocabulary();
  try {
    const pictures = registeredPictures();
    const described = await onWorkers(workers, pictures, (w, p) => w.describe(p.bytes));
    const fine = new RecognitionIndex(vocabulary.wordCount);
    const coarse = new RecognitionIndex(vocabulary.wordCount >> 4);
    const ids = pictures.map((_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const words = described.map((features) => vocabulary.wordsOf(features.descriptors));
    words.forEach((w, i) => {
      fine.add(ids[i]!, w);
      coarse.add(
        ids[i]!,
        w.map((word) => word >> 4),
      );
    });
    const byName = new Map(pictures.map((p, i) => [p.name, i]));
    const queries: Query[] = [];
    // In colour on white, as phonePhoto expects (some samples are grey or transparent).
    const read = (name: string) =>
      sharp(path.join(OPENCV, name))
        .flatten({ background: '#ffffff' })
        .toColourspace('srgb')
        .jpeg({ quality: 95 })
        .toBuffer();
    for (const [index, name] of TEXTURED.entries()) {
      for (let seed = 1; seed <= PHONE_PHOTOS; seed++) {
        const bytes = await phonePhoto(await read(name), 51_000 + index * 100 + seed);
        queries.push({ label: `${name} #${seed}`, expected: name, kind: 'textured', why: '', bytes });
      }
    }
    for (const [index, [name, why]] of HARD.entries()) {
      for (let seed = 1; seed <= 2; seed++) {
        const bytes = await phonePhoto(await read(name), 52_000 + index * 100 + seed);
        queries.push({ label: `${name} #${seed}`, expected: name, kind: 'hard', why, bytes });
      }
    }
    for (const [index, [registered, photographed, why]] of OTHER_VIEWS.entries()) {
      for (let seed = 1; seed <= 2; seed++) {
        const bytes = await phonePhoto(await read(photographed), 53_000 + index * 100 + seed);
        queries.push({
          label: `${photographed} #${seed}`,
          expected: registered,
          kind: 'other view',
          why,
          bytes,
        });
      }
    }
    const queryFeatures = await onWorkers(workers, queries, (w, q) => w.describe(q.bytes));
    // Every query against every registered picture (the false-match curve), on both workers.
    const pairs = queries.flatMap((_, q) => pictures.map((__, p) => [q, p] as const));
    const verified = await onWorkers(workers, pairs, (w, [q, p]) =>
      w.verify(queryFeatures[q]!, described[p]!),
    );
    const verification = (q: number, p: number): Verification => verified[q * pictures.length + p]!;

    const wrongInliers: number[] = [];
    const wrongOfPhotographs: number[] = [];
    const wrongSpread: number[] = [];
    const worstWrong: string[] = [];
    const rightInliers: number[] = [];
    const rightSpread: number[] = [];
    const inTopK = { fine: [0, 0, 0, 0], coarse: [0, 0, 0, 0] };
    const RANKS = [1, 3, 10, 30];
    let texturedFirst = 0;
    let texturedCount = 0;
    let acceptedWrong = 0;
    const rows: string[] = [];
    for (const [q, query] of queries.entries()) {
      const expected = byName.get(query.expected)!;
      const group = pictures[expected]!.group;
      for (let p = 0; p < pictures.length; p++) {
        const inliers = verification(q, p).inliers;
        if (pictures[p]!.group !== group) {
          wrongInliers.push(inliers);
          if (query.kind === 'textured') wrongOfPhotographs.push(inliers);
          // With the spread rule: the matches must cover a quarter of the registered picture.
          wrongSpread.push(verification(q, p).spread >= SPREAD_RULE ? inliers : 0);
          if (inliers >= 25)
            worstWrong.push(
              `${query.label} ~ ${pictures[p]!.name} ${inliers} (spread ${verification(q, p).spread})`,
            );
        } else if (p === expected && query.kind === 'textured') {
          rightInliers.push(inliers);
          rightSpread.push(verification(q, p).spread >= SPREAD_RULE ? inliers : 0);
        }
      }
      const queryWords = vocabulary.wordsOf(queryFeatures[q]!.descriptors);
      const rankIn = (index: RecognitionIndex, w: Uint16Array) =>
        index.search(w, { limit: 30 }).findIndex((hit) => hit.mediaId === ids[expected]);
      const fineRank = rankIn(fine, queryWords);
      const coarseRank = rankIn(
        coarse,
        queryWords.map((word) => word >> 4),
      );
      // The search as the service runs it: the index's CANDIDATES best, verified, most inliers first.
      const candidates = fine
        .search(queryWords, { limit: CANDIDATES })
        .map((hit) => ids.indexOf(hit.mediaId));
      const answers = candidates
        .map((p) => ({ p, v: verification(q, p) }))
        .filter(({ v }) => isRecognised(v))
        .sort((a, b) => b.v.inliers - a.v.inliers);
      const best = answers[0];
      acceptedWrong += answers.filter(({ p }) => pictures[p]!.group !== group).length;
      const recognised = best !== undefined && pictures[best.p]!.group === group;
      if (query.kind === 'textured') {
        texturedCount++;
        RANKS.forEach((rank, i) => {
          if (fineRank >= 0 && fineRank < rank) inTopK.fine[i]!++;
          if (coarseRank >= 0 && coarseRank < rank) inTopK.coarse[i]!++;
        });
        if (recognised) texturedFirst++;
      }
      if (query.kind !== 'textured' || !recognised) {
        const direct = verification(q, expected);
        rows.push(
          `${query.kind.padEnd(11)} ${query.label.padEnd(26)} ${(recognised ? `yes (${recognitionConfidence(best.v)})` : 'no').padEnd(15)}` +
            ` ${String(direct.inliers).padStart(4)} inliers, index rank ${fineRank < 0 ? '>30' : fineRank + 1}  ${query.why}`,
        );
      }
    }
    const steps = [8, 10, 12, 15, 20, 25, 30, 40, 60];
    console.log(
      `Recognising a new photograph: ${TEXTURED.length} textured pictures of opencv-doc × ${PHONE_PHOTOS} phone photos, ` +
        `${pictures.length} registered pictures, vocabulary ${vocabulary.version} (${vocabulary.wordCount} words), ` +
        `${CANDIDATES} candidates verified, accepted from ${RECOGNISED_MIN_INLIERS} inliers`,
    );
    console.log(
      `Recognised first: ${texturedFirst} of ${texturedCount} (${(texturedFirst / texturedCount).toFixed(3)}); ` +
        `wrong answers accepted: ${acceptedWrong} in ${queries.length} searches`,
    );
    console.log(
      `Right picture in the index's best 1/3/10/30: ${inTopK.fine.join('/')} with ${vocabulary.wordCount} words, ` +
        `${inTopK.coarse.join('/')} with ${vocabulary.wordCount >> 4} (one level less), of ${texturedCount}`,
    );
    console.log(`Pairs with at least … inliers     ${steps.map((s) => String(s).padStart(7)).join('')}`);
    console.log(curveLine('wrong pairs (brute force)', wrongInliers, steps, wrongInliers.length));
    console.log(
      curveLine('  of them, photographs of textured', wrongOfPhotographs, steps, wrongOfPhotographs.length),
    );
    console.log(curveLine(`  all, spread ≥ ${SPREAD_RULE}`, wrongSpread, steps, wrongSpread.length));
    console.log(curveLine('right pairs (textured)', rightInliers, steps, rightInliers.length));
    console.log(curveLine(`  of them, spread ≥ ${SPREAD_RULE}`, rightSpread, steps, rightSpread.length));
    console.log(`Wrong pairs with 25 inliers or more: ${worstWrong.join('; ')}`);
    console.log(
      `Most inliers of a wrong pair: ${Math.max(...wrongInliers)}; fewest of a right pair: ${Math.min(...rightInliers)}`,
    );
    console.log(
      'Not recognised, or hard (kind, photo, recognised?, inliers with its registered picture, index rank):',
    );
    for (const row of rows) console.log(`  ${row}`);
  } finally {
    await Promise.all(workers.map((w) => w.stop()));
  }
}

await main();
