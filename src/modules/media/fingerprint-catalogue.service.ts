import type { Database } from '../../db/database.js';
import { FingerprintIndex } from './fingerprint-index.js';
import type { ImageDecoder } from './media-processing.js';
import { fingerprintStoredImage } from './media-processing.js';
import {
  insertFingerprintIfMissing,
  listFingerprintsAfter,
  listKeylessSearchable,
  listKeylessSearchableOf,
  lastKeylessSearchChange,
  listKeylessSearchChangesAfter,
  listUnfingerprintedImages,
  type FingerprintRow,
  type KeylessFingerprintRow,
} from './media-fingerprints.repository.js';
import { phashOfStored, readStoredBytes, storedPhash, type MediaStores } from './media.service.js';
import type { ImageFingerprint } from './perceptual-hash.js';
import { SearchableCatalogue } from './searchable-catalogue.js';

/**
 * This process's copy of every image fingerprint (docs/media.md, "Photo search"), and beside it the keyless index of
 * the images POST /c/search may answer (searchable-catalogue.ts says how both are kept current).
 */
export class FingerprintCatalogue extends SearchableCatalogue<
  ImageFingerprint,
  FingerprintRow,
  KeylessFingerprintRow
> {
  declare readonly index: FingerprintIndex;
  declare readonly keylessIndex: FingerprintIndex;

  constructor(db: Database) {
    super(new FingerprintIndex(), new FingerprintIndex(), {
      listEntries: (after, gaps, limit) => listFingerprintsAfter(db, after, gaps, limit),
      entryOf: (row) => ({ phash: phashOfStored(row.phash) }),
      listKeylessChanges: (after, gaps, limit) => listKeylessSearchChangesAfter(db, after, gaps, limit),
      lastKeylessChange: () => lastKeylessSearchChange(db),
      listKeylessSearchable: () => listKeylessSearchable(db),
      listKeylessSearchableOf: (assets) => listKeylessSearchableOf(db, assets),
      keylessEntryOf: (row) => ({ phash: phashOfStored(row.phash!) }),
    });
  }
}

/**
 * The backfill: fingerprints the image media stored before fingerprints were (or by a process that failed to),
 * in batches, oldest id first, each row its own statement. An image that cannot be decoded any more is logged and
 * skipped. Returns how many it fingerprinted.
 */
export async function fingerprintStoredMedia(
  deps: { db: Database; stores: MediaStores; decoder: ImageDecoder; catalogue: FingerprintCatalogue },
  options: {
    batchSize: number;
    shouldContinue: () => boolean;
    onUndecodable: (mediaId: string, error: unknown) => void;
  },
): Promise<number> {
  let afterId = '00000000-0000-0000-0000-000000000000';
  let done = 0;
  while (options.shouldContinue()) {
    const batch = await listUnfingerprintedImages(deps.db, afterId, options.batchSize);
    for (const row of batch) {
      if (!options.shouldContinue()) break;
      afterId = row.id;
      let fingerprint: ImageFingerprint;
      try {
        fingerprint = await fingerprintStoredImage(
          await readStoredBytes(deps.db, deps.stores, row),
          deps.decoder,
        );
      } catch (error) {
        options.onUndecodable(row.id, error);
        continue;
      }
      const phash = storedPhash(fingerprint);
      if (await insertFingerprintIfMissing(deps.db, { mediaId: row.id, assetId: row.asset_id, phash })) {
        deps.catalogue.noteAdded(row.id, fingerprint);
        done += 1;
      }
    }
    if (batch.length < options.batchSize) break;
  }
  return done;
}
