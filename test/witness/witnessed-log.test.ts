import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWitnessedCheckpoint } from '../../sdk/src/index.js';
import { checkQuorum, parseWitnessKey } from '../../src/modules/tlog/cosignature.js';
import {
  checkpointText,
  parseCheckpointText,
  signNote,
  splitNote,
} from '../../src/modules/tlog/signed-note.js';
import { SigningKeyring } from '../../src/modules/signing/signing-keys.service.js';
import { createAssetViaApi, issueCertificateForTest } from '../helpers/asset-factory.js';
import { buildGoTlogVerifier } from '../helpers/go-tlog-verifier.js';
import { runAvsInProcess } from '../helpers/cli-in-process.js';
import { LOG_ON_DEMAND, useTestContext, type TestContext } from '../helpers/test-app.js';
import { logVkeyOf, TestWitnesses } from '../helpers/witnesses.js';

const witnesses = new TestWitnesses();
let logVkey = '';
// The integrator runs when the test says; two witnesses in this process, started on the fresh database's log key.
const context = useTestContext({
  config: {
    ...LOG_ON_DEMAND,
    AVS_WITNESS_TIMEOUT_MS: 2000,
  },
  prepare: async (db, config) => {
    logVkey = await logVkeyOf(db, config);
    await witnesses.start(['witness.example.org/w1', 'witness.example.net/w2'], logVkey);
    return witnesses.setting();
  },
});
let owner: Awaited<ReturnType<TestContext['createAccountWithKey']>>;
let prefix: string;

beforeAll(async () => {
  owner = await context.createAccountWithKey();
  prefix = `${await context.app.listen({ port: 0, host: '127.0.0.1' })}/tlog`;
});

afterAll(async () => {
  await witnesses.close();
});

const witnessKeys = () => witnesses.running.map((running) => parseWitnessKey(running.witness.vkey)!);

/** Creates assets, appends them to the log, and waits for the witnesses' answers. */
async function logEvents(count: number): Promise<string> {
  for (let i = 0; i < count; i++)
    await createAssetViaApi(context.app, owner.auth, 'artworks', { title: `Witnessed ${i}` });
  await context.app.tlogIntegrator!.runOnce();
  await context.app.witnessCosigner!.settled();
  return (await context.app.inject({ method: 'GET', url: '/tlog/checkpoint' })).body;
}

/** `avs log verify` of the log at `url`, requiring both witnesses' cosignatures (or --quorum). */
const verifyWithWitnesses = (url: string, ...args: string[]) =>
  runAvsInProcess([
    'log',
    'verify',
    '--url',
    url,
    ...witnesses.running.flatMap((running) => ['--witness', running.witness.vkey]),
    ...args,
  ]);

