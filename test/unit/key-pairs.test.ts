import { execFile } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/lib/package-root.js';

const run = promisify(execFile);

// On Node.js 20, exporting a freshly generated key as JWK while the garbage collector frees its generation job locks
// the key's mutex twice: the process hangs for good. It hung a CI run (a passkey test's software authenticator) and
// could hang a server making its first signing key. V8's --gc-interval makes the collector run often enough that the
// plain generateKeyPairSync + export({ format: 'jwk' }) hangs here within 3,000 keys; newKeyPair must never.
const keyPairs = pathToFileURL(path.join(packageRoot, 'dist', 'src', 'lib', 'key-pairs.js')).href;
const script = `
  const { newKeyPair } = await import(${JSON.stringify(keyPairs)});
  for (let i = 0; i < 3000; i++) {
    newKeyPair('p-256').publicKey.export({ format: 'jwk' });
    newKeyPair('ed25519').publicKey.export({ format: 'jwk' });
  }
  process.stdout.write('made 6000 keys');
`;

describe('newKeyPair', () => {
  it('exports its keys as JWK while the garbage collector runs constantly, without hanging', async () => {
    const { stdout } = await run(
      process.execPath,
      ['--gc-interval=20', '--input-type=module', '-e', script],
      {
        timeout: 60_000,
      },
    );
    expect(stdout).toBe('made 6000 keys');
  }, 70_000);
});
