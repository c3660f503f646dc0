import type { Database } from '../../db/database.js';
import { SearchableCatalogue } from '../media/searchable-catalogue.js';
import { FEATURE_VERSION } from './feature-format.js';
import { RecognitionIndex } from './index/recognition-index.js';
import {
  listFeatureWordsAfter,
  listKeylessFeatureWords,
  lastKeylessSearchChange,
  listKeylessSearchChangesAfter,
  listKeylessFeatureWordsOf,
  type FeatureWordsRow,
  type KeylessFeatureRow,
} from './media-features.repository.js';
import { loadVisualVocabulary } from './vocabulary/visual-vocabulary.js';

/**
 * A stored uint16 little-endian column (a Buffer from node-postgres, a Uint8Array from PGlite) as words; none for a
 * row of another feature version (its words are of another vocabulary).
 */
function wordsOf(version: string | null, stored: Uint8Array | null): Uint16Array {
  if (version !== FEATURE_VERSION || !stored) return new Uint16Array(0);
  const view = new DataView(stored.buffer, stored.byteOffset, stored.byteLength);
  const words = new Uint16Array(stored.byteLength / 2);
  for (let i = 0; i < words.length; i++) words[i] = view.getUint16(i * 2, true);
  return words;
}

/** A recognition index that holds nothing for a medium without words (described by another version). */
class WordsIndex extends RecognitionIndex {
  override add(mediaId: string, words: Uint16Array): void {
    if (words.length === 0) this.remove(mediaId);
    else super.add(mediaId, words);
  }
}

/**
 * This process's recognition index of every described image's visual words (docs/media.md, "Recognising a new
 * photograph"), and beside it the keyless one, kept current as the fingerprints are (searchable-catalogue.ts).
 */
export class RecognitionCatalogue extends SearchableCatalogue<
  Uint16Array,
  FeatureWordsRow,
  KeylessFeatureRow
> {
  declare readonly index: RecognitionIndex;
  declare readonly keylessIndex: RecognitionIndex;

  constructor(db: Database) {
    const { wordCount } = loadVisualVocabulary();
    super(new WordsIndex(wordCount), new WordsIndex(wordCount), {
      listEntries: (after, gaps, limit) => listFeatureWordsAfter(db, after, gaps, limit),
      entryOf: (row) => wordsOf(row.version, row.words),
      listKeylessChanges: (after, gaps, limit) => listKeylessSearchChangesAfter(db, after, gaps, limit),
      lastKeylessChange: () => lastKeylessSearchChange(db),
      listKeylessSearchable: () => listKeylessFeatureWords(db),
      listKeylessSearchableOf: (assets) => listKeylessFeatureWordsOf(db, assets),
      keylessEntryOf: (row) => wordsOf(row.version, row.words),
    });
  }
}
