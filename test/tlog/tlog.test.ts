import { describe, expect, it, beforeAll } from 'vitest';
import { leafHash, verifyInclusion } from '../../src/modules/tlog/merkle.js';
import { openNote, parseCheckpointText, parseVerifierKey } from '../../src/modules/tlog/signed-note.js';
import { logEntryOf } from '../../src/modules/tlog/tlog.service.js';
import { createAssetViaApi, issueCertificateForTest } from '../helpers/asset-factory.js';
import { useTestContext, type TestContext } from '../helpers/test-app.js';

// The integrator runs when the test says (runOnce), not on a timer.
const context = useTestContext({
  config: {
    AVS_TLOG_INTERVAL_MS: 3_600_000,
    AVS_PUBLIC_URL: 'https://verify.example.com',
    AVS_PUBLIC_RATE_LIMIT_PER_SECOND: 1_000_000,
    AVS_PUBLIC_RATE_LIMIT_BURST: 1_000_000,
  },
});
let owner: Awaited<ReturnType<TestContext['createAccountWithKey']>>;

beforeAll(async () => {
  owner = await context.createAccountWithKey();
});

const integrate = () => context.app.tlogIntegrator!.runOnce();
const get = (url: string, headers: Record<string, string> = {}) =>
  context.app.inject({ method: 'GET', url, headers });

async function checkpointNow() {
  const vkey = (await get('/tlog/vkey')).body.trim();
  const response = await get('/tlog/checkpoint');
  const text = openNote(response.body, parseVerifierKey(vkey)!);
  return { response, text, checkpoint: text === undefined ? undefined : parseCheckpointText(text) };
}

interface Entry {
  sequence: number;
  log_index: number | null;
  [field: string]: unknown;
}

async function historyOf(asset: { planet: string; id: string }): Promise<Entry[]> {
  const response = await get(`/api/v1/assets/${asset.planet}/${asset.id}/history`, owner.auth);
  expect(response.statusCode).toBe(200);
  return response.json<{ data: Entry[] }>().data;
}

