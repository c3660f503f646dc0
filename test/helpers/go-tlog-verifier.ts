import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
/**
 * Builds an independent Go verifier under test/tlog into workDir and returns its path: `go-verifier` (the log,
 * with Go's sumdb/tlog and note) or `go-cosignature-verifier` (the witnesses' cosignatures, from the C2SP text
 * with crypto/ed25519 alone). GOPATH mode over Debian's golang-golang-x-mod-dev: no module download, no network.
 */
export async function buildGoTlogVerifier(
  workDir: string,
  program: 'go-verifier' | 'go-cosignature-verifier' = 'go-verifier',
): Promise<string> {
  const binary = join(workDir, program);
  await run('go', ['build', '-o', binary, '.'], {
    cwd: join(import.meta.dirname, '..', 'tlog', program),
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
