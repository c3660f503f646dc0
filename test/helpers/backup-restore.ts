import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Database } from '../../src/db/database.js';
import { migrate } from '../../src/db/migrate.js';
import { verifyArchive } from '../../src/modules/backup/backup-archive.js';
import { schemaVersionOf, writeBackup, type BackupSummary } from '../../src/modules/backup/backup.service.js';
import { checkRestoreTarget, loadArchive } from '../../src/modules/backup/restore.service.js';
import { createTestDatabase } from './test-database.js';

/**
 * `source` backed up to an archive and restored into a fresh database, as `avs backup` then `avs restore` do;
 * `check` looks at the restored database (and the backup's summary) before both are thrown away.
 */
export async function withRestoredCopy<T>(
  source: Database,
  check: (restored: Database, summary: BackupSummary) => Promise<T>,
): Promise<T> {
  const dir = mkdtempSync(path.join(tmpdir(), 'avs-restored-copy-'));
  const archive = path.join(dir, 'registry.avs');
  const target = await createTestDatabase();
  try {
    const summary = await writeBackup(source, createWriteStream(archive, { mode: 0o600 }), {
      file: archive,
      schemaVersion: await schemaVersionOf(source),
    });
    const verified = await verifyArchive(archive, summary.schema_version);
    await checkRestoreTarget(target.db, verified);
    await migrate(target.db);
    await loadArchive(target.db, verified);
    return await check(target.db, summary);
  } finally {
    await target.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}
