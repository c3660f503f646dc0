import { NO_SLOT, UuidSlots, widen } from '../../../lib/uuid-slots.js';

const DEFAULT_LIMIT = 10;
/** A posting is slot × 32 + the word's count in that image (capped at 31): one 32-bit number. */
const COUNT_BITS = 5;
const MAX_COUNT = (1 << COUNT_BITS) - 1;
const MAX_SLOTS = 2 ** (32 - COUNT_BITS);
const MIN_POSTINGS = 4;
/**
 * Every word's list until it holds a posting: one shared empty array, never written (a first posting widens it
 * into a list of the word's own). An empty array per word was 19 MiB per index of 65,536 words, at start.
 */
const NO_POSTINGS = new Uint32Array(0);
/**
 * Words held by more than this fraction of the images are skipped by a search (stop words): their idf is below
 * ln 20 ≈ 3, so they add little to any score and their long lists are most of a search's time
 * (docs/media.md, "Recognising a new photograph"). Only once the index holds STOP_WORDS_FROM images.
 */
const STOP_WORD_FRACTION = 0.05;
const STOP_WORDS_FROM = 1000;

/**
 * Which images share visual words with a photograph (#51): an inverted index over the vocabulary's words with
 * tf-idf scoring. Each image's words become per-word postings (slot and count, one 32-bit number each) in one
 * growable typed array per word; per image only its word total is kept. Keys are media ids (uuids) held by
 * UuidSlots, as the pHash index does. About 4 bytes per distinct word of an image plus 28 per image.
 *
 * Score (Nistér–Stewénius, L1): Σ over shared words of idf(w) × min(q(w), d(w)), where q and d are the word
 * counts divided by the image's (photo's) total and idf(w) = ln(N / images holding w) is read at search time:
 * the L1 distance of two normalised histograms is 2 − 2 Σ min, and weighting by the current idf at search time
 * keeps every score exact as images come and go (no per-image norm to refresh).
 */
export class RecognitionIndex {
  private readonly slots = new UuidSlots();
  private capacity = 0;
  /** Descriptors (words, with repeats) of each image. */
  private totals = new Uint32Array(0);
  private readonly postings: Uint32Array[];
  private readonly lengths: Int32Array;
  private scores = new Float32Array(0);
  private touched = new Int32Array(0);

  constructor(private readonly wordCount: number) {
    this.postings = new Array<Uint32Array>(wordCount).fill(NO_POSTINGS);
    this.lengths = new Int32Array(wordCount);
  }

  get size(): number {
    return this.slots.size;
  }

  /** Bytes the index holds (approximate), for the memory figure. */
  get memoryBytes(): number {
    let postings = 0;
    for (const list of this.postings) postings += list.byteLength;
    return (
      postings +
      this.lengths.byteLength +
      this.totals.byteLength +
      this.scores.byteLength +
      this.touched.byteLength +
      this.slots.memoryBytes
    );
  }

  /** Holds the image's words (one per descriptor), replacing what the id held. An image without words is not held. */
  add(mediaId: string, words: Uint16Array): void {
    const existing = this.slots.find(mediaId);
    if (existing !== NO_SLOT) this.removeSlot(existing);
    if (words.length === 0) return;
    if (this.slots.size >= MAX_SLOTS) throw new RangeError('The recognition index is full.');
    const slot = this.slots.claim(mediaId);
    if (this.slots.capacity > this.capacity) this.grow();
    this.totals[slot] = words.length;
    const sorted = Uint16Array.from(words).sort();
    for (let i = 0; i < sorted.length;) {
      const word = sorted[i]!;
      if (word >= this.wordCount) throw new RangeError(`word ${word} is not in the vocabulary`);
      let j = i;
      while (j < sorted.length && sorted[j] === word) j++;
      this.append(word, slot * (MAX_COUNT + 1) + Math.min(MAX_COUNT, j - i));
      i = j;
    }
  }

