import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logEntryOf } from '../../src/modules/tlog/tlog.service.js';
import { createAssetViaApi, issueCertificateForTest, type CreatedAsset } from '../helpers/asset-factory.js';
import { buildGoTlogVerifier } from '../helpers/go-tlog-verifier.js';
import { LOG_ON_DEMAND, useTestContext, type TestContext } from '../helpers/test-app.js';

const run = promisify(execFile);

// The integrator runs when the test says; the Go verifier reads many tiles from one address.
const context = useTestContext({
  config: {
    ...LOG_ON_DEMAND,
    AVS_RATE_LIMIT_PER_SECOND: 1_000_000,
    AVS_RATE_LIMIT_BURST: 1_000_000,
  },
});
let owner: Awaited<ReturnType<TestContext['createAccountWithKey']>>;
let workDir: string;
let verifierBinary: string;
let prefix: string;

interface Summary {
  origin: string;
  size: number;
  root: string;
  entries_checked: number;
  tiles_by_level: Record<string, number>;
  consistent: boolean;
  proofs_checked: number;
}

beforeAll(async () => {
  owner = await context.createAccountWithKey();
  workDir = await mkdtemp(join(tmpdir(), 'avs-go-verifier-'));
  verifierBinary = await buildGoTlogVerifier(workDir);
  const address = await context.app.listen({ port: 0, host: '127.0.0.1' });
  prefix = `${address}/tlog`;
}, 120_000);

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

async function verifyWithGo(args: string[] = []): Promise<Summary> {
  const vkey = (await context.app.inject({ method: 'GET', url: '/tlog/vkey' })).body.trim();
  const { stdout } = await run(verifierBinary, ['-url', prefix, '-vkey', vkey, ...args]);
  return JSON.parse(stdout) as Summary;
}

async function createAssets(count: number): Promise<CreatedAsset[]> {
  const assets: CreatedAsset[] = [];
  for (let i = 0; i < count; i += 10) {
    const batch = Math.min(10, count - i);
    assets.push(
      ...(await Promise.all(
        Array.from({ length: batch }, (_, j) =>
          createAssetViaApi(context.app, owner.auth, 'artworks', { title: `Work ${i + j}` }),
        ),
      )),
    );
  }
  return assets;
}

describe("the log verified by Go's golang.org/x/mod/sumdb/tlog and note", () => {
  it('checkpoint signature, tiles at levels 0 and 1, every entry and proof, consistency across 300 more events', async () => {
    const first = await createAssets(150);
    await issueCertificateForTest(context.db, first[0]!);
    await context.app.tlogIntegrator!.runOnce();
    const before = await verifyWithGo();
    expect(before.origin).toBe('verify.example.com/tlog');
    expect(before.size).toBe(151);
    expect(before.entries_checked).toBe(151);

    // 300 more events: the tree crosses the first tile boundary (256), so level 1 tiles appear.
    await createAssets(300);
    await context.app.tlogIntegrator!.runOnce();

    // The service's own proofs (JSON under /api/v1, the tlog-proof text inside) checked by Go too.
    const proofDir = join(workDir, 'proofs');
    await run('mkdir', ['-p', proofDir]);
    for (const asset of first.slice(0, 5)) {
      const history = await context.app.inject({
        method: 'GET',
        url: `/api/v1/assets/${asset.planet}/${asset.id}/history`,
        headers: owner.auth,
      });
      for (const event of history.json<{ data: Parameters<typeof logEntryOf>[0][] }>().data) {
        const response = await context.app.inject({
          method: 'GET',
          url: `/api/v1/assets/${asset.planet}/${asset.id}/history/${event.sequence}/proof`,
          headers: owner.auth,
        });
        expect(response.statusCode).toBe(200);
        const body = response.json<{ log_index: number; proof: string }>();
        await writeFile(join(proofDir, `${body.log_index}.proof`), body.proof);
        await writeFile(join(proofDir, `${body.log_index}.entry`), logEntryOf(event));
      }
    }

    const after = await verifyWithGo([
      '-old-size',
      String(before.size),
      '-old-hash',
      before.root,
      '-proofs',
      proofDir,
    ]);
    expect(after.size).toBe(451);
    expect(after.entries_checked).toBe(451);
    expect(after.consistent).toBe(true);
    expect(after.proofs_checked).toBe(6);
    expect(after.tiles_by_level['0']).toBeGreaterThan(0);
    expect(after.tiles_by_level['1']).toBeGreaterThan(0);
  }, 240_000);

  it('refuses a checkpoint under another key, and a wrong earlier root', async () => {
    const vkey = (await context.app.inject({ method: 'GET', url: '/tlog/vkey' })).body.trim();
    const [name, , key] = [vkey.slice(0, vkey.indexOf('+')), '', vkey.slice(vkey.lastIndexOf('+') + 1)];
    const wrongId = `${name}+00000000+${key}`;
    await expect(run(verifierBinary, ['-url', prefix, '-vkey', wrongId])).rejects.toThrow();
    await expect(
      run(verifierBinary, [
        '-url',
        prefix,
        '-vkey',
        vkey,
        '-old-size',
        '151',
        '-old-hash',
        Buffer.alloc(32).toString('base64'),
      ]),
    ).rejects.toThrow(/consistency/);
  }, 60_000);
});
