import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/lib/package-root.js';
import { RecognitionIndex } from '../../src/modules/recognition/index/recognition-index.js';
import {
  VOCABULARY_VERSION,
  loadVisualVocabulary,
} from '../../src/modules/recognition/vocabulary/visual-vocabulary.js';
import { startMatchingWorker, type MatchingWorker } from '../helpers/matching-worker.js';
import { phonePhoto } from '../helpers/phone-photo.js';

// Retrieval for recognising a new photograph (#51 item 2, docs/media.md "Recognising a new photograph"): the shipped
// visual vocabulary turns descriptors into words; the inverted index ranks registered images by shared words.
const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const C = '00000000-0000-4000-8000-00000000000c';

const bag = (...words: number[]) => Uint16Array.from(words);

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

describe('the recognition index', () => {
  it('adds, replaces and removes: a removed or replaced image is never answered for what it held', () => {
    const index = new RecognitionIndex(100);
    index.add(A, bag(1, 2, 3, 4, 5));
    index.add(B, bag(10, 11, 12, 13, 14));
    index.add(C, bag(20, 21, 22, 23, 24));
    expect(index.size).toBe(3);
    expect(index.search(bag(1, 2, 3))[0]?.mediaId).toBe(A);

    index.add(A, bag(30, 31, 32));
    expect(index.size).toBe(3);
    expect(index.search(bag(1, 2, 3)).map((hit) => hit.mediaId)).toEqual([]);
    expect(index.search(bag(30, 31)).map((hit) => hit.mediaId)).toEqual([A]);

    index.remove(B);
    index.remove(B);
    expect(index.size).toBe(2);
    expect(index.search(bag(10, 11, 12, 13, 14))).toEqual([]);
    expect(
      index
        .search(bag(20, 30))
        .map((hit) => hit.mediaId)
        .sort(),
    ).toEqual([A, C]);
    // The freed slot goes to a new image: nothing of B's comes with it.
    index.add(B, bag(40));
    expect(index.search(bag(10, 11, 12)).map((hit) => hit.mediaId)).toEqual([]);
    expect(index.search(bag(40)).map((hit) => hit.mediaId)).toEqual([B]);
  });

  it('ranks by shared words weighted by rarity, best first, at most limit', () => {
    const index = new RecognitionIndex(100);
    index.add(A, bag(1, 2, 3, 50));
    index.add(B, bag(1, 2, 50, 51));
    index.add(C, bag(1, 50, 51, 52));
    const hits = index.search(bag(1, 2, 3, 50));
    // C shares only the words every image holds: it still counts (a smoothed idf), least of all.
    expect(hits.map((hit) => hit.mediaId)).toEqual([A, B, C]);
    expect(hits[0]!.score).toBeGreaterThan(hits[1]!.score);
    expect(hits[1]!.score).toBeGreaterThan(hits[2]!.score);
    expect(index.search(bag(1, 2, 3, 50), { limit: 1 }).map((hit) => hit.mediaId)).toEqual([A]);
    expect(index.search(bag())).toEqual([]);
  });

  it('finds the one image of a one-image index (the keyless index may hold one)', () => {
    const index = new RecognitionIndex(100);
    index.add(A, bag(1, 2, 3));
    expect(index.search(bag(1, 2, 3)).map((hit) => hit.mediaId)).toEqual([A]);
  });

  it('holds no image without words, and refuses a word outside the vocabulary', () => {
    const index = new RecognitionIndex(10);
    index.add(A, bag());
    expect(index.size).toBe(0);
    expect(() => index.add(B, bag(10))).toThrow(RangeError);
    expect(index.search(bag(1))).toEqual([]);
  });

  it('keeps thousands of images in typed arrays and frees their slots', () => {
    const index = new RecognitionIndex(1000);
    const id = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
    for (let i = 0; i < 3000; i++) index.add(id(i), bag(i % 1000, (i * 7) % 1000, (i * 13) % 1000));
    const grown = index.memoryBytes;
    for (let i = 0; i < 3000; i += 2) index.remove(id(i));
    expect(index.size).toBe(1500);
    for (let i = 0; i < 3000; i += 2) index.add(id(i), bag(i % 1000, (i * 7) % 1000, (i * 13) % 1000));
    expect(index.memoryBytes).toBe(grown);
    expect(index.search(bag(5, 35, 65))[0]?.mediaId).toBe(id(5));
  });

  it('holds no list of its own for a word until an image has it: an empty index of 65,536 words is under a MiB', () => {
    const heapNow = () => {
      collectGarbage();
      return getHeapStatistics().used_heap_size;
    };
    const before = heapNow();
    const empty = [new RecognitionIndex(65_536), new RecognitionIndex(65_536)];
    const grown = heapNow() - before;
    // One empty typed array per word was 12 MiB of heap per index, held from start (docs/performance.md, round 4).
    expect(grown / empty.length).toBeLessThan(1024 * 1024);
    empty[0]!.add(A, bag(7, 7, 8));
    expect(empty[0]!.search(bag(7))[0]?.mediaId).toBe(A);
    expect(empty[1]!.search(bag(7))).toEqual([]);
    expect(empty[0]!.search(bag(9))).toEqual([]);
  });
});

