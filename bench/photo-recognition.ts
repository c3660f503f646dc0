// `npm run bench:build && node dist/bench/photo-recognition.js`: the first quality figure of recognising a new
// photograph (#51): each real photograph of test/fixtures/recognition turned into BENCH_PHONE_PHOTOS (6) synthetic
// phone photos, each verified against every original by brute force (ORB 500 at ≤ 640 px, ratio test, RANSAC
// homography), ranked by inliers. Prints the fraction whose original came first and the most inliers of a wrong pair.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { packageRoot } from '../src/lib/package-root.js';
import { startMatchingWorker } from '../test/helpers/matching-worker.js';
import { phonePhoto } from '../test/helpers/phone-photo.js';

const PHONE_PHOTOS = Number(process.env.BENCH_PHONE_PHOTOS ?? 6);
const FOLDER = path.join(packageRoot, 'test/fixtures/recognition');

async function main(): Promise<void> {
  const worker = startMatchingWorker();
  try {
    const names = readdirSync(FOLDER)
      .filter((name) => name.endsWith('.jpg'))
      .sort();
    const bytes = names.map((name) => readFileSync(path.join(FOLDER, name)));
    const originals = await Promise.all(bytes.map((image) => worker.describe(image)));
    let first = 0;
    let total = 0;
    let worstWrong = 0;
    let rightInliers = Infinity;
    let verifyMs = 0;
    let verifications = 0;
    const missed: string[] = [];
    for (const [index, image] of bytes.entries()) {
      for (let seed = 1; seed <= PHONE_PHOTOS; seed++) {
        const query = await worker.describe(await phonePhoto(image, index * 1000 + seed));
        const scores: number[] = [];
        for (const original of originals) {
          const started = performance.now();
          scores.push((await worker.verify(query, original)).inliers);
          verifyMs += performance.now() - started;
          verifications++;
        }
        const wrong = Math.max(...scores.filter((_, other) => other !== index));
        worstWrong = Math.max(worstWrong, wrong);
        rightInliers = Math.min(rightInliers, scores[index]!);
        total++;
        if (scores[index]! > wrong) first++;
        else missed.push(`${names[index]} #${seed} (${scores[index]} vs ${wrong})`);
      }
    }
    console.log(
      `Recognised first: ${first} of ${total} phone photos (${(first / total).toFixed(2)}) of ${names.length} real ` +
        `photographs; fewest inliers of a right pair ${rightInliers}, most inliers of a wrong pair ${worstWrong}; ` +
        `${(verifyMs / verifications).toFixed(1)} ms per verification (with messaging).`,
    );
    if (missed.length > 0) console.log(`Not first: ${missed.join(', ')}`);
  } finally {
    await worker.stop();
  }
}

await main();
