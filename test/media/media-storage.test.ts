import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, describe, expect, it } from 'vitest';
import { CHUNK_BYTES } from '../../src/modules/media/media-store.repository.js';
import { auditHistory } from '../../src/modules/history/history-audit.service.js';
import { createAssetViaApi } from '../helpers/asset-factory.js';
import { useTestContext, type TestContext } from '../helpers/test-app.js';
import { CREDENTIALS_TEST_CONFIG, moveCertificate } from '../credentials/credential-helpers.js';
import { pngImage } from './media-fixtures.js';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Random pixels compress badly: a PNG of about 1 MiB, several database chunks long. */
function noisyPng(side = 520): Buffer {
  const png = new PNG({ width: side, height: side });
  randomBytes(png.data.length).copy(png.data);
  return PNG.sync.write(png);
}

async function uploadAndRead(context: TestContext, file: Buffer) {
  const { auth } = await context.createAccountWithKey();
  const asset = await createAssetViaApi(context.app, auth);
  const created = await context.app.inject({
    method: 'POST',
    url: `/files/v1/assets/artworks/${asset.id}/media`,
    headers: { ...auth, 'content-type': 'image/png' },
    payload: file,
  });
  expect(created.statusCode, created.body).toBe(201);
  const record = created.json<{ id: string; sha256: string; bytes: number }>();
  const served = await context.app.inject({
    method: 'GET',
    url: `/files/v1/media/${record.id}`,
    headers: auth,
  });
  expect(served.statusCode).toBe(200);
  expect(Number(served.headers['content-length'])).toBe(record.bytes);
  expect(sha256(served.rawPayload)).toBe(record.sha256);
  return { auth, asset, record };
}

describe('the database store (the default)', () => {
  const context = useTestContext({ config: { ...CREDENTIALS_TEST_CONFIG, AVS_TLOG_INTERVAL_MS: 3_600_000 } });

  it('keeps a large file in 256 KiB chunks and streams it back whole', async () => {
    const { record } = await uploadAndRead(context, noisyPng());
    expect(record.bytes).toBeGreaterThan(3 * CHUNK_BYTES);
    const chunks = await context.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM media_chunks WHERE sha256 = $1',
      [record.sha256],
    );
    expect(chunks.rows[0]!.count).toBe(Math.ceil(record.bytes / CHUNK_BYTES));
  });

  it('keeps the audit, the transparency log and verify whole with media events in the history', async () => {
    const { auth, asset } = await uploadAndRead(context, pngImage(9, 9));
    await moveCertificate(context.app, asset.certificate_number, 'issue');
    await context.app.tlogIntegrator!.runOnce();
    const history = await context.app.inject({
      method: 'GET',
      url: `/api/v1/assets/artworks/${asset.id}/history`,
      headers: auth,
    });
    const entries = history.json().data as { event_type: string; log_index: number | null }[];
    expect(entries.map((entry) => entry.event_type)).toEqual([
      'CREATED',
      'MEDIA_ADDED',
      'CERTIFICATE_ISSUED',
    ]);
    expect(entries.every((entry) => typeof entry.log_index === 'number')).toBe(true);
    const verify = await context.app.inject({
      method: 'POST',
      url: '/api/v1/verify',
      headers: auth,
      payload: { planet: 'artworks', asset_id: asset.id },
    });
    expect(verify.json().checks).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'history_intact', passed: true }),
        expect.objectContaining({ name: 'history_logged', passed: true }),
      ]),
    );
    const audit = await auditHistory(context.db);
    expect(audit).toMatchObject({ intact: true, breaks: [] });
  });
});

describe('the directory store (AVS_MEDIA_DIR)', () => {
  const directory = mkdtempSync(path.join(tmpdir(), 'avs-media-'));
  afterAll(() => rmSync(directory, { recursive: true, force: true }));
  const context = useTestContext({ config: { AVS_MEDIA_DIR: directory } });

  it('writes one file per hash, no chunks in the database, and deletes it with the last medium', async () => {
    const file = noisyPng(300);
    const { auth, asset, record } = await uploadAndRead(context, file);
    const stored = path.join(directory, record.sha256.slice(0, 2), record.sha256);
    expect(sha256(readFileSync(stored))).toBe(record.sha256);
    expect(statSync(stored).mode & 0o077).toBe(0);
    const chunks = await context.db.query('SELECT 1 FROM media_chunks WHERE sha256 = $1', [record.sha256]);
    expect(chunks.rows).toHaveLength(0);

    const removal = await context.app.inject({
      method: 'DELETE',
      url: `/api/v1/assets/artworks/${asset.id}/media/${record.id}`,
      headers: auth,
    });
    expect(removal.statusCode).toBe(200);
    expect(() => statSync(stored)).toThrow();
  });
});
