import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/lib/package-root.js';

describe('sdk/src/schema.ts', () => {
  it('is what openapi-typescript generates from the served /api/v1/openapi.json (npm run sdk:generate)', async () => {
    // Regenerates from dist/ (npm test builds first) and compares with the committed file; exit 1 when stale.
    const result = await promisify(execFile)(
      process.execPath,
      [path.join(packageRoot, 'sdk', 'scripts', 'generate-types.mjs'), '--check'],
      { cwd: packageRoot, env: { PATH: process.env.PATH ?? '' }, timeout: 120_000 },
    ).catch((error: { code: number; stderr: string; stdout: string }) => error);
    expect(result.stderr).not.toMatch(/not current/);
    expect(result.stdout).toContain('sdk/src/schema.ts is current.');
  });
});
