import { createHash, type Hash } from 'node:crypto';
import type { Database } from '../../db/database.js';
import { BackupRefusedError, type VerifiedArchive } from './backup-archive.js';
import {
  damaged,
  isString,
  parseLine,
  readArchiveMeta,
  readBody,
  toMetaLine,
  toRecordLine,
  type EndLine,
  type FileLine,
  type MetaLine,
} from './backup-lines.js';
import {
  analyzeAll,
  disableTriggers,
  insertRows,
  latestAppliedMigration,
  listTables,
  setSequence,
  tablesWithRows,
  truncateTables,
  type TableDefinition,
} from './backup.repository.js';
import type { BackupSummary } from './backup.service.js';
// The stored bytes as they are, beneath every rule: the one exception of docs/architecture.md's layer rules.
import { openMediaFileWriter, type MediaFileWriter } from '../media/media-store.repository.js';

const INSERT_BATCH_BYTES = 1 << 20;

/**
 * "Empty" (docs/operations.md): no accounts, keys, assets, events or admin users. Signing keys and a set-up
 * link that a first start generated do not count: the restore replaces them.
 */
const TABLES_THAT_MAKE_A_TARGET_NON_EMPTY = ['accounts', 'api_keys', 'assets', 'asset_events', 'admin_users'];

function sameColumns(a: TableDefinition, b: TableDefinition): boolean {
  return (
    a.columns.length === b.columns.length &&
    a.columns.every(
      (column, index) => column.name === b.columns[index]!.name && column.type === b.columns[index]!.type,
    )
  );
}

function noMediaDirectory(files: number): BackupRefusedError {
  return new BackupRefusedError(
    `the archive holds ${files} media file(s) kept in AVS_MEDIA_DIR, but the target has no AVS_MEDIA_DIR: ` +
      'set it to the directory that should receive them.',
  );
}

/**
 * Refuses, before anything is written, an archive with media files when the target has no AVS_MEDIA_DIR
 * (the rows say the bytes are files; moving them into the database is not the restore's decision).
 */
export async function checkArchiveMedia(
  archive: VerifiedArchive,
  mediaDir: string | undefined,
): Promise<void> {
  const meta = await readArchiveMeta(archive);
  if ((meta.media_files ?? 0) > 0 && !mediaDir) throw noMediaDirectory(meta.media_files!);
}

/**
 * Whether the archive may be restored, as its MAC says (docs/operations.md): with AVS_MASTER_KEY set here a
 * missing or wrong MAC is refused unless trustUnsigned; otherwise the one-line warning to print, if any.
 */
export function checkArchiveMac(
  archive: VerifiedArchive,
  options: { masterKeySet: boolean; trustUnsigned: boolean },
): string | undefined {
  const { file } = archive;
  const refuseUnlessTrusted = (why: string, warning: string) => {
    if (options.trustUnsigned) return warning;
    throw new BackupRefusedError(`${why} (--trust-unsigned restores it anyway).`);
  };
  switch (archive.mac) {
    case 'verified':
      return undefined;
    case 'unchecked':
      return `the MAC of ${file} was not checked, as AVS_MASTER_KEY is not set here: only its checksum was, which catches damage, not a forger.`;
    case 'mismatch':
      return refuseUnlessTrusted(
        `the MAC of ${file} does not match AVS_MASTER_KEY: it was altered after the backup, or made under another key`,
        `the MAC of ${file} does not match AVS_MASTER_KEY; restoring it anyway (--trust-unsigned).`,
      );
    case 'absent':
      if (!options.masterKeySet) {
        return `${file} carries no MAC and AVS_MASTER_KEY is not set here: only its checksum was checked, which catches damage, not a forger.`;
      }
      return refuseUnlessTrusted(
        `${file} carries no MAC while AVS_MASTER_KEY is set: it was made without the key, or its MAC was removed`,
        `${file} carries no MAC; restoring it anyway (--trust-unsigned): only its checksum was checked.`,
      );
  }
}

export interface RestoreTargetCheck {
  /** The latest migration already applied to the target, or null for a blank one. */
  appliedSchemaVersion: number | null;
}

/** Refuses a target that holds data, or one already migrated past the archive's schema (nothing written). */
export async function checkRestoreTarget(
  db: Database,
  archive: VerifiedArchive,
): Promise<RestoreTargetCheck> {
  const held = await tablesWithRows(db, TABLES_THAT_MAKE_A_TARGET_NON_EMPTY);
  if (held.length > 0) {
    throw new BackupRefusedError(
      `the target database is not empty (${held.join(', ')} hold rows): restore only into an empty one.`,
    );
  }
  const applied = await latestAppliedMigration(db);
  if (applied !== null && applied > archive.schemaVersion) {
    throw new BackupRefusedError(
      `the target is already at schema version ${applied}, past the archive's ${archive.schemaVersion}: ` +
        'restore into a new database (or an empty AVS_DATA_DIR), which restore migrates itself.',
    );
  }
  return { appliedSchemaVersion: applied };
}

/**
 * Loads a verified archive into a target migrated to the archive's schema version, in one transaction:
 * every table emptied (a first start's keys and set-up link go), every row inserted as it was, every
 * sequence set, every media file written into mediaDir. Anything unexpected rolls it all back.
 */
