import { loadMigrations, migrate } from '../../db/migrate.js';
import { openDatabase } from '../../db/open-database.js';
import { BackupRefusedError, verifyArchive } from '../../modules/backup/backup-archive.js';
import {
  checkArchiveMac,
  checkArchiveMedia,
  checkRestoreTarget,
  loadArchive,
  refreshStatistics,
} from '../../modules/backup/restore.service.js';
import { parseArchiveArguments, type CliCommand } from '../cli-command.js';
import { describeArchive } from './backup.command.js';

/**
 * `avs restore FILE [--json] [--trust-unsigned]`: fills an empty target (DATABASE_URL, or AVS_DATA_DIR) from an
 * archive. The archive is checked whole before anything is written (checksum, schema version, and its MAC under
 * AVS_MASTER_KEY: checkArchiveMac); the target is migrated to the archive's schema, loaded in one transaction,
 * then migrated to this code's. It needs the directory to itself.
 */
export const restoreCommand: CliCommand = {
  usage: 'FILE [--json] [--trust-unsigned]',
  summary: 'Restore an archive into an empty database (checked first)',
  database: 'own-connection',
  async run(args, context) {
    const parsed = parseArchiveArguments('restore', args, context);
    if (!parsed) return 2;
    const { file } = parsed;
    const migrations = loadMigrations();
    const codeVersion = Math.max(...migrations.map((migration) => migration.version));
    try {
      const masterKey = context.config.AVS_MASTER_KEY;
      const archive = await verifyArchive(file, codeVersion, masterKey);
      const warning = checkArchiveMac(archive, {
        masterKeySet: masterKey !== undefined,
        trustUnsigned: parsed.trustUnsigned,
      });
      await checkArchiveMedia(archive, context.config.AVS_MEDIA_DIR);
      const db = await openDatabase(context.config);
      try {
        await checkRestoreTarget(db, archive);
        await migrate(
          db,
          migrations.filter((migration) => migration.version <= archive.schemaVersion),
        );
        const summary = await loadArchive(db, archive, { mediaDir: context.config.AVS_MEDIA_DIR });
        await migrate(db, migrations);
        await refreshStatistics(db);
        // Said once the restore has succeeded, so a refusal stays one sentence.
        if (warning) context.io.stderr.write(`avs restore: warning: ${warning}\n`);
        context.print(parsed.json, summary, `Restored ${file}: ${describeArchive(summary)}.`);
        return 0;
      } finally {
        await db.close();
      }
    } catch (error) {
      if (!(error instanceof BackupRefusedError)) throw error;
      context.io.stderr.write(`avs restore: ${error.message}\n`);
      return 1;
    }
  },
};
