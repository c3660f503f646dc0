import { BackupRefusedError } from '../../modules/backup/backup-archive.js';
import { schemaVersionOf, writeBackup, type BackupSummary } from '../../modules/backup/backup.service.js';
import { parseArchiveArguments, readArchiveArguments, type CliCommand } from '../cli-command.js';
import { OutputFileRefusedError } from '../output-file.js';

export function describeArchive(summary: BackupSummary): string {
  const rows = Object.values(summary.tables).reduce((sum, count) => sum + count, 0);
  return (
    `${rows} row(s) of ${Object.keys(summary.tables).length} table(s), schema version ${summary.schema_version}, ` +
    `${summary.media_files} media file(s), ${summary.bytes} bytes, SHA-256 ${summary.sha256}, ` +
    (summary.signed ? 'with a MAC (AVS_MASTER_KEY)' : 'no MAC (AVS_MASTER_KEY unset)')
  );
}

/**
 * `avs backup FILE [--json] [--force]`: one consistent archive while the service runs. With the embedded database
 * and a running server it runs inside that server (local channel) and FILE opens on the caller's side. FILE is
 * made new (0600, through a temporary file and a rename); an existing one is refused unless it is an empty file
 * of the caller's (mktemp) or --force is given.
 */
export const backupCommand: CliCommand = {
  usage: 'FILE [--json] [--force]',
  summary: 'Write a consistent archive of the whole database (online)',
  database: 'yes',
  outputFile(args) {
    try {
      const { file, force } = readArchiveArguments('backup', args);
      return { file, force };
    } catch {
      return undefined;
    }
  },
  async run(args, context) {
    const parsed = parseArchiveArguments('backup', args, context);
    if (!parsed) return 2;
    const { file, force } = parsed;
    let summary: BackupSummary;
    try {
      // Opened before the database, so a refused FILE costs nothing.
      const out = context.io.createOutputFile(file, { force });
      summary = await context
        .withDatabase(async (db) => {
          const schemaVersion = await schemaVersionOf(db);
          return writeBackup(db, out, {
            file,
            schemaVersion,
            mediaDir: context.config.AVS_MEDIA_DIR,
            masterKey: context.config.AVS_MASTER_KEY,
          });
        })
        .catch((error: unknown) => {
          out.destroy();
          throw error;
        });
    } catch (error) {
      if (!(error instanceof BackupRefusedError) && !(error instanceof OutputFileRefusedError)) throw error;
      context.io.stderr.write(`avs backup: ${error.message}\n`);
      return 1;
    }
    context.print(parsed.json, summary, `Backed up to ${file}: ${describeArchive(summary)}.`);
    return 0;
  },
};
