import { hammingDistance, type ImageFingerprint } from './perceptual-hash.js';

// Temporary stand-in of photo-algo's module (same signatures), replaced by `git merge photo-algo`.

export type MatchConfidence = 'exact' | 'likely' | 'possible';

/** Largest distance that is still a match ('possible'). */
export const MAX_MATCH_DISTANCE = 10;

/** distance → confidence, or null when the distance is beyond 'possible'. */
export function confidenceOf(distance: number): MatchConfidence | null {
  if (distance <= 2) return 'exact';
  if (distance <= 6) return 'likely';
  if (distance <= MAX_MATCH_DISTANCE) return 'possible';
  return null;
}

/** In-memory; a linear scan. Keys are media ids (uuid strings). */
export class FingerprintIndex {
  private readonly entries = new Map<string, bigint>();

  add(mediaId: string, fingerprint: ImageFingerprint): void {
    this.entries.set(mediaId, fingerprint.phash);
  }

  remove(mediaId: string): void {
    this.entries.delete(mediaId);
  }

  /** All entries within maxDistance (default MAX_MATCH_DISTANCE), nearest first, at most `limit`. */
  search(
    fingerprint: ImageFingerprint,
    options: { maxDistance?: number; limit?: number } = {},
  ): { mediaId: string; distance: number }[] {
    const maxDistance = options.maxDistance ?? MAX_MATCH_DISTANCE;
    const found: { mediaId: string; distance: number }[] = [];
    for (const [mediaId, phash] of this.entries) {
      const distance = hammingDistance(phash, fingerprint.phash);
      if (distance <= maxDistance) found.push({ mediaId, distance });
    }
    found.sort((a, b) => a.distance - b.distance);
    return found.slice(0, options.limit ?? 50);
  }

  get size(): number {
    return this.entries.size;
  }

  /** Bytes the index holds (approximate), for the memory figure. */
  get memoryBytes(): number {
    return this.entries.size * 100;
  }
}