export async function loadArchive(
  db: Database,
  archive: VerifiedArchive,
  options: { mediaDir?: string } = {},
): Promise<BackupSummary> {
  const hash = createHash('sha256');
  // The media file being read: written aside, renamed into AVS_MEDIA_DIR once its size and SHA-256 check out,
  // before the load commits (a load that then rolls back leaves unreferenced files, harmless when content-addressed).
  let file: { record: FileLine; writer: MediaFileWriter; hash: Hash; size: number } | undefined;
  const finishFile = async () => {
    if (!file) return;
    const { record, writer, hash: fileHash, size } = file;
    file = undefined;
    if (size !== record.bytes || fileHash.digest('hex') !== record.sha256) {
      await writer.abort();
      throw damaged(archive);
    }
    await writer.commit();
  };
  try {
    return await db.transaction(async (tx) => {
      await disableTriggers(tx);
      const targetTables = new Map((await listTables(tx)).map((table) => [table.name, table]));
      const lines = readBody(archive, hash);
      let meta: MetaLine | undefined;
      let end: EndLine | undefined;
      let current: TableDefinition | undefined;
      let batch: string[] = [];
      let batchBytes = 0;
      let mediaFiles = 0;
      const inserted: Record<string, number> = {};
      const flush = async () => {
        if (batch.length === 0) return;
        inserted[current!.name]! += await insertRows(tx, current!, `[${batch.join(',')}]`).catch(
          (error: unknown) => {
            throw new BackupRefusedError(
              `${archive.file} is damaged: the rows of table ${current!.name} do not load (${(error as Error).message}).`,
            );
          },
        );
        batch = [];
        batchBytes = 0;
      };
      for await (const line of lines) {
        if (meta === undefined) {
          meta = toMetaLine(archive, parseLine(archive, line));
          if ((meta.media_files ?? 0) > 0 && !options.mediaDir) throw noMediaDirectory(meta.media_files!);
          const archived = new Set(meta.tables.map((table) => table.name));
          for (const table of meta.tables) {
            const target = targetTables.get(table.name);
            if (!target || !sameColumns(table, target)) {
              throw new BackupRefusedError(
                `the archive's table ${table.name} does not match the schema at version ${archive.schemaVersion}.`,
              );
            }
          }
          const missing = [...targetTables.keys()].filter((name) => !archived.has(name));
          if (missing.length > 0) {
            throw new BackupRefusedError(
              `the archive lacks table(s) ${missing.join(', ')} of its schema version.`,
            );
          }
          await truncateTables(tx, [...targetTables.keys()]);
          continue;
        }
        if (line.startsWith('[')) {
          if (!current || file) throw damaged(archive);
          batch.push(line);
          batchBytes += line.length;
          if (batchBytes >= INSERT_BATCH_BYTES) await flush();
          continue;
        }
        if (line.startsWith('"')) {
          // A piece of the media file being read, one base64 string per line.
          if (!file) throw damaged(archive);
          const text = parseLine(archive, line);
          if (!isString(text)) throw damaged(archive);
          const piece = Buffer.from(text, 'base64');
          file.hash.update(piece);
          file.size += piece.length;
          await file.writer.write(piece);
          continue;
        }
        await flush();
        await finishFile();
        const record = toRecordLine(archive, parseLine(archive, line));
        if (record.kind === 'table') {
          current = targetTables.get(record.name);
          if (!current) throw damaged(archive);
          inserted[current.name] = 0;
        } else if (record.kind === 'file') {
          if (!options.mediaDir) throw noMediaDirectory(1);
          current = undefined;
          file = {
            record,
            writer: await openMediaFileWriter(options.mediaDir, record.sha256),
            hash: createHash('sha256'),
            size: 0,
          };
          mediaFiles += 1;
        } else {
          end = record;
        }
      }
      if (!meta || !end) throw damaged(archive);
      for (const [name, rows] of Object.entries(end.tables)) {
        if ((inserted[name] ?? 0) !== rows) throw damaged(archive);
      }
      if (mediaFiles !== (end.media_files ?? 0)) throw damaged(archive);
      for (const value of end.sequences) {
        if (!meta.sequences.includes(value.name)) throw damaged(archive);
        await setSequence(tx, value).catch((error: unknown) => {
          throw new BackupRefusedError(
            `${archive.file} is damaged: its sequence ${value.name} does not load (${(error as Error).message}).`,
          );
        });
      }
      // The file was read twice: the second reading must be the bytes the checksum vouched for.
      if (hash.digest('hex') !== archive.sha256) {
        throw new BackupRefusedError(`${archive.file} changed while it was being restored.`);
      }
      return {
        file: archive.file,
        bytes: archive.bytes,
        schema_version: archive.schemaVersion,
        tables: inserted,
        sha256: archive.sha256,
        media_files: mediaFiles,
        signed: archive.mac !== 'absent',
      };
    });
  } finally {
    // A load that stopped inside a file leaves no partial file behind.
    await file?.writer.abort();
  }
}

/** After a restore: statistics for the planner, which a bulk load leaves stale. */
export async function refreshStatistics(db: Database): Promise<void> {
  await analyzeAll(db);
}
