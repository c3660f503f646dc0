import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkQuorum, parseWitnessKey } from '../../src/modules/tlog/cosignature.js';
import { consistencyProof } from '../../src/modules/tlog/merkle.js';
import { runAvsInProcess } from '../helpers/cli-in-process.js';
import { freePort, startCliProcess } from '../helpers/processes.js';
import { testLog } from '../helpers/witnesses.js';

// Only a real process shows that `avs witness serve` keeps its state across a restart: a log of our own, no database.
const { origin: ORIGIN, vkey: logVkey, checkpoint, entries: leaves } = testLog();

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'avs-witness-process-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function serve(port: number) {
  return startCliProcess(
    ['witness', 'serve', '--dir', dir, '--port', String(port), '--log', logVkey],
    {},
    '"url"',
  );
}

describe('avs witness init | serve', () => {
  it('makes a key, serves it, and keeps its state across a restart (a rollback after it is still refused)', async () => {
    const init = await runAvsInProcess([
      'witness',
      'init',
      '--dir',
      dir,
      '--name',
      'witness.example.org/w1',
      '--json',
    ]);
    expect(init.code, init.stderr).toBe(0);
    const { name, vkey } = JSON.parse(init.stdout) as { name: string; vkey: string };
    expect(name).toBe('witness.example.org/w1');
    expect(parseWitnessKey(vkey)).toBeDefined();
    const again = await runAvsInProcess(['witness', 'init', '--dir', dir, '--name', 'other']);
    expect(again.code).toBe(1);

    const port = await freePort();
    let witness = await serve(port);
    const add = (body: string) => fetch(`http://127.0.0.1:${port}/add-checkpoint`, { method: 'POST', body });
    try {
      const first = await add(`old 0\n\n${checkpoint(7)}`);
      expect(first.status).toBe(200);
      expect(checkQuorum(checkpoint(7) + (await first.text()), [parseWitnessKey(vkey)!], 1).ok).toBe(true);
    } finally {
      await witness.stop();
    }
    expect(JSON.parse(await readFile(join(dir, 'witness-state.json'), 'utf8'))).toMatchObject({
      [ORIGIN]: { size: 7 },
    });

    witness = await serve(port);
    try {
      const rolledBack = await add(`old 0\n\n${checkpoint(3)}`);
      expect(rolledBack.status).toBe(409);
      expect(rolledBack.headers.get('content-type')).toBe('text/x.tlog.size');
      expect(await rolledBack.text()).toBe('7\n');
      const proof = consistencyProof(7, 12, leaves)
        .map((hash) => `${hash.toString('base64')}\n`)
        .join('');
      expect((await add(`old 7\n${proof}\n${checkpoint(12)}`)).status).toBe(200);
    } finally {
      await witness.stop();
    }
  }, 60_000);
});
