import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.js';
import { recordLookups } from '../alert-lookups/alert-lookups.service.js';
import type { AlertSummaryType } from '../assets/assets.schemas.js';
import { confidenceOf, MAX_MATCH_DISTANCE } from '../media/fingerprint-index.js';
import type { FingerprintCatalogue } from '../media/fingerprint-catalogue.service.js';
import type { ImageDecoder } from '../media/media-processing.js';
import { fingerprintOfSearchImage, mediaUrl, phashOfStored } from '../media/media.service.js';
import { hammingDistance } from '../media/perceptual-hash.js';
import { describeSearchPhoto, rankByWords, verifyRanked } from '../recognition/recognition-search.js';
import type { Recognition } from '../recognition/recognition.js';
import type { Principal } from '../principal/principal.js';
import { findSearchCandidates, type SearchCandidateRow } from './photo-search.repository.js';
import type { PhotoMatchType, PhotoSearchResponseType } from './photo-search.schemas.js';

export interface PhotoSearchDeps {
  db: Database;
  catalogue: FingerprintCatalogue;
  decoder: ImageDecoder;
  /** Null: recognition is off (AVS_FEATURE_WORKERS=0), copies only. */
  recognition: Recognition | null;
}

/** What a search reads, from the app's decorations. */
export const photoSearchDepsOf = (app: FastifyInstance): PhotoSearchDeps => ({
  db: app.db,
  catalogue: app.fingerprintCatalogue,
  decoder: app.imageDecoder,
  recognition: app.recognition,
});

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

/** A candidate answer: an image of an asset, found as a copy or recognised. */
interface Found {
  row: SearchCandidateRow;
  method: 'copy' | 'recognised';
  distance: number;
  inliers: number | null;
  confidence: PhotoMatchType['confidence'];
}

const CONFIDENCE_RANK: Record<PhotoMatchType['confidence'], number> = { exact: 0, likely: 1, possible: 2 };

/** Surest first: by confidence; then copies, nearest first; then recognised, most inliers first; then reported. */
function better(a: Found, b: Found): number {
  return (
    CONFIDENCE_RANK[a.confidence] - CONFIDENCE_RANK[b.confidence] ||
    Number(a.method === 'recognised') - Number(b.method === 'recognised') ||
    a.distance - b.distance ||
    (b.inliers ?? 0) - (a.inliers ?? 0) ||
    Number(b.row.alert_kind !== null) - Number(a.row.alert_kind !== null)
  );
}

/**
 * The assets whose images look like the photograph (docs/media.md, "Photo search"), best first, one per asset:
 * copies by the perceptual hash (`method: copy`) and, with recognition on, new photographs of the work recognised
 * by local features and geometric verification (`method: recognised`, with the inliers).
 * With a key: public images of issued certificates, the caller's own images, and every image of an asset with an
 * open stolen-or-lost alert, in the key's planets. Without: only the last and the public images of certificates
 * issued by an account findable by photo, from the keyless indexes, which hold nothing else. Whether the caller
 * may find and see each candidate is decided in SQL as the data is now (a medium deleted, a certificate revoked,
 * an alert resolved since the index learnt of it is never answered, nor verified); a private image of another
 * account is found only through an open alert, and never shown (`image_url` null). A search that finds a reported
 * asset is on its search audit (kind `photo`) before the answer leaves.
 */
export async function searchByPhoto(
  deps: PhotoSearchDeps,
  searcher: PhotoSearcher,
  /** The photograph, and the type its request declared (null for a browser's form: the bytes say it). */
  image: { contentType: string | null; body: Buffer },
): Promise<PhotoSearchResponseType> {
  const fingerprint = await fingerprintOfSearchImage(image.contentType, image.body, deps.decoder);
  const principal = 'principal' in searcher ? searcher.principal : undefined;
  const photo = deps.recognition ? await describeSearchPhoto(deps.recognition, image.body) : undefined;
  await deps.catalogue.catchUp();
  // Without a key only the images it may answer are candidates: one it may not answer costs what no match costs.
  const index = principal ? deps.catalogue.index : deps.catalogue.keylessIndex;
  const copies = index.search(fingerprint, { maxDistance: MAX_MATCH_DISTANCE, limit: CANDIDATES });
  const ranked =
    deps.recognition && photo ? await rankByWords(deps.recognition, photo, principal === undefined) : [];
  if (copies.length === 0 && ranked.length === 0) return { matches: [] };

  const rows = await findSearchCandidates(
    deps.db,
    [...new Set([...copies.map((copy) => copy.mediaId), ...ranked])],
    {
      accountId: principal?.accountId ?? null,
      publicIssued: principal !== undefined,
      planets: principal?.planetScope ?? [],
    },
  );
  const byMedia = new Map(rows.map((row) => [row.media_id, row]));
  const found: Found[] = [];
  for (const { mediaId, distance } of copies) {
    const row = byMedia.get(mediaId);
    // Deleted since this process learnt of it (by another instance): forgotten here too.
    if (!row) deps.catalogue.noteRemoved(mediaId);
    if (!row?.matchable) continue;
    found.push({
      row,
      method: 'copy',
      distance,
      inliers: null,
      confidence: confidenceOf(distance) ?? 'possible',
    });
  }
  if (deps.recognition && photo) {
    const copied = new Set(found.map(({ row }) => row.asset_id));
    // Only what the caller may find is verified, and not an asset already found as a copy.
    const verifiable = ranked.filter((mediaId) => {
      const row = byMedia.get(mediaId);
      if (!row) deps.recognition!.catalogue.noteRemoved(mediaId);
      return row?.matchable === true && !copied.has(row.asset_id);
    });
    for (const recognised of await verifyRanked(deps.recognition, deps.db, photo, verifiable)) {
      const row = byMedia.get(recognised.mediaId)!;
      const distance = row.phash === null ? 64 : hammingDistance(fingerprint.phash, phashOfStored(row.phash));
      found.push({ row, method: 'recognised', distance, ...recognised });
    }
  }
  const best = new Map<string, Found>();
  for (const candidate of found) {
    const kept = best.get(candidate.row.asset_id);
    // At an equal rank an image the caller may see is the better answer.
    const order = kept ? better(candidate, kept) : -1;
    if (order < 0 || (order === 0 && candidate.row.shown && !kept!.row.shown))
      best.set(candidate.row.asset_id, candidate);
  }
  const answered = [...best.values()]
    .sort((a, b) => better(a, b) || a.row.certificate_number.localeCompare(b.row.certificate_number))
    .slice(0, MATCHES);

  await recordLookups(
    deps.db,
    answered.map(({ row }) => ({ id: row.asset_id, alert: row.alert_kind })),
    'photo',
    searcher,
  );
  return {
    matches: answered.map(({ row, method, distance, inliers, confidence }): PhotoMatchType => ({
      certificate_number: row.certificate_number,
      planet: row.planet,
      title: row.title,
      image_url: row.shown ? mediaUrl(row.media_id) : null,
      method,
      distance,
      inliers,
      confidence,
      alert: alertOf(row),
    })),
  };
}
