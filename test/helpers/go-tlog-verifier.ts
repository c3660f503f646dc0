import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const sourceDir = join(import.meta.dirname, '..', 'tlog', 'go-verifier');

/**
 * Builds the independent verifier of the log (Go's sumdb/tlog and note) into workDir and returns its path.
 * GOPATH mode over Debian's golang-golang-x-mod-dev: no module download, no network.
 */
export async function buildGoTlogVerifier(workDir: string): Promise<string> {
  const binary = join(workDir, 'verifier');
  await run('go', ['build', '-o', binary, '.'], {
    cwd: sourceDir,
    env: {
      ...process.env,
      GOPATH: '/usr/share/gocode',
      GO111MODULE: 'off',
      GOCACHE: join(workDir, 'cache'),
      GOFLAGS: '',
    },
  });
  return binary;
}
