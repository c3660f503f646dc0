import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { PostgresDatabase } from '../../src/db/postgres.js';
import { purgeExpiredIdempotencyRecords } from '../../src/modules/idempotency/idempotency.service.js';
import { createAssetViaApi } from '../helpers/asset-factory.js';
import { createIntegrity } from '../helpers/integrity.js';
import { useTestContext, type TestContext } from '../helpers/test-app.js';
import { onPostgres } from '../helpers/test-database.js';
import { waitFor } from '../helpers/wait-for.js';

const artwork = { title: 'Water Lilies', medium: 'Oil on canvas', year: 1916, provenance: 'Giverny' };

async function count(context: TestContext, sql: string, params: unknown[]): Promise<number> {
  const { rows } = await context.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params);
  return rows[0]!.n;
}

describe('Idempotency-Key on POST /api/v1', () => {
  // A cached key: the in-flight test holds the database, and authentication must not wait on it.
  const context = useTestContext({ config: { AVS_KEY_CACHE_TTL_MS: 2_000 } });

  const post = (auth: { authorization: string }, url: string, payload: unknown, key?: string) =>
    context.app.inject({
      method: 'POST',
      url,
      headers: { ...auth, ...(key === undefined ? {} : { 'idempotency-key': key }) },
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });

  it('replays a create: the same status and body, Idempotent-Replayed: true, one asset, event and outbox row', async () => {
    const { auth, accountId } = await context.createAccountWithKey();
    const key = randomUUID();
    const first = await post(auth, '/api/v1/assets/artworks', artwork, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const retry = await post(auth, '/api/v1/assets/artworks', artwork, key);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toBe(first.body);
    const asset = first.json();
    expect(retry.json()).toMatchObject({ id: asset.id, certificate_number: asset.certificate_number });

    expect(await createIntegrity(context.db, accountId)).toEqual({
      assets: 1,
      assetsWithoutTheirEvents: 0,
      orphans: 0,
      distinctCertificateNumbers: 1,
    });
  });

  it('replays a retry whose body has the same fields in another order', async () => {
    const { auth } = await context.createAccountWithKey();
    const key = randomUUID();
    const first = await post(auth, '/api/v1/assets/artworks', { title: 'A', year: 1900 }, key);
    const retry = await post(auth, '/api/v1/assets/artworks', { year: 1900, title: 'A' }, key);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json().id).toBe(first.json().id);
  });

  it('refuses the key with a different body or another path: 422 idempotency_key_reused, nothing created', async () => {
    const { auth, accountId } = await context.createAccountWithKey();
    const key = randomUUID();
    expect((await post(auth, '/api/v1/assets/artworks', artwork, key)).statusCode).toBe(201);
    for (const [url, body] of [
      ['/api/v1/assets/artworks', { ...artwork, title: 'Another title' }],
      ['/api/v1/assets/watches', artwork],
    ] as const) {
      const reused = await post(auth, url, body, key);
      expect(reused.statusCode, reused.body).toBe(422);
      expect(reused.json()).toMatchObject({ code: 'idempotency_key_reused', error: expect.any(String) });
      expect(reused.headers['idempotent-replayed']).toBeUndefined();
    }
    expect(await count(context, 'assets WHERE account_id = $1', [accountId])).toBe(1);
  });

  it('answers 409 idempotency_request_in_progress to a retry while the first request is still running', async () => {
    const { auth, accountId } = await context.createAccountWithKey();
    const key = randomUUID();
    // Warm the key cache so both requests authenticate without the database.
    await context.app.inject({ method: 'GET', url: '/api/v1/webhooks', headers: auth });
    let release!: () => void;
    let locked!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    // Holds the idempotency table (PostgreSQL) or the one connection (PGlite) so the first request waits.
    const holder = context.db.transaction(async (tx) => {
      await tx.query('LOCK TABLE idempotency_keys IN EXCLUSIVE MODE');
      locked();
      await gate;
    });
    await lockTaken;
    const first = post(auth, '/api/v1/assets/artworks', artwork, key);
    await waitFor(() => context.app.idempotencyInFlight.size > 0);
    const duplicate = await post(auth, '/api/v1/assets/artworks', artwork, key);
    release();
    await holder;
    expect(duplicate.statusCode, duplicate.body).toBe(409);
    expect(duplicate.json()).toMatchObject({
      code: 'idempotency_request_in_progress',
      error: expect.any(String),
    });
    expect((await first).statusCode).toBe(201);
    const retry = await post(auth, '/api/v1/assets/artworks', artwork, key);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json().id).toBe((await first).json().id);
    expect(await count(context, 'assets WHERE account_id = $1', [accountId])).toBe(1);
  });

  it.runIf(onPostgres)(
    'answers 409 to a duplicate sent to another instance on the same database while the first runs',
    async () => {
      const { auth, accountId } = await context.createAccountWithKey();
      const other = new PostgresDatabase({
        connectionString: context.database.url!,
        poolSize: 2,
        statementTimeoutMs: 30_000,
        connectTimeoutMs: 5_000,
      });
      const otherApp = await buildApp({ config: context.config, db: other, logger: false, migrate: false });
      try {
        const key = randomUUID();
        let release!: () => void;
        let locked!: () => void;
        const gate = new Promise<void>((resolve) => (release = resolve));
        const lockTaken = new Promise<void>((resolve) => (locked = resolve));
        const holder = context.db.transaction(async (tx) => {
          await tx.query('LOCK TABLE idempotency_keys IN EXCLUSIVE MODE');
          locked();
          await gate;
        });
        await lockTaken;
        const first = post(auth, '/api/v1/assets/artworks', artwork, key);
        // The first request holds the advisory lock of the key once it waits on the table lock.
        await waitFor(() => context.app.idempotencyInFlight.size > 0);
        await new Promise((resolve) => setTimeout(resolve, 200));
        const duplicate = await otherApp.inject({
          method: 'POST',
          url: '/api/v1/assets/artworks',
          headers: { ...auth, 'idempotency-key': key },
          payload: artwork,
        });
        release();
        await holder;
        expect(duplicate.statusCode, duplicate.body).toBe(409);
        expect(duplicate.json().code).toBe('idempotency_request_in_progress');
        expect((await first).statusCode).toBe(201);
        const retry = await otherApp.inject({
          method: 'POST',
          url: '/api/v1/assets/artworks',
          headers: { ...auth, 'idempotency-key': key },
          payload: artwork,
        });
        expect(retry.headers['idempotent-replayed']).toBe('true');
        expect(await count(context, 'assets WHERE account_id = $1', [accountId])).toBe(1);
      } finally {
        await otherApp.close();
        await other.close();
      }
    },
  );

  it('refuses an empty key or one longer than 255 characters: 400 invalid_idempotency_key', async () => {
    const { auth, accountId } = await context.createAccountWithKey();
    for (const key of ['', 'k'.repeat(256), 'k'.repeat(10_000)]) {
      const response = await post(auth, '/api/v1/assets/artworks', artwork, key);
      expect(response.statusCode, `length ${key.length}`).toBe(400);
      expect(response.json()).toMatchObject({ code: 'invalid_idempotency_key', error: expect.any(String) });
    }
    expect(await count(context, 'assets WHERE account_id = $1', [accountId])).toBe(0);
    const longest = await post(auth, '/api/v1/assets/artworks', artwork, 'k'.repeat(255));
    expect(longest.statusCode).toBe(201);
  });

  it('scopes keys per account: the same key from two accounts creates two assets', async () => {
    const one = await context.createAccountWithKey();
    const two = await context.createAccountWithKey();
    const key = randomUUID();
    const first = await post(one.auth, '/api/v1/assets/artworks', artwork, key);
    const second = await post(two.auth, '/api/v1/assets/artworks', artwork, key);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(second.json().id).not.toBe(first.json().id);
    expect(second.json().account_id).toBe(two.accountId);
  });

  it('creates a new asset for each request without a key', async () => {
    const { auth, accountId } = await context.createAccountWithKey();
    await post(auth, '/api/v1/assets/artworks', artwork);
    await post(auth, '/api/v1/assets/artworks', artwork);
    expect(await count(context, 'assets WHERE account_id = $1', [accountId])).toBe(2);
  });

  it('replays POST /verify: one verification record, no history event, and one verification.completed outbox row', async () => {
    const { auth } = await context.createAccountWithKey();
    const asset = await createAssetViaApi(context.app, auth);
    const key = randomUUID();
    const body = { planet: 'artworks', asset_id: asset.id };
    const first = await post(auth, '/api/v1/verify', body, key);
    const retry = await post(auth, '/api/v1/verify', body, key);
    expect([first.statusCode, retry.statusCode]).toEqual([200, 200]);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toBe(first.body);
    expect(await count(context, 'verifications WHERE asset_id = $1', [asset.id])).toBe(1);
    expect(await count(context, 'verifications WHERE id = $1', [first.json().id])).toBe(1);
    expect(await count(context, 'asset_events WHERE asset_id = $1', [asset.id])).toBe(1);
    expect(
      await count(
        context,
        "webhook_outbox WHERE event_type = 'verification.completed' AND payload->'verification'->>'asset_id' = $1",
        [asset.id],
      ),
    ).toBe(1);
  });

  it('replays POST /webhooks: one webhook, the same record, the secret masked (shown once) and not stored', async () => {
    const { auth, accountId } = await context.createAccountWithKey();
    const key = randomUUID();
    const body = { url: 'https://hooks.example.com/avs', events: ['asset.created'] };
    const first = await post(auth, '/api/v1/webhooks', body, key);
    const retry = await post(auth, '/api/v1/webhooks', body, key);
    expect([first.statusCode, retry.statusCode]).toEqual([201, 201]);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    const secret = first.json<{ secret: string }>().secret;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(retry.json()).toEqual({ ...first.json(), secret: 'whsec_********' });
    expect(await count(context, 'webhooks WHERE account_id = $1', [accountId])).toBe(1);
    // The idempotency record keeps no trace of the secret for its 24 hours.
    const { rows } = await context.db.query<{ record: string }>(
      'SELECT row_to_json(r)::text AS record FROM idempotency_keys r WHERE account_id = $1',
      [accountId],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.record).not.toContain(secret.slice('whsec_'.length, 'whsec_'.length + 20));
  });

  it('replays POST /transfer, its acceptance and /archive instead of refusing the second move', async () => {
    const owner = await context.createAccountWithKey();
    const buyer = await context.createAccountWithKey();
    const asset = await createAssetViaApi(context.app, owner.auth);
    const key = randomUUID();
    const url = `/api/v1/assets/artworks/${asset.id}/transfer`;
    const first = await post(owner.auth, url, { to_account_id: buyer.accountId }, key);
    const retry = await post(owner.auth, url, { to_account_id: buyer.accountId }, key);
    expect([first.statusCode, retry.statusCode]).toEqual([202, 202]);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toBe(first.body);
    // Without the key a second offer is refused: the asset already has an open one.
    expect((await post(owner.auth, url, { to_account_id: buyer.accountId })).statusCode).toBe(409);
    expect(await count(context, 'transfers WHERE asset_id = $1', [asset.id])).toBe(1);

    const acceptKey = randomUUID();
    const acceptUrl = `/api/v1/transfers/${first.json().transfer.id}/accept`;
    const accepted = await post(buyer.auth, acceptUrl, undefined, acceptKey);
    const acceptedAgain = await post(buyer.auth, acceptUrl, undefined, acceptKey);
    expect([accepted.statusCode, acceptedAgain.statusCode]).toEqual([200, 200]);
    expect(acceptedAgain.headers['idempotent-replayed']).toBe('true');
    expect(acceptedAgain.body).toBe(accepted.body);
    // Without the key the offer is no longer pending.
    expect((await post(buyer.auth, acceptUrl, undefined)).statusCode).toBe(409);
    expect(
      await count(context, "asset_events WHERE asset_id = $1 AND event_type = 'OWNERSHIP_TRANSFERRED'", [
        asset.id,
      ]),
    ).toBe(1);

    const archiveKey = randomUUID();
    const archiveUrl = `/api/v1/assets/artworks/${asset.id}/archive`;
    const archived = await post(buyer.auth, archiveUrl, undefined, archiveKey);
    const archivedAgain = await post(buyer.auth, archiveUrl, undefined, archiveKey);
    expect([archived.statusCode, archivedAgain.statusCode]).toEqual([200, 200]);
    expect(archivedAgain.headers['idempotent-replayed']).toBe('true');
    expect((await post(buyer.auth, archiveUrl, undefined)).statusCode).toBe(409);
    expect(
      await count(context, "asset_events WHERE asset_id = $1 AND event_type = 'ARCHIVED'", [asset.id]),
    ).toBe(1);
  });

  it('stores no error response: after a 404 the key runs the next request', async () => {
    const { auth } = await context.createAccountWithKey();
    const key = randomUUID();
    const missing = await post(auth, '/api/v1/verify', { planet: 'artworks', asset_id: randomUUID() }, key);
    expect(missing.statusCode).toBe(404);
    expect(await count(context, 'idempotency_keys WHERE idempotency_key = $1', [key])).toBe(0);
    const asset = await createAssetViaApi(context.app, auth);
    const verified = await post(auth, '/api/v1/verify', { planet: 'artworks', asset_id: asset.id }, key);
    expect(verified.statusCode).toBe(200);
    expect(verified.headers['idempotent-replayed']).toBeUndefined();
  });

  it('fingerprints a body holding a number JSON cannot represent (1e309) without failing', async () => {
    const { auth } = await context.createAccountWithKey();
    // A route without a body schema hands the parsed Infinity to commitChange (found by test/reliability/fuzz.test.ts).
    for (const payload of ['1e309', '{"a":[-1e309]}']) {
      const response = await context.app.inject({
        method: 'POST',
        url: `/api/v1/webhooks/${randomUUID()}/test`,
        headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        payload,
      });
      expect(response.statusCode, response.body).toBe(404);
    }
  });

  it('leaves a validation failure alone: 400 validation_failed and no record', async () => {
    const { auth } = await context.createAccountWithKey();
    const key = randomUUID();
    const response = await post(auth, '/api/v1/assets/artworks', { medium: 'no title' }, key);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('validation_failed');
    expect(await count(context, 'idempotency_keys WHERE idempotency_key = $1', [key])).toBe(0);
  });

  it('ignores an expired record (a new asset) and purges expired records', async () => {
    const { auth, accountId } = await context.createAccountWithKey();
    const key = randomUUID();
    const first = await post(auth, '/api/v1/assets/artworks', artwork, key);
    const stored = await context.db.query<{ expires_at: Date; created_at: Date }>(
      'SELECT created_at, expires_at FROM idempotency_keys WHERE account_id = $1 AND idempotency_key = $2',
      [accountId, key],
    );
    const ttl = stored.rows[0]!.expires_at.getTime() - stored.rows[0]!.created_at.getTime();
    expect(ttl).toBe(24 * 60 * 60 * 1000);
    await context.db.query(
      "UPDATE idempotency_keys SET expires_at = now() - interval '1 second' WHERE account_id = $1",
      [accountId],
    );
    const later = await post(auth, '/api/v1/assets/artworks', { ...artwork, title: 'Later' }, key);
    expect(later.statusCode).toBe(201);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(later.json().id).not.toBe(first.json().id);

    await context.db.query(
      "UPDATE idempotency_keys SET expires_at = now() - interval '1 second' WHERE account_id = $1",
      [accountId],
    );
    expect(await purgeExpiredIdempotencyRecords(context.db)).toBeGreaterThanOrEqual(1);
    expect(await count(context, 'idempotency_keys WHERE account_id = $1', [accountId])).toBe(0);
  });
});
