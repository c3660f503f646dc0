import { createHash, generateKeyPairSync } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkQuorum, parseWitnessKey } from '../../src/modules/tlog/cosignature.js';
import { consistencyProof, treeHash } from '../../src/modules/tlog/merkle.js';
import { checkpointText, signNote } from '../../src/modules/tlog/signed-note.js';
import { serveWitness, type RunningWitness } from '../../src/modules/witness/witness-server.js';
import { computedTree, makeWitnessDir, testLog } from '../helpers/witnesses.js';

const log = testLog();
const { origin: ORIGIN, vkey: logVkey, checkpoint, entries: honest } = log;
const forked = computedTree('forged');
const otherKey = generateKeyPairSync('ed25519').privateKey;

function request(oldSize: number, size: number, note = checkpoint(size), proof?: Buffer[]) {
  const lines = proof ?? (oldSize === 0 || oldSize === size ? [] : consistencyProof(oldSize, size, honest));
  return `old ${oldSize}\n${lines.map((hash) => `${hash.toString('base64')}\n`).join('')}\n${note}`;
}

let running: RunningWitness;
let dir: string;

async function add(body: string) {
  const response = await fetch(`${running.url}/add-checkpoint`, { method: 'POST', body });
  return { status: response.status, type: response.headers.get('content-type'), body: await response.text() };
}

beforeAll(async () => {
  dir = await makeWitnessDir('witness.example.org/w1');
  running = await serveWitness({ dir, logVkeys: [logVkey], port: 0 });
});

afterAll(async () => {
  await running.close();
  await rm(dir, { recursive: true, force: true });
});

describe('a witness speaks C2SP tlog-witness', () => {
  it('cosigns the first checkpoint from old 0 and then each consistent one, with a timestamped cosignature/v1', async () => {
    const witnessKey = parseWitnessKey(running.witness.vkey)!;
    const first = await add(request(0, 5));
    expect(first.status).toBe(200);
    expect(first.body).toMatch(/^— witness\.example\.org\/w1 [A-Za-z0-9+/]+=*\n$/);
    expect(Buffer.from(first.body.split(' ')[2]!, 'base64')).toHaveLength(4 + 8 + 64);
    expect(checkQuorum(checkpoint(5) + first.body, [witnessKey], 1).ok).toBe(true);
    // Over the exact body: another checkpoint's text does not carry it.
    expect(checkQuorum(checkpoint(6) + first.body, [witnessKey], 1).ok).toBe(false);

    const second = await add(request(5, 13));
    expect(second.status).toBe(200);
    expect(checkQuorum(checkpoint(13) + second.body, [witnessKey], 1).ok).toBe(true);
    // The same checkpoint again (old = size, same root): cosigned again.
    expect((await add(request(13, 13))).status).toBe(200);
  });

  it('answers 409 with the size it knows (text/x.tlog.size) to a wrong old size, and to a rollback', async () => {
    const wrongOld = await add(request(5, 20));
    expect(wrongOld).toMatchObject({ status: 409, type: 'text/x.tlog.size', body: '13\n' });
    const rolledBack = await add(request(5, 5));
    expect(rolledBack).toMatchObject({ status: 409, body: '13\n' });
    // Old size past the checkpoint's size: a malformed request.
    expect((await add(request(13, 5, checkpoint(5), []))).status).toBe(400);
  });

  it('refuses a fork signed by the log key itself: same size, another root (422), and a bad proof (422)', async () => {
    expect((await add(request(13, 13, checkpoint(13, forked)))).status).toBe(422);
    const forkedProof = consistencyProof(13, 20, forked);
    expect((await add(request(13, 20, checkpoint(20, forked), forkedProof))).status).toBe(422);
    // A proof when the old size is 0 is refused too, as is a size-0 checkpoint with another root.
    expect((await add(request(13, 20, checkpoint(20), []))).status).toBe(422);
    // Its state did not move: the honest next checkpoint still goes from 13.
    expect((await add(request(13, 20))).status).toBe(200);
  });

  it('403 without a valid signature of the log key, 404 for an unknown log, 400 for a malformed body', async () => {
    expect((await add(request(20, 20, checkpoint(20, honest, otherKey)))).status).toBe(403);
    const tampered = checkpoint(20).replace(
      / (\S+)\n$/,
      (_m, sig: string) => ` ${sig.slice(0, 10)}AAAA${sig.slice(14)}\n`,
    );
    expect((await add(request(20, 20, tampered))).status).toBe(403);
    const unknown = signNote(
      checkpointText({ origin: 'other.example/log', size: 1, rootHash: treeHash(1, honest) }),
      'other.example/log',
      otherKey,
    );
    expect((await add(request(0, 1, unknown))).status).toBe(404);
    expect((await add('old 01\n\n' + checkpoint(20))).status).toBe(400);
    expect((await add('nonsense')).status).toBe(400);
  });

  it('serves the latest checkpoint it cosigned under the SHA-256 of the origin', async () => {
    const hash = createHash('sha256').update(ORIGIN).digest('hex');
    const response = await fetch(`${running.url}/${hash}/checkpoint`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(checkpoint(20));
  });
});
