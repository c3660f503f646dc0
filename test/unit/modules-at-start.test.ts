import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/lib/package-root.js';

// docs/performance.md, "Round 4: embedded at rest": a server at rest holds none of the packages only some requests use.
describe('the modules a server loads at start', () => {
  it('leaves exceljs, mailparser, sharp, pdfkit, fontkit, nodemailer, the password list and passkeys to their first use', async () => {
    const { stdout } = await promisify(execFile)(
      path.join(packageRoot, 'node_modules', '.bin', 'vite-node'),
      [path.join(packageRoot, 'test', 'scripts', 'modules-at-start.ts')],
      { cwd: packageRoot, timeout: 120_000 },
    );
    const loaded = JSON.parse(stdout.trim().split('\n').at(-1)!) as {
      atStart: string[];
      afterFirstUse: string[];
    };
    expect(loaded.atStart).toEqual([]);
    expect(loaded.afterFirstUse).toEqual([
      '@simplewebauthn/server',
      '@zxcvbn-ts/language-common',
      'exceljs',
      'fontkit',
      'mailparser',
      'nodemailer',
      'pdfkit',
      'sharp',
    ]);
  });
});
