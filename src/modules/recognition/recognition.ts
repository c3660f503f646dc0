import type { FeaturePool } from './feature-pool.js';
import type { FeatureJob } from './media-features.service.js';
import type { RecognitionCatalogue } from './recognition-catalogue.js';

/** Recognising a new photograph of a registered image (docs/media.md, "Recognising a new photograph"). */
export interface Recognition {
  /** The worker threads that find images' local features and verify candidates (opencv.js never loads here). */
  pool: FeaturePool;
  /** Describes every stored image without features of the current version, woken by uploads. */
  job: FeatureJob;
  /** Every described image's visual words, in memory, and the keyless search's share of them. */
  catalogue: RecognitionCatalogue;
}
