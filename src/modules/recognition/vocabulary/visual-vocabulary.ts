import { readFileSync } from 'node:fs';
import path from 'node:path';
import { packageRoot } from '../../../lib/package-root.js';
import { popcount32 } from '../../../lib/popcount.js';

/**
 * The shipped vocabulary's version: a change of the tree (a new training, another shape) is a new version, and
 * every image's words are computed again. Trained by bench/train-vocabulary.ts (docs/media.md, "Recognising a new
 * photograph").
 */
export const VOCABULARY_VERSION = 'orb-kmajority-16x4-v1';

/** Where the trained tree lives, at the package root (shipped by package.json "files" and the image). */
export const VOCABULARY_FILE = path.join(packageRoot, 'data', 'recognition', 'vocabulary.bin');

/** The file's layout: this magic, then branching, depth (uint32 LE), the version (32 bytes, NUL padded). */
export const VOCABULARY_MAGIC = 'AVSVOC01';
export const VOCABULARY_HEADER_BYTES = 48;
const VERSION_OFFSET = 16;
const VERSION_BYTES = 32;
const DESCRIPTOR_WORDS = 8;

/**
 * A hierarchical k-majority tree (binary k-means under Hamming distance, as DBoW2): a descriptor goes down from
 * the root to the nearest of each node's children; the leaf it ends at is its word. A node's children sit at
 * node × branching + 0…branching − 1 of the next level, so a word is the path's digits in base `branching` and
 * `word >> 4` is the same descriptor's word in the tree one level shorter. After the header: every level's
 * centroids (32 bytes each, levels 1…depth, branching^level nodes each), then one byte per node (1 = present).
 */
export interface VisualVocabulary {
  version: string;
  /** Words are 0 … wordCount − 1 (some of them never given: a branch with fewer descriptors than branching). */
  wordCount: number;
  /** One word per 32-byte ORB descriptor, in order. */
  wordsOf(descriptors: Uint8Array): Uint16Array;
}

/** The file's bytes as a tree. */
function vocabularyFromBytes(bytes: Uint8Array): VisualVocabulary {
  const header = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (header.toString('latin1', 0, VOCABULARY_MAGIC.length) !== VOCABULARY_MAGIC) {
    throw new Error('Not a visual vocabulary file.');
  }
  const branching = header.readUInt32LE(8);
  const depth = header.readUInt32LE(12);
  const version = header.toString('utf8', VERSION_OFFSET, VERSION_OFFSET + VERSION_BYTES).replace(/\0+$/, '');
  const levelNodes: number[] = [];
  for (let level = 1, nodes = branching; level <= depth; level++, nodes *= branching) levelNodes.push(nodes);
  const totalNodes = levelNodes.reduce((sum, nodes) => sum + nodes, 0);
  if (bytes.byteLength !== VOCABULARY_HEADER_BYTES + totalNodes * 33 || branching ** depth > 65536) {
    throw new Error('The visual vocabulary file is damaged.');
  }
  // An aligned copy, so the centroids read as 32-bit words.
  const centroids = new Uint32Array(totalNodes * DESCRIPTOR_WORDS);
  new Uint8Array(centroids.buffer).set(
    bytes.subarray(VOCABULARY_HEADER_BYTES, VOCABULARY_HEADER_BYTES + totalNodes * 32),
  );
  const present = bytes.slice(VOCABULARY_HEADER_BYTES + totalNodes * 32);
  const levelStart: number[] = [];
  for (let level = 0, start = 0; level < depth; start += levelNodes[level]!, level++) levelStart.push(start);
  const wordCount = levelNodes[depth - 1]!;

  function wordOf(query: Uint32Array, at: number): number {
    let node = 0;
    for (let level = 0; level < depth; level++) {
      const first = node * branching;
      let best = -1;
      let bestDistance = 257;
      for (let child = first; child < first + branching; child++) {
        const index = levelStart[level]! + child;
        if (present[index] !== 1) continue;
        let distance = 0;
        for (let w = 0, c = index * DESCRIPTOR_WORDS; w < DESCRIPTOR_WORDS; w++, c++) {
          distance += popcount32(query[at + w]! ^ centroids[c]!);
        }
        if (distance < bestDistance) {
          bestDistance = distance;
          best = child;
        }
      }
      node = best;
    }
    return node;
  }

  return {
    version,
    wordCount,
    wordsOf(descriptors) {
      const count = Math.floor(descriptors.byteLength / 32);
      const aligned = new Uint32Array(count * DESCRIPTOR_WORDS);
      new Uint8Array(aligned.buffer).set(descriptors.subarray(0, count * 32));
      const words = new Uint16Array(count);
      for (let i = 0; i < count; i++) words[i] = wordOf(aligned, i * DESCRIPTOR_WORDS);
      return words;
    },
  };
}

let loaded: VisualVocabulary | undefined;

/** The shipped vocabulary, read once. */
export function loadVisualVocabulary(): VisualVocabulary {
  if (!loaded) {
    loaded = vocabularyFromBytes(readFileSync(VOCABULARY_FILE));
    if (loaded.version !== VOCABULARY_VERSION) {
      throw new Error(`${VOCABULARY_FILE} holds ${loaded.version}, not ${VOCABULARY_VERSION}.`);
    }
  }
  return loaded;
}
