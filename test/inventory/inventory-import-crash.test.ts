import { stringify } from 'csv-stringify/sync';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { startServerProcess, type ServerProcess } from '../helpers/processes.js';
import { createChildDatabaseEnv, openChildDatabase } from '../helpers/test-database.js';
import { waitFor } from '../helpers/wait-for.js';
import { zipOf } from '../helpers/zip-archive.js';
import { pngImage } from '../media/media-fixtures.js';

// Issue #49, "Must show": the service SIGKILLed in the middle of an import and started again imports every row
// exactly once. The service is the real one (`avs serve` in a child process, on PGlite's data directory or on
// PostgreSQL); the import is a real upload (a spreadsheet and a ZIP of its images) and start over HTTP.

const ADMIN_TOKEN = 'import-crash-admin-token-0123456789abcdef';
const ROWS = 4000;

const settingsOf = (database: Record<string, string>) => ({
  ...database,
  AVS_ADMIN_TOKEN: ADMIN_TOKEN,
  AVS_RATE_LIMIT_PER_SECOND: '1000000',
  AVS_RATE_LIMIT_BURST: '1000000',
});

async function adminApi<T>(server: ServerProcess, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${server.url}/admin/api${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as T;
}

async function importOf(server: ServerProcess, key: string, id: string) {
  const response = await fetch(`${server.url}/api/v1/imports/${id}`, {
    headers: { authorization: `Bearer ${key}` },
  });
  return (await response.json()) as {
    state: string;
    counts: { processed: number; created: number; valid: number };
  };
}

async function inDatabase<T>(env: Record<string, string>, read: (db: Database) => Promise<T>): Promise<T> {
  const db = await openChildDatabase(env);
  try {
    return await read(db);
  } finally {
    await db.close();
  }
}

describe('an import across a SIGKILL of the service', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  });

  it('resumes in the new process where it stood: every row imported exactly once', async () => {
    const { env, drop } = await createChildDatabaseEnv();
    cleanups.push(drop);
    const settings = settingsOf(env);
    const first = await startServerProcess(settings);
    cleanups.push(() => first.stop('SIGKILL'));
    const account = await adminApi<{ id: string }>(first, '/accounts', { name: 'Galerie Coupure' });
    const { key } = await adminApi<{ key: string }>(first, '/keys', { account_id: account.id });

    // Every fourth row names an image of the ZIP sent before the start: attached in the row's transaction.
    const table = [['inventory_number', 'title', 'year', 'image']];
    for (let n = 1; n <= ROWS; n += 1)
      table.push([`K-${n}`, `Work ${n}`, String(1900 + (n % 100)), n % 4 === 0 ? `photo-${n % 3}.png` : '']);
    const uploaded = await fetch(`${first.url}/files/v1/imports/artworks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'text/csv' },
      body: stringify(table),
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(202);
    const { id } = (await uploaded.json()) as { id: string };
    await waitFor(async () => (await importOf(first, key, id)).state === 'ready', {
      timeoutMs: 60_000,
      message: 'validated',
    });
    const photos = zipOf([0, 1, 2].map((n) => ({ name: `photo-${n}.png`, bytes: pngImage(20 + n, 20) })));
    const media = await fetch(`${first.url}/files/v1/imports/${id}/media`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/zip' },
      body: photos,
    });
    expect(media.status, await media.clone().text()).toBe(202);
    await waitFor(async () => (await importOf(first, key, id)).state === 'ready', {
      timeoutMs: 60_000,
      message: 'validated with its images',
    });
    const started = await fetch(`${first.url}/api/v1/imports/${id}/start`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(started.status).toBe(200);
    await waitFor(async () => (await importOf(first, key, id)).counts.processed >= 200, {
      timeoutMs: 60_000,
      intervalMs: 5,
      message: 'a few batches',
    });
    await first.stop('SIGKILL');

    const atKill = await inDatabase(env, async (db) => {
      const { rows } = await db.query<{ processed: number; assets: number }>(
        `SELECT (SELECT processed_count FROM imports WHERE id = $1) AS processed,
                (SELECT count(*)::int FROM assets WHERE account_id = $2) AS assets`,
        [id, account.id],
      );
      return rows[0]!;
    });
    // Killed mid-import, and what was committed is consistent: each asset made has its row's outcome.
    expect(atKill.processed).toBeLessThan(ROWS);
    expect(atKill.assets).toBe(atKill.processed);

    const second = await startServerProcess(settings);
    cleanups.push(() => second.stop('SIGKILL'));
    const done = await waitFor(
      async () => {
        const record = await importOf(second, key, id);
        return record.state === 'done' ? record : undefined;
      },
      { timeoutMs: 300_000, message: 'the import done' },
    );
    expect(done.counts).toMatchObject({ valid: ROWS, created: ROWS, processed: ROWS });
    expect(await second.stop('SIGTERM')).toBe(0);

    const after = await inDatabase(env, async (db) => {
      const { rows } = await db.query<Record<string, number>>(
        `SELECT (SELECT count(*)::int FROM assets WHERE account_id = $2) AS assets,
                (SELECT count(DISTINCT inventory_number)::int FROM assets WHERE account_id = $2) AS numbers,
                (SELECT count(*)::int FROM import_rows WHERE import_id = $1 AND outcome = 'created') AS outcomes,
                (SELECT count(DISTINCT asset_id)::int FROM import_rows WHERE import_id = $1) AS linked,
                (SELECT count(*)::int FROM asset_events e JOIN assets a ON a.id = e.asset_id
                  WHERE a.account_id = $2 AND e.event_type = 'CREATED') AS created_events,
                (SELECT count(*)::int FROM webhook_outbox
                  WHERE account_id = $2 AND event_type = 'asset.created') AS webhook_events,
                (SELECT count(*)::int FROM asset_media m JOIN assets a ON a.id = m.asset_id
                  WHERE a.account_id = $2) AS media,
                (SELECT count(DISTINCT m.asset_id)::int FROM asset_media m JOIN assets a ON a.id = m.asset_id
                  WHERE a.account_id = $2) AS assets_with_media,
                (SELECT count(*)::int FROM asset_events e JOIN assets a ON a.id = e.asset_id
                  WHERE a.account_id = $2 AND e.event_type = 'MEDIA_ADDED') AS media_events,
                (SELECT count(*)::int FROM import_media WHERE import_id = $1) AS kept_images`,
        [id, account.id],
      );
      return rows[0]!;
    });
    expect(after).toEqual({
      assets: ROWS,
      numbers: ROWS,
      outcomes: ROWS,
      linked: ROWS,
      created_events: ROWS,
      webhook_events: ROWS,
      media: ROWS / 4,
      assets_with_media: ROWS / 4,
      media_events: ROWS / 4,
      kept_images: 0,
    });
  }, 600_000);
});
