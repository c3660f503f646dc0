import type { Queryable } from '../../db/database.js';

/** A file of an import's ZIP: the image as the media rules made it, or the refusal they gave. */
export interface ImportMediaRow {
  name: string;
  file_name: string;
  public: boolean;
  content_type: string | null;
  bytes: Uint8Array | null;
  width: number | null;
  height: number | null;
  sha256: string | null;
  sha384: string | null;
  phash: string | null;
  error_code: string | null;
  error_message: string | null;
}

/** What validation needs of a file: whether it was kept, or why not. No bytes. */
export type ImportMediaStatus = Pick<ImportMediaRow, 'name' | 'file_name' | 'error_code' | 'error_message'>;

/** Keeps a file of the ZIP; one of the same name uploaded before is replaced. */
export async function upsertImportMedia(
  q: Queryable,
  importId: string,
  row: Omit<ImportMediaRow, 'phash'> & { phash: string | null },
): Promise<void> {
  await q.query(
    `INSERT INTO import_media (import_id, name, file_name, public, content_type, bytes, width, height, sha256, sha384,
                               phash, error_code, error_message)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::bigint, $12, $13)
     ON CONFLICT (import_id, name) DO UPDATE SET file_name = EXCLUDED.file_name, public = EXCLUDED.public,
       content_type = EXCLUDED.content_type, bytes = EXCLUDED.bytes, width = EXCLUDED.width,
       height = EXCLUDED.height, sha256 = EXCLUDED.sha256, sha384 = EXCLUDED.sha384, phash = EXCLUDED.phash,
       error_code = EXCLUDED.error_code, error_message = EXCLUDED.error_message`,
    [
      importId,
      row.name,
      row.file_name,
      row.public,
      row.content_type,
      row.bytes,
      row.width,
      row.height,
      row.sha256,
      row.sha384,
      row.phash,
      row.error_code,
      row.error_message,
    ],
  );
}

/** Every file of the import's ZIPs by name, without their bytes: what validation checks a row's names against. */
export async function importMediaStatuses(q: Queryable, importId: string): Promise<ImportMediaStatus[]> {
  const { rows } = await q.query<ImportMediaStatus>(
    `SELECT name, file_name, error_code, error_message FROM import_media WHERE import_id = $1`,
    [importId],
  );
  return rows;
}

/** The kept images of the names, with their bytes: what a batch attaches. */
export async function importMediaByName(
  q: Queryable,
  importId: string,
  names: readonly string[],
): Promise<ImportMediaRow[]> {
  if (names.length === 0) return [];
  const { rows } = await q.query<ImportMediaRow>(
    `SELECT name, file_name, public, content_type, bytes, width, height, sha256, sha384, phash::text AS phash,
            error_code, error_message
       FROM import_media WHERE import_id = $1 AND name = ANY($2::text[]) AND bytes IS NOT NULL`,
    [importId, names],
  );
  return rows;
}
