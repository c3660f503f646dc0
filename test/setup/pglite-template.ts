import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { PgliteDatabase } from '../../src/db/pglite.js';
import { migrate } from '../../src/db/migrate.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplatePath: string;
    postgresTemplate: { adminUrl: string; templateName: string };
  }
}

// A PGlite initdb takes seconds; a migrated template dumped once is loaded by each test file in well under one.
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'avs-pglite-template-'));
  const db = await PgliteDatabase.open('memory://');
  await migrate(db);
  const dump = await db.pglite.dumpDataDir('none');
  await db.close();
  const templatePath = path.join(dir, 'template.tar');
  writeFileSync(templatePath, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplatePath', templatePath);
  return () => rmSync(dir, { recursive: true, force: true });
}
