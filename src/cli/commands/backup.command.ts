import { BackupRefusedError } from '../../modules/backup/backup-archive.js';
import { schemaVersionOf, writeBackup, type BackupSummary } from '../../modules/backup/backup.service.js';
import { parseArchiveArguments, type CliCommand } from '../cli-command.js';

export function describeArchive(summary: BackupSummary): string {
  const rows = Object.values(summary.tables).reduce((sum, count) => sum + count, 0);
  return (
    `${rows} row(s) of ${Object.keys(summary.tables).length} table(s), schema version ${summary.schema_version}, ` +
    `${summary.media_files} media file(s), ${summary.bytes} bytes, SHA-256 ${summary.sha256}`
  );
}

/**
 * `avs backup FILE [--json]`: one consistent archive while the service runs. With the embedded database and a
 * running server it runs inside that server (local channel) and FILE opens on the caller's side.
 */
export const backupCommand: CliCommand = {
  usage: 'backup FILE [--json]',
  summary: 'Write a consistent archive of the whole database (online)',
  takesSubcommand: false,
  database: 'yes',
  matches: (command) => command === 'backup',
  async run(args, context) {
    const parsed = parseArchiveArguments('backup', args, context);
    if (!parsed) return 2;
    const { file } = parsed;
    let summary: BackupSummary;
    try {
      summary = await context.withDatabase(async (db) => {
        const schemaVersion = await schemaVersionOf(db);
        return writeBackup(db, context.io.createOutputFile(file), {
          file,
          schemaVersion,
          mediaDir: context.config.AVS_MEDIA_DIR,
        });
      });
    } catch (error) {
      if (!(error instanceof BackupRefusedError)) throw error;
      context.io.stderr.write(`avs backup: ${error.message}\n`);
      return 1;
    }
    context.print(parsed.json, summary, `Backed up to ${file}: ${describeArchive(summary)}.`);
    return 0;
  },
};