  remove(mediaId: string): void {
    const slot = this.slots.find(mediaId);
    if (slot !== NO_SLOT) this.removeSlot(slot);
  }

  /** The images sharing the most idf-weighted words with the photograph's, best first (at most `limit`, 10). */
  search(words: Uint16Array, options: { limit?: number } = {}): { mediaId: string; score: number }[] {
    const limit = Math.max(0, Math.floor(options.limit ?? DEFAULT_LIMIT));
    const held = this.slots.size;
    if (words.length === 0 || held === 0 || limit === 0) return [];
    const { scores, touched, postings, lengths, totals } = this;
    let touchedCount = 0;
    const stopAbove = held >= STOP_WORDS_FROM ? held * STOP_WORD_FRACTION : Infinity;
    const sorted = Uint16Array.from(words).sort();
    for (let i = 0; i < sorted.length;) {
      const word = sorted[i]!;
      let j = i;
      while (j < sorted.length && sorted[j] === word) j++;
      const queryShare = (j - i) / sorted.length;
      i = j;
      const holders = word < this.wordCount ? lengths[word]! : 0;
      // A stop word tells little for its cost.
      if (holders === 0 || holders > stopAbove) continue;
      // Smoothed (held + 1): in a small index (the keyless one may hold a single image) a word every image holds
      // still counts, or a photograph of that one image would find nothing to verify.
      const idf = Math.log((held + 1) / holders);
      const list = postings[word]!;
      for (let p = 0; p < holders; p++) {
        const posting = list[p]!;
        const slot = posting >>> COUNT_BITS;
        const share = (posting & MAX_COUNT) / totals[slot]!;
        if (scores[slot] === 0) touched[touchedCount++] = slot;
        scores[slot] = scores[slot]! + idf * Math.min(queryShare, share);
      }
    }
    // The best `limit` touched slots, by insertion into a short sorted list.
    const bestSlots: number[] = [];
    const bestScores: number[] = [];
    for (let t = 0; t < touchedCount; t++) {
      const slot = touched[t]!;
      const score = scores[slot]!;
      scores[slot] = 0;
      if (bestScores.length === limit && score <= bestScores[limit - 1]!) continue;
      let at = bestScores.length;
      while (at > 0 && bestScores[at - 1]! < score) at--;
      bestScores.splice(at, 0, score);
      bestSlots.splice(at, 0, slot);
      if (bestScores.length > limit) {
        bestScores.pop();
        bestSlots.pop();
      }
    }
    return bestSlots.map((slot, i) => ({ mediaId: this.slots.mediaIdAt(slot), score: bestScores[i]! }));
  }

  private append(word: number, posting: number): void {
    let list = this.postings[word]!;
    const length = this.lengths[word]!;
    if (length === list.length) {
      list = widen(list, Math.max(MIN_POSTINGS, Math.ceil(list.length * 1.5)));
      this.postings[word] = list;
    }
    list[length] = posting;
    this.lengths[word] = length + 1;
  }

  /**
   * Removal scans every word's postings for the slot (the index keeps no per-image word list, which would cost
   * 2 bytes a word more): swap-removal, so no list keeps a ghost, then the slot is free for reuse.
   */
  private removeSlot(slot: number): void {
    const { postings, lengths } = this;
    for (let word = 0; word < this.wordCount; word++) {
      let length = lengths[word]!;
      if (length === 0) continue;
      const list = postings[word]!;
      for (let p = 0; p < length; p++) {
        if (list[p]! >>> COUNT_BITS !== slot) continue;
        list[p] = list[--length]!;
        break;
      }
      lengths[word] = length;
    }
    this.totals[slot] = 0;
    this.slots.release(slot);
  }

  private grow(): void {
    const capacity = this.slots.capacity;
    this.totals = widen(this.totals, capacity);
    this.scores = new Float32Array(capacity);
    this.touched = new Int32Array(capacity);
    this.capacity = capacity;
  }
}
