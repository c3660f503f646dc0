import type { Database } from '../../db/database.js';
import { recordLookups } from '../alert-lookups/alert-lookups.service.js';
import type { AlertSummaryType } from '../assets/assets.schemas.js';
import { confidenceOf, MAX_MATCH_DISTANCE } from '../media/fingerprint-index.js';
import type { FingerprintCatalogue } from '../media/fingerprint-catalogue.service.js';
import type { ImageDecoder } from '../media/media-processing.js';
import { fingerprintOfSearchImage, mediaUrl } from '../media/media.service.js';
import type { Principal } from '../principal/principal.js';
import { findSearchCandidates, type SearchCandidateRow } from './photo-search.repository.js';
import type { PhotoMatchType, PhotoSearchResponseType } from './photo-search.schemas.js';

export interface PhotoSearchDeps {
  db: Database;
  catalogue: FingerprintCatalogue;
  decoder: ImageDecoder;
}

/** Who searches: a key or a member (its account and planets), or, without a key (/c/search), a client address. */
export type PhotoSearcher = { principal: Principal } | { clientAddress: string };

/** Index entries looked at: more than are answered, since some may be another account's or gone. */
const CANDIDATES = 200;
/** Assets answered at most. */
const MATCHES = 20;

function alertOf(row: SearchCandidateRow): AlertSummaryType {
  return row.alert_kind && row.alert_since
    ? { kind: row.alert_kind as 'stolen' | 'lost', since: row.alert_since.toISOString() }
    : null;
}

/**
 * The assets whose images look like the photograph (docs/media.md, "Photo search"), best first, one per asset.
 * With a key: public images of issued certificates, the caller's own images, and every image of an asset with an
 * open stolen-or-lost alert, in the key's planets. Without: only the last, from the keyless index, which holds
 * nothing else. Whether the caller may find and see each candidate is decided in SQL as the data is now (a medium
 * deleted, a certificate revoked, an alert resolved since the index learnt of it is never answered); a private
 * image of another account is found only through an open alert, and never shown (`image_url` null). A search that
 * finds a reported asset is on its search audit (kind `photo`) before the answer leaves.
 */
export async function searchByPhoto(
  deps: PhotoSearchDeps,
  searcher: PhotoSearcher,
  /** The photograph, and the type its request declared (null for a browser's form: the bytes say it). */
  image: { contentType: string | null; body: Buffer },
): Promise<PhotoSearchResponseType> {
  const fingerprint = await fingerprintOfSearchImage(image.contentType, image.body, deps.decoder);
  await deps.catalogue.catchUp();
  const principal = 'principal' in searcher ? searcher.principal : undefined;
  // Without a key only the images it may answer are candidates: one it may not answer costs what no match costs.
  const index = principal ? deps.catalogue.index : deps.catalogue.keylessIndex;
  const candidates = index.search(fingerprint, { maxDistance: MAX_MATCH_DISTANCE, limit: CANDIDATES });
  if (candidates.length === 0) return { matches: [] };

  const rows = await findSearchCandidates(
    deps.db,
    candidates.map((candidate) => candidate.mediaId),
    {
      accountId: principal?.accountId ?? null,
      publicIssued: principal !== undefined,
      planets: principal?.planetScope ?? [],
    },
  );
  const byMedia = new Map(rows.map((row) => [row.media_id, row]));
  const best = new Map<string, { row: SearchCandidateRow; distance: number }>();
  for (const { mediaId, distance } of candidates) {
    const row = byMedia.get(mediaId);
    // Deleted since this process learnt of it (by another instance): forgotten here too.
    if (!row) deps.catalogue.noteRemoved(mediaId);
    if (!row?.matchable) continue;
    const kept = best.get(row.asset_id);
    // Nearest first; at an equal distance an image the caller may see is the better answer.
    if (!kept || distance < kept.distance || (distance === kept.distance && row.shown && !kept.row.shown))
      best.set(row.asset_id, { row, distance });
  }
  const found = [...best.values()]
    .sort(
      (a, b) =>
        a.distance - b.distance ||
        Number(b.row.alert_kind !== null) - Number(a.row.alert_kind !== null) ||
        a.row.certificate_number.localeCompare(b.row.certificate_number),
    )
    .slice(0, MATCHES);

  await recordLookups(
    deps.db,
    found.map(({ row }) => ({ id: row.asset_id, alert: row.alert_kind })),
    'photo',
    searcher,
  );
  return {
    matches: found.map(({ row, distance }): PhotoMatchType => ({
      certificate_number: row.certificate_number,
      planet: row.planet,
      title: row.title,
      image_url: row.shown ? mediaUrl(row.media_id) : null,
      distance,
      confidence: confidenceOf(distance) ?? 'possible',
      alert: alertOf(row),
    })),
  };
}
