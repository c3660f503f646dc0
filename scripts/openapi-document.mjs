// Writes the document the service serves at /api/v1/openapi.json to a file, for the linters (npm run lint:openapi).
// It builds the app from dist/ on a throwaway embedded database; AVS_PUBLIC_URL gives `servers` as production has it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import process from 'node:process';
import { buildApp } from '../dist/src/app.js';
import { loadConfig } from '../dist/src/config.js';

const output = process.argv[2] ?? 'openapi.json';
const dataDir = mkdtempSync(join(tmpdir(), 'avs-openapi-'));
try {
  const config = loadConfig(
    { AVS_PUBLIC_URL: process.env.AVS_PUBLIC_URL ?? 'https://avs.asset-registry.dev' },
    { LOG_LEVEL: 'silent', AVS_DATA_DIR: dataDir },
  );
  const app = await buildApp({ config, logger: false });
  await app.ready();
  const response = await app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
  writeFileSync(output, `${JSON.stringify(response.json(), null, 2)}\n`);
  await app.close();
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
