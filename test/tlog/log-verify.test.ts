import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { createAssetViaApi, issueCertificateForTest } from '../helpers/asset-factory.js';
import { runAvs } from '../helpers/processes.js';
import { LOG_ON_DEMAND, useTestContext, type TestContext } from '../helpers/test-app.js';

const context = useTestContext({
  config: {
    ...LOG_ON_DEMAND,
  },
});
let owner: Awaited<ReturnType<TestContext['createAccountWithKey']>>;
let workDir: string;
let prefix: string;

beforeAll(async () => {
  owner = await context.createAccountWithKey();
  workDir = await mkdtemp(join(tmpdir(), 'avs-log-verify-'));
  prefix = `${await context.app.listen({ port: 0, host: '127.0.0.1' })}/tlog`;
});

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

async function addEvents(count: number) {
  for (let i = 0; i < count; i++) {
    const asset = await createAssetViaApi(context.app, owner.auth, 'artworks', { title: `Monitored ${i}` });
    if (i % 2 === 0) await issueCertificateForTest(context.db, asset);
  }
  await context.app.tlogIntegrator!.runOnce();
}

const logVerify = (...args: string[]) => runAvs(['log', 'verify', '--url', prefix, ...args]);

describe('avs log verify: a monitor with no database', () => {
  it('verifies the log, saves the checkpoint, and proves the next one consistent with it', async () => {
    await addEvents(4);
    const state = join(workDir, 'state.json');
    const first = await logVerify('--state', state, '--json');
    expect(first.code, first.stderr).toBe(0);
    const firstResult = JSON.parse(first.stdout) as {
      ok: boolean;
      size: number;
      previous_size: number | null;
    };
    expect(firstResult).toMatchObject({ ok: true, size: 6, previous_size: null, assets: 4 });
    const saved = JSON.parse(await readFile(state, 'utf8')) as { size: number; vkey: string };
    expect(saved.size).toBe(6);
    expect(saved.vkey).toMatch(/^verify\.example\.com\/tlog\+/);

    await addEvents(3);
    const second = await logVerify('--state', state);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toMatch(
      /^OK: verify\.example\.com\/tlog at size 11 .*consistent with the saved checkpoint of size 6/,
    );
  }, 60_000);

  it('fails in one sentence, and keeps the state file, when the saved checkpoint is not a prefix of the log', async () => {
    const state = join(workDir, 'forked.json');
    const vkey = (await context.app.inject({ method: 'GET', url: '/tlog/vkey' })).body.trim();
    const forked = {
      origin: 'verify.example.com/tlog',
      vkey,
      size: 3,
      root_hash: Buffer.alloc(32, 1).toString('base64'),
    };
    await writeFile(state, JSON.stringify(forked));
    const result = await logVerify('--state', state);
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toMatch(
      /^FAILED: The log is not consistent with the saved checkpoint of size 3: .*\.$/,
    );
    expect(JSON.parse(await readFile(state, 'utf8'))).toEqual(forked);
  }, 60_000);

  it('refuses a checkpoint signed by another key', async () => {
    const other = 'verify.example.com/tlog+00000000+AQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
    const result = await logVerify('--vkey', other);
    expect(result.code).toBe(1);
  }, 60_000);

  it('catches an entry rewritten in the database after logging (triggers bypassed)', async () => {
    const { rows } = await context.db.query<{ entry: Uint8Array }>(
      'SELECT entry FROM tlog_entries WHERE log_index = 2',
    );
    const rewritten = Buffer.from(rows[0]!.entry)
      .toString('utf8')
      .replace(/"event_type":"[A-Z_]+"/, '"event_type":"ARCHIVED"');
    await context.db.transaction(async (tx) => {
      await tx.query('SET LOCAL session_replication_role = replica');
      await tx.query("UPDATE tlog_entries SET entry = convert_to($1, 'UTF8') WHERE log_index = 2", [
        rewritten,
      ]);
    });
    // Tiles are immutable and a running instance serves them from memory: a fresh instance (a restart) reads the
    // rewritten rows, which is what the monitor must catch.
    const restarted = await buildApp({
      config: context.config,
      db: context.db,
      logger: false,
      migrate: false,
    });
    try {
      const restartedPrefix = `${await restarted.listen({ port: 0, host: '127.0.0.1' })}/tlog`;
      const result = await runAvs(['log', 'verify', '--url', restartedPrefix, '--json']);
      expect(result.code).toBe(1);
      expect(JSON.parse(result.stdout)).toEqual({
        ok: false,
        error: "The entries do not hash to the checkpoint's root: the log's entries or tiles were changed.",
      });
    } finally {
      await restarted.close();
    }
  }, 60_000);
});