describe('the transparency log (C2SP tlog-tiles, docs/transparency.md)', () => {
  it('serves a signed checkpoint whose origin is AVS_PUBLIC_URL without its scheme, and its vkey', async () => {
    await integrate();
    const vkey = await get('/tlog/vkey');
    expect(vkey.statusCode).toBe(200);
    expect(vkey.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(vkey.body).toMatch(/^verify\.example\.com\/tlog\+[0-9a-f]{8}\+[A-Za-z0-9+/]{44}\n$/);
    const { response, text, checkpoint } = await checkpointNow();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=2');
    expect(text).toBeDefined();
    expect(checkpoint?.origin).toBe('verify.example.com/tlog');
  });

  it('logs every event in the background; history shows log_index, null until logged; tiles and bundles match', async () => {
    const asset = await createAssetViaApi(context.app, owner.auth);
    await issueCertificateForTest(context.db, asset);
    expect((await historyOf(asset)).map((entry) => entry.log_index)).toEqual([null, null]);
    const pending = await get(`/api/v1/assets/${asset.planet}/${asset.id}/history/1/proof`, owner.auth);
    expect(pending.statusCode).toBe(409);
    expect(pending.json()).toMatchObject({ code: 'not_yet_logged' });
    expect(pending.headers['retry-after']).toBe('3601');

    await integrate();
    const history = await historyOf(asset);
    expect(history.every((entry) => typeof entry.log_index === 'number')).toBe(true);
    const { checkpoint } = await checkpointNow();
    const size = checkpoint!.size;
    expect(size).toBeGreaterThanOrEqual(2);

    // The partial level-0 tile and entry bundle of this size.
    const tile = await get(`/tlog/tile/0/000.p/${size}`);
    expect(tile.statusCode).toBe(200);
    expect(tile.headers['content-type']).toBe('application/octet-stream');
    expect(tile.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(tile.rawPayload.length).toBe(32 * size);
    const bundle = (await get(`/tlog/tile/entries/000.p/${size}`)).rawPayload;
    const entries: Buffer[] = [];
    for (let offset = 0; offset < bundle.length;) {
      const length = bundle.readUInt16BE(offset);
      entries.push(bundle.subarray(offset + 2, offset + 2 + length));
      offset += 2 + length;
    }
    expect(entries).toHaveLength(size);
    entries.forEach((entry, index) =>
      expect(leafHash(entry).equals(tile.rawPayload.subarray(32 * index, 32 * index + 32))).toBe(true),
    );
    for (const entry of history) {
      const logged = JSON.parse(entries[entry.log_index!]!.toString('utf8')) as Record<string, unknown>;
      expect(Object.keys(logged).sort()).toEqual(
        ['asset_id', 'created_at', 'event_type', 'hash', 'planet', 'prev_hash', 'sequence'].sort(),
      );
      expect(entries[entry.log_index!]!.toString('utf8')).toBe(logEntryOf(entry as never));
    }
    expect((await get('/tlog/tile/0/000')).statusCode).toBe(404);
    expect((await get(`/tlog/tile/0/000.p/${size + 1}`)).statusCode).toBe(404);
    expect((await get('/tlog/tile/0/5')).statusCode).toBe(404);
  });

  it('proves each event against the latest checkpoint (JSON: log_index, checkpoint, tlog-proof text)', async () => {
    const asset = await createAssetViaApi(context.app, owner.auth);
    await integrate();
    const response = await get(`/api/v1/assets/${asset.planet}/${asset.id}/history/1/proof`, owner.auth);
    expect(response.statusCode).toBe(200);
    const body = response.json<{ log_index: number; checkpoint: string; proof: string }>();
    const [header, checkpointPart] = body.proof.split('\n\n') as [string, string];
    const lines = header.split('\n');
    expect(lines[0]).toBe('c2sp.org/tlog-proof@v1');
    expect(lines[1]).toBe(`index ${body.log_index}`);
    expect(body.proof.endsWith(body.checkpoint)).toBe(true);
    expect(`${checkpointPart}\n\n`.startsWith(body.checkpoint.split('\n\n')[0]!)).toBe(true);
    const vkey = (await get('/tlog/vkey')).body.trim();
    const checkpoint = parseCheckpointText(openNote(body.checkpoint, parseVerifierKey(vkey)!)!)!;
    const [event] = await historyOf(asset);
    const leaf = leafHash(Buffer.from(logEntryOf(event as never)));
    const path = lines.slice(2).map((line) => Buffer.from(line, 'base64'));
    expect(verifyInclusion(body.log_index, checkpoint.size, leaf, path, checkpoint.rootHash)).toBe(true);

    expect(
      (await get(`/api/v1/assets/${asset.planet}/${asset.id}/history/9/proof`, owner.auth)).statusCode,
    ).toBe(404);
    expect(
      (await get(`/api/v1/assets/${asset.planet}/${asset.id}/history/0/proof`, owner.auth)).statusCode,
    ).toBe(400);
    expect((await get(`/api/v1/assets/${asset.planet}/${asset.id}/history/1/proof`)).statusCode).toBe(401);
  });
});

describe('/verify: history_logged', () => {
  const verify = async (asset: { planet: string; id: string }) => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/v1/verify',
      headers: owner.auth,
      payload: { planet: asset.planet, asset_id: asset.id },
    });
    return response.json<{
      verified: boolean;
      checks: { name: string; passed: boolean; detail?: string }[];
    }>();
  };
  const tamper = (sql: string, params: unknown[]) =>
    context.db.transaction(async (tx) => {
      await tx.query('SET LOCAL session_replication_role = replica');
      await tx.query(sql, params);
    });

  it('passes for a logged asset and for one not yet logged', async () => {
    const asset = await createAssetViaApi(context.app, owner.auth);
    await issueCertificateForTest(context.db, asset);
    expect((await verify(asset)).checks.find((check) => check.name === 'history_logged')).toEqual({
      name: 'history_logged',
      passed: true,
    });
    await integrate();
    const result = await verify(asset);
    expect(result.verified).toBe(true);
    expect(result.checks.map((check) => check.name)).toEqual([
      'certificate_issued',
      'asset_not_archived',
      'history_intact',
      'history_logged',
      'no_open_alert',
    ]);
  });

  it('fails when a logged event is rewritten with its chain recomputed (triggers bypassed)', async () => {
    const asset = await createAssetViaApi(context.app, owner.auth);
    await issueCertificateForTest(context.db, asset);
    await integrate();
    // Rewrite the CREATED event's time and recompute both hashes, the row's head too: the chain checks out.
    const { computeEventHash } = await import('../../src/modules/chain/history-chain.js');
    const { listEvents } = await import('../../src/modules/chain/events.repository.js');
    const events = await listEvents(context.db, asset.id);
    const first = { ...events[0]!, created_at: '2020-01-01T00:00:00.000Z' };
    first.hash = computeEventHash(first);
    const second = { ...events[1]!, prev_hash: first.hash };
    second.hash = computeEventHash(second);
    await tamper('UPDATE asset_events SET created_at = $2, hash = $3 WHERE id = $1', [
      first.id,
      first.created_at,
      first.hash,
    ]);
    await tamper('UPDATE asset_events SET prev_hash = $2, hash = $3 WHERE id = $1', [
      second.id,
      second.prev_hash,
      second.hash,
    ]);
    await tamper('UPDATE assets SET head_hash = $2 WHERE id = $1', [asset.id, second.hash]);
    const result = await verify(asset);
    expect(result.checks.find((check) => check.name === 'history_intact')?.passed).toBe(true);
    const logged = result.checks.find((check) => check.name === 'history_logged');
    expect(logged).toMatchObject({ passed: false });
    expect(logged?.detail).toMatch(/Event 1 differs from the entry the log holds/);
    expect(result.verified).toBe(false);
  });

  it('fails when the history is cut short and the row rewritten, but the log holds the cut event', async () => {
    const asset = await createAssetViaApi(context.app, owner.auth);
    await issueCertificateForTest(context.db, asset);
    await integrate();
    const history = await historyOf(asset);
    await tamper('DELETE FROM asset_events WHERE asset_id = $1 AND sequence = 2', [asset.id]);
    await tamper(
      "UPDATE assets SET head_sequence = 1, head_hash = $2, certificate_status = 'pending', status = 'draft' WHERE id = $1",
      [asset.id, history[0]!.hash],
    );
    const result = await verify(asset);
    expect(result.checks.find((check) => check.name === 'history_intact')?.passed).toBe(true);
    expect(result.checks.find((check) => check.name === 'history_logged')).toMatchObject({
      passed: false,
      detail: expect.stringMatching(/holds event 2 of this asset .* but its history ends at event 1/),
    });
  });
});
