import { queryAll, type Queryable } from '../../db/database.js';
import { bylineFields } from '../../planets/planets.js';

/** What a list shows of an asset beside its title, as one row of findAssetGlances. */
export interface AssetGlanceRow {
  id: string;
  planet: string;
  certificate_number: string;
  title: string;
  byline: string | null;
  thumbnail_id: string | null;
  /** The viewer may read its title: its own asset, one whose certificate was issued, or any for the operator. */
  shown: boolean;
}

/** The assets wanted, each by its planet and either its id or its certificate number. */
export interface GlanceRefs {
  by: 'id' | 'number';
  planets: readonly string[];
  keys: readonly string[];
}

const BYLINE_FIELDS = JSON.stringify(bylineFields);

/**
 * One statement for a whole list: each asset's title, byline field and first image — any image of the viewer's
 * own asset, a public image of another's once its certificate was issued (as openMedia serves them), a public one
 * for the operator (viewer null). The image comes by asset_media_by_asset, the asset by its planet's key.
 */
export async function findAssetGlances(
  db: Queryable,
  refs: GlanceRefs,
  viewerAccountId: string | null,
): Promise<AssetGlanceRow[]> {
  const match =
    refs.by === 'id'
      ? 'a.planet = wanted.planet AND a.id = wanted.key::uuid'
      : 'a.planet = wanted.planet AND a.certificate_number = wanted.key';
  return queryAll<AssetGlanceRow>(
    db,
    `SELECT a.id, a.planet, a.certificate_number, a.title,
            a.attributes ->> ($3::jsonb ->> a.planet) AS byline,
            (SELECT m.id FROM asset_media m JOIN media_blobs b ON b.sha256 = m.sha256
              WHERE m.asset_id = a.id AND m.planet = a.planet AND b.content_type LIKE 'image/%'
                AND (a.account_id = $4::uuid OR (m.public AND ($4::uuid IS NULL OR a.issued_at IS NOT NULL)))
              ORDER BY m.created_at, m.id LIMIT 1) AS thumbnail_id,
            ($4::uuid IS NULL OR a.account_id = $4::uuid OR a.issued_at IS NOT NULL) AS shown
     FROM unnest($1::text[], $2::text[]) AS wanted(planet, key)
     JOIN assets a ON ${match}`,
    [refs.planets, refs.keys, BYLINE_FIELDS, viewerAccountId],
  );
}
