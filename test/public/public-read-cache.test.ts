import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rotateSigningKey } from '../../src/modules/signing/signing-keys.service.js';
import {
  createAssetViaApi,
  issueCertificateForTest,
  setCertificateStatusForTest,
} from '../helpers/asset-factory.js';
import { startSecondInstance, useTestContext, type TestContext } from '../helpers/test-app.js';

// Public reads that can change come from memory, and a change by any path (here: SQL
// written by the test helpers, as `avs` admin moves do) shows on the next read, on this instance and another.
describe('public reads that can change: from memory, invalidated by the database', () => {
  const context = useTestContext({
    config: {
      AVS_TLOG_INTERVAL_MS: 3_600_000,
      AVS_PUBLIC_RATE_LIMIT_PER_SECOND: 1_000_000,
      AVS_PUBLIC_RATE_LIMIT_BURST: 1_000_000,
    },
  });
  let owner: Awaited<ReturnType<TestContext['createAccountWithKey']>>;
  // A second instance: its own pool on PostgreSQL; on PGlite (one process) the same database.
  let secondInstance: Awaited<ReturnType<typeof startSecondInstance>> | undefined;
  let second: FastifyInstance;
  beforeAll(async () => {
    owner = await context.createAccountWithKey();
    secondInstance = await startSecondInstance(context);
    second = secondInstance.app;
  });
  afterAll(async () => {
    await secondInstance?.close();
  });
  const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers });

  /** Runs fn with a table renamed away: a read that still answers did not read that table. */
  async function without(table: string, fn: () => Promise<void>) {
    await context.db.exec(`ALTER TABLE ${table} RENAME TO ${table}_away`);
    try {
      await fn();
    } finally {
      await context.db.exec(`ALTER TABLE ${table}_away RENAME TO ${table}`);
    }
  }

  it('certificate page: from memory, ETag and 304; a suspension shows on the next read of both instances', async () => {
    const asset = await createAssetViaApi(context.app, owner.auth);
    await issueCertificateForTest(context.db, asset);
    const url = `/c/${asset.certificate_number}`;
    const first = await get(context.app, url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=5');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]{43}"$/);
    expect((await get(second, url)).headers.etag).toBe(etag);

    await without('assets', async () => {
      const again = await get(context.app, url);
      expect(again.statusCode).toBe(200);
      expect(again.headers.etag).toBe(etag);
      expect(again.body).toContain('Issued');
    });
    const notModified = await get(context.app, url, { 'if-none-match': etag });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    expect(notModified.headers.etag).toBe(etag);
    expect(notModified.headers['cache-control']).toBe('public, max-age=5');

    await setCertificateStatusForTest(context.db, asset, 'suspended');
    for (const app of [context.app, second]) {
      const moved = await get(app, url, { 'if-none-match': etag });
      expect(moved.statusCode).toBe(200);
      expect(moved.body).toContain('Suspended');
      expect(moved.headers.etag).not.toBe(etag);
    }
  });

  it('a 404 or a pending number is never kept: the certificate shows once it exists or is issued', async () => {
    const asset = await createAssetViaApi(context.app, owner.auth);
    const url = `/c/${asset.certificate_number}`;
    const pending = await get(context.app, url);
    expect(pending.headers['cache-control']).toBe('no-store');
    expect(pending.headers.etag).toBeUndefined();
    await issueCertificateForTest(context.db, asset);
    const issued = await get(context.app, url);
    expect(issued.headers['cache-control']).toBe('public, max-age=5');
    expect(issued.body).toContain('Issued');
  });

  it('status list: from memory until a bit changes; the change shows on the next read of both instances', async () => {
    const asset = await createAssetViaApi(context.app, owner.auth);
    await issueCertificateForTest(context.db, asset);
    // The first credential read gives the certificate its status entries.
    expect((await get(context.app, `/c/${asset.certificate_number}/credential`)).statusCode).toBe(200);
    const url = '/status/suspension/1';
    const first = await get(context.app, url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=5');
    const etag = first.headers.etag as string;
    await get(second, url);
    await without('status_list_entries', async () => {
      expect((await get(context.app, url)).body).toBe(first.body);
      expect((await get(second, url)).statusCode).toBe(200);
    });
    expect((await get(context.app, url, { 'if-none-match': etag })).statusCode).toBe(304);

    await setCertificateStatusForTest(context.db, asset, 'suspended');
    for (const app of [context.app, second]) {
      const moved = await get(app, url, { 'if-none-match': etag });
      expect(moved.statusCode).toBe(200);
      expect(moved.headers.etag).not.toBe(etag);
      const list = JSON.parse(moved.body) as { credentialSubject: { encodedList: string } };
      expect(list.credentialSubject.encodedList).not.toBe(
        (JSON.parse(first.body) as typeof list).credentialSubject.encodedList,
      );
    }
  });

  it('did.json and the JWK Set: from memory until a key rotates; the new key shows on the next read', async () => {
    const did = await get(context.app, '/.well-known/did.json');
    const jwks = await get(second, '/.well-known/jwks.json');
    expect(did.statusCode).toBe(200);
    expect(did.headers['content-type']).toBe('application/did+json');
    expect(did.headers['cache-control']).toBe('public, max-age=60');
    await without('signing_keys', async () => {
      expect((await get(context.app, '/.well-known/did.json')).body).toBe(did.body);
      expect((await get(second, '/.well-known/jwks.json')).body).toBe(jwks.body);
    });
    expect(
      (await get(context.app, '/.well-known/did.json', { 'if-none-match': did.headers.etag as string }))
        .statusCode,
    ).toBe(304);
    const rotated = await rotateSigningKey(context.db, 'credentials', undefined);
    for (const app of [context.app, second]) {
      expect((await get(app, '/.well-known/did.json')).body).toContain(rotated.id);
      expect((await get(app, '/.well-known/jwks.json')).body).toContain(rotated.id);
    }
  });

  it('checkpoint: from memory until the log integrates; the new one shows on the next read of both', async () => {
    const asset = await createAssetViaApi(context.app, owner.auth);
    await issueCertificateForTest(context.db, asset);
    await context.app.tlogIntegrator!.runOnce();
    const first = await get(context.app, '/tlog/checkpoint');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=2');
    await get(second, '/tlog/checkpoint');
    await without('tlog_state', async () => {
      expect((await get(context.app, '/tlog/checkpoint')).body).toBe(first.body);
    });
    const etag = first.headers.etag as string;
    expect((await get(context.app, '/tlog/checkpoint', { 'if-none-match': etag })).statusCode).toBe(304);
    await createAssetViaApi(context.app, owner.auth);
    await context.app.tlogIntegrator!.runOnce();
    for (const app of [context.app, second]) {
      const moved = await get(app, '/tlog/checkpoint', { 'if-none-match': etag });
      expect(moved.statusCode).toBe(200);
      expect(moved.body).not.toBe(first.body);
    }
  });
});