describe('the shipped vocabulary with the index', () => {
  const folder = path.join(packageRoot, 'test/fixtures/recognition');
  const names = readdirSync(folder)
    .filter((name) => name.endsWith('.jpg'))
    .sort();
  let worker: MatchingWorker;
  beforeAll(() => {
    worker = startMatchingWorker();
  });
  afterAll(async () => {
    await worker.stop();
  });

  it("loads, and gives a phone photo many of its original's words and few of another picture's", async () => {
    const vocabulary = loadVisualVocabulary();
    expect(vocabulary.version).toBe(VOCABULARY_VERSION);
    expect(vocabulary.wordCount).toBe(65536);
    expect(loadVisualVocabulary()).toBe(vocabulary);
    const original = await worker.describe(readFileSync(path.join(folder, 'chelsea.jpg')));
    const other = await worker.describe(readFileSync(path.join(folder, 'coffee.jpg')));
    const photo = await worker.describe(await phonePhoto(readFileSync(path.join(folder, 'chelsea.jpg')), 7));
    const words = vocabulary.wordsOf(photo.descriptors);
    expect(words.length).toBe(photo.descriptors.length / 32);
    const shared = (a: Uint16Array, b: Uint16Array) => {
      const held = new Set(b);
      return a.filter((word) => held.has(word)).length;
    };
    const withOriginal = shared(words, vocabulary.wordsOf(original.descriptors));
    const withOther = shared(words, vocabulary.wordsOf(other.descriptors));
    expect(withOriginal).toBeGreaterThanOrEqual(SHARED_WITH_ORIGINAL);
    expect(withOriginal).toBeGreaterThan(3 * withOther);
  });

  it('puts the photographed picture first among the others for phone photos of each', async () => {
    const vocabulary = loadVisualVocabulary();
    const index = new RecognitionIndex(vocabulary.wordCount);
    const images = names.map((name) => readFileSync(path.join(folder, name)));
    const ids = names.map((_, i) => `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`);
    for (const [i, image] of images.entries()) {
      index.add(ids[i]!, vocabulary.wordsOf((await worker.describe(image)).descriptors));
    }
    let first = 0;
    for (const [i, image] of images.entries()) {
      const photo = await worker.describe(await phonePhoto(image, 100 + i));
      if (index.search(vocabulary.wordsOf(photo.descriptors), { limit: 3 })[0]?.mediaId === ids[i]) first++;
    }
    expect(first).toBeGreaterThanOrEqual(names.length - 1);
  });
});

const SHARED_WITH_ORIGINAL = 60;
