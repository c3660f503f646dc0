import type { Queryable } from '../../db/database.js';
import { planetOfCertificateNumber } from '../../planets/planets.js';
import { findAssetGlances, type AssetGlanceRow, type GlanceRefs } from './asset-glances.repository.js';

/** What a list shows of an asset at a glance: a small picture and the byline under its title (docs/console.md). */
export interface AssetGlance {
  /** Null when the viewer may not read it (another account's asset whose certificate was never issued). */
  title: string | null;
  /** The artist, or the category's byline field (bylineFields in planets.ts); null when not filled in. */
  byline: string | null;
  /** The medium whose thumbnail the list shows; null for the neutral placeholder. */
  thumbnailMediaId: string | null;
}

/** Who looks at the list: a member of an account, or the operator (`null`), who sees public images only. */
export type GlanceViewer = { accountId: string } | null;

const NONE: AssetGlance = { title: null, byline: null, thumbnailMediaId: null };

async function glances(
  db: Queryable,
  viewer: GlanceViewer,
  refs: GlanceRefs,
  keyOf: (row: AssetGlanceRow) => string,
): Promise<Map<string, AssetGlance>> {
  // A list with nothing in it asks nothing; a full one asks once, whatever its length.
  if (refs.keys.length === 0) return new Map();
  const rows = await findAssetGlances(db, refs, viewer?.accountId ?? null);
  return new Map(
    rows.map((row) => [
      keyOf(row),
      row.shown ? { title: row.title, byline: row.byline || null, thumbnailMediaId: row.thumbnail_id } : NONE,
    ]),
  );
}

/** The glances of listed assets, by asset id, in one query. */
export async function glancesOfAssets(
  db: Queryable,
  viewer: GlanceViewer,
  assets: readonly { planet: string; id: string }[],
): Promise<Map<string, AssetGlance>> {
  return glances(
    db,
    viewer,
    { by: 'id', planets: assets.map((asset) => asset.planet), keys: assets.map((asset) => asset.id) },
    (row) => row.id,
  );
}

/** The glances of listed certificates (a watch-list), by certificate number, in one query. */
export async function glancesOfCertificates(
  db: Queryable,
  viewer: GlanceViewer,
  certificateNumbers: readonly string[],
): Promise<Map<string, AssetGlance>> {
  const known = certificateNumbers.flatMap((number) => {
    const planet = planetOfCertificateNumber(number);
    return planet ? [{ planet, number }] : [];
  });
  return glances(
    db,
    viewer,
    { by: 'number', planets: known.map((entry) => entry.planet), keys: known.map((entry) => entry.number) },
    (row) => row.certificate_number,
  );
}