/** A server that serves `checkpoint` as the log's checkpoint: the operator's split view. */
async function serveCheckpoint(checkpoint: string): Promise<{ url: string; server: Server }> {
  const server = createServer((_request, response) => response.end(checkpoint));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe('two witnesses beside the service', () => {
  it('cosign every checkpoint: /tlog/checkpoint carries both cosignatures over its exact body', async () => {
    for (const count of [3, 2]) {
      const checkpoint = await logEvents(count);
      const quorum = checkQuorum(checkpoint, witnessKeys(), 2);
      expect(quorum.ok, JSON.stringify(quorum)).toBe(true);
      expect(quorum.cosigners.map((cosigner) => cosigner.name)).toEqual([
        'witness.example.org/w1',
        'witness.example.net/w2',
      ]);
    }
    expect(parseCheckpointText(splitNote(await logEvents(0))!.text)!.size).toBe(5);
    const ready = await context.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.json()).toEqual({
      status: 'ready',
      witnesses: [
        { name: 'witness.example.org/w1', ok: true, last_cosigned_size: 5 },
        { name: 'witness.example.net/w2', ok: true, last_cosigned_size: 5 },
      ],
    });
    const verified = await verifyWithWitnesses(prefix);
    expect(verified.code, verified.stderr).toBe(0);
    expect(verified.stdout).toMatch(/cosigned by witness\.example\.org\/w1, witness\.example\.net\/w2\.$/m);
  });

  it('the cosignatures check out in an independent Go program written from the C2SP text', async () => {
    const workDir = await mkdtemp(join(tmpdir(), 'avs-go-cosignatures-'));
    try {
      const binary = await buildGoTlogVerifier(workDir, 'go-cosignature-verifier');
      const checkpoint = await logEvents(1);
      const [w1, w2] = witnesses.running.map((running) => running.witness.vkey);
      const goVerify = (note: string, ...args: string[]) =>
        new Promise<{ code: number; stdout: string }>((resolve) => {
          const child = execFile(binary, ['-log-vkey', logVkey, ...args], (error, stdout) =>
            resolve({ code: error ? Number(error.code ?? 1) : 0, stdout }),
          );
          child.stdin!.end(note);
        });
      const both = await goVerify(checkpoint, '-witness', w1!, '-witness', w2!);
      expect(both.code).toBe(0);
      expect(JSON.parse(both.stdout)).toMatchObject({
        origin: 'verify.example.com/tlog',
        log_signed: true,
        quorum: 2,
        quorum_met: true,
        cosigners: [{ name: 'witness.example.org/w1' }, { name: 'witness.example.net/w2' }],
      });
      // The log's own signature alone does not meet a quorum of one.
      const bare = checkpoint.split('\n— witness.')[0]! + '\n';
      expect((await goVerify(bare, '-witness', w1!, '-quorum', '1')).code).toBe(1);
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  }, 120_000);

  it("offline proofs carry them: the event proof and /verify's facts.log, in its signed receipt too", async () => {
    const asset = await createAssetViaApi(context.app, owner.auth, 'artworks', {
      title: 'Bought with a receipt',
    });
    const before = await context.app.inject({
      method: 'POST',
      url: '/api/v1/verify',
      headers: owner.auth,
      payload: { planet: asset.planet, asset_id: asset.id },
    });
    expect(before.json<{ facts: unknown }>().facts).toEqual({ tag_bound: false, log: null });
    await issueCertificateForTest(context.db, asset);
    const checkpoint = await logEvents(0);

    const proof = await context.app.inject({
      method: 'GET',
      url: `/api/v1/assets/${asset.planet}/${asset.id}/history/2/proof`,
      headers: owner.auth,
    });
    expect(proof.json<{ checkpoint: string }>().checkpoint).toBe(checkpoint);
    expect(proof.json<{ proof: string }>().proof.endsWith(`\n\n${checkpoint}`)).toBe(true);

    const verified = await context.app.inject({
      method: 'POST',
      url: '/api/v1/verify',
      headers: owner.auth,
      payload: { planet: asset.planet, asset_id: asset.id },
    });
    const body = verified.json<{
      verified: boolean;
      facts: {
        log: {
          checkpoint: string;
          log_index: number;
          witnesses: { name: string }[];
          quorum: number;
          witnessed: boolean;
        };
      };
      receipt: { credentialSubject: { facts: unknown } };
    }>();
    expect(body.verified).toBe(true);
    expect(body.facts.log).toMatchObject({
      checkpoint,
      log_index: proof.json<{ log_index: number }>().log_index,
      quorum: 2,
      witnessed: true,
    });
    expect(body.facts.log.witnesses.map((witness) => witness.name)).toEqual([
      'witness.example.org/w1',
      'witness.example.net/w2',
    ]);
    expect(body.receipt.credentialSubject.facts).toEqual(body.facts);
    // What a buyer keeps is enough, without the service: the note checks against the witnesses' keys.
    expect(checkQuorum(body.facts.log.checkpoint, witnessKeys(), 2).ok).toBe(true);
  });

  it("refuse a fork the operator's own key signed, and the verifier rejects the fork that lacks their cosignatures", async () => {
    const honest = splitNote(await logEvents(1))!;
    const size = parseCheckpointText(honest.text)!.size;
    const keyring = new SigningKeyring(context.config.AVS_MASTER_KEY);
    const logKey = await keyring.activeKey(context.db, 'log');
    const origin = 'verify.example.com/tlog';
    const fork = signNote(
      checkpointText({ origin, size, rootHash: Buffer.alloc(32, 7) }),
      origin,
      logKey.privateKey,
    );
    for (const { url } of witnesses.running) {
      const response = await fetch(`${url}/add-checkpoint`, {
        method: 'POST',
        body: `old ${size}\n\n${fork}`,
      });
      expect(response.status).toBe(422);
      // A rolled-back checkpoint (an earlier size) is refused with the size the witness knows.
      const earlier = signNote(
        checkpointText({ origin, size: 2, rootHash: Buffer.alloc(32, 7) }),
        origin,
        logKey.privateKey,
      );
      const rolledBack = await fetch(`${url}/add-checkpoint`, {
        method: 'POST',
        body: `old 2\n\n${earlier}`,
      });
      expect(rolledBack.status).toBe(409);
      expect(await rolledBack.text()).toBe(`${size}\n`);
    }
    const splitView = await serveCheckpoint(fork);
    try {
      const rejected = await verifyWithWitnesses(splitView.url, '--vkey', logVkey, '--quorum', '1');
      expect(rejected.code).toBe(1);
      expect(rejected.stderr).toMatch(
        /^FAILED: The checkpoint carries 0 valid cosignature\(s\) of the 1 required: .*witness\.example\.org\/w1, witness\.example\.net\/w2\.\n$/,
      );
    } finally {
      splitView.server.close();
    }
  });

  it('a witness down: writes and the log go on, the checkpoint is served with one cosignature, /metrics and /readyz say which', async () => {
    await witnesses.running[1]!.close();
    const created = await createAssetViaApi(context.app, owner.auth, 'artworks', {
      title: 'While w2 is down',
    });
    expect(created.id).toBeTruthy();
    const checkpoint = await logEvents(1);
    const size = parseCheckpointText(splitNote(checkpoint)!.text)!.size;
    const quorum = checkQuorum(checkpoint, witnessKeys(), 2);
    expect(quorum.ok).toBe(false);
    expect(quorum.cosigners.map((cosigner) => cosigner.name)).toEqual(['witness.example.org/w1']);
    expect(!quorum.ok && quorum.missing).toEqual(['witness.example.net/w2']);
    const metrics = (await context.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toContain('avs_witness_up{witness="witness.example.org/w1"} 1');
    expect(metrics).toContain('avs_witness_up{witness="witness.example.net/w2"} 0');
    expect(metrics).toMatch(
      /avs_witness_answers_total\{witness="witness\.example\.net\/w2",outcome="unreachable"\} [1-9]/,
    );
    const ready = await context.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json<{ witnesses: unknown[] }>().witnesses).toEqual([
      { name: 'witness.example.org/w1', ok: true, last_cosigned_size: size },
      { name: 'witness.example.net/w2', ok: false, last_cosigned_size: size - 2 },
    ]);
    // The SDK's verifier names the witness that is missing.
    const vkeys = witnesses.running.map((running) => running.witness.vkey);
    const sdkCheck = verifyWitnessedCheckpoint(checkpoint, vkeys);
    expect(sdkCheck.ok).toBe(false);
    expect(!sdkCheck.ok && sdkCheck.detail).toMatch(/from witness\.example\.net\/w2\.$/);
    expect(verifyWitnessedCheckpoint(checkpoint, vkeys, 1).ok).toBe(true);
    // Quorum 1 of the two is still met.
    const verified = await verifyWithWitnesses(prefix, '--quorum', '1');
    expect(verified.code, verified.stderr).toBe(0);
  });
});
