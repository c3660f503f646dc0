import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAssetViaApi } from '../helpers/asset-factory.js';
import {
  documentOperations,
  pathPlanet,
  requestFor,
  requiresKey,
  type DocumentOperation,
} from '../helpers/document-operations.js';
import { expectSecurityRefusals, securityCases } from '../helpers/security-cases.js';
import { useTestContext } from '../helpers/test-app.js';

// OWASP API2:2023 Broken Authentication. Also covered: test/foundation/authentication.test.ts (one 401 for
// every bad credential), test/reliability/rate-limits.test.ts (failed authentications limited per address),
// test/postgres-only/revocation-across-instances.test.ts (a revocation reaches every instance within 2 s).
describe('API2 authentication on every operation of the served document', () => {
  const context = useTestContext();
  let operations: DocumentOperation[];
  let values: Record<string, string>;
  const covered = new Set<string>();
  const name = (operation: DocumentOperation): string => `${operation.method} ${operation.path}`;
  // Each operation from its own address, so the failed-authentication limit (burst 200) is not what answers.
  let addresses = 0;
  const fromNewAddress = (operation: DocumentOperation) => ({
    ...requestFor(operation, values, randomUUID),
    remoteAddress: `10.0.${Math.floor(++addresses / 250)}.${addresses % 250}`,
  });
  beforeAll(async () => {
    const { auth } = await context.createAccountWithKey();
    const asset = await createAssetViaApi(context.app, auth);
    values = { planet: 'artworks', id: asset.id, number: asset.certificate_number, sequence: '1' };
    operations = await documentOperations(context.app);
  });

  it('refuses no key, an unknown, revoked or expired key and another scheme with the same 401', async () => {
    const cases = await securityCases(context);
    for (const operation of operations.filter(requiresKey)) {
      await expectSecurityRefusals(context, cases, fromNewAddress(operation));
      covered.add(name(operation));
    }
  });

  it('refuses a bad key even where a request without one is allowed', async () => {
    const cases = (await securityCases(context)).filter((entry) => entry.name !== 'no key');
    for (const operation of operations.filter((entry) => !requiresKey(entry))) {
      await expectSecurityRefusals(context, cases, fromNewAddress(operation));
      covered.add(name(operation));
    }
  });

  it('refuses a key scoped to another planet on every operation whose path names a planet', async () => {
    const { accountId } = await context.createAccountWithKey();
    const scopedTo = async (planet: string) =>
      `Bearer ${(await context.createApiKey(accountId, { planetScope: [planet] })).key}`;
    const keyFor = { artworks: await scopedTo('watches'), other: await scopedTo('artworks') };
    const planetBound = operations.filter((operation) => pathPlanet(operation, 'artworks') !== undefined);
    expect(planetBound.length).toBeGreaterThan(10);
    for (const operation of planetBound) {
      const request = requestFor(operation, values, randomUUID);
      const authorization = pathPlanet(operation, 'artworks') === 'artworks' ? keyFor.artworks : keyFor.other;
      const response = await context.app.inject({
        ...request,
        headers: { ...request.headers, authorization },
      });
      expect(response.statusCode, `${name(operation)}: ${response.body}`).toBe(400);
      expect(response.json<{ code: string }>().code, name(operation)).toBe('planet_scope_mismatch');
    }
  });

  it('covers every operation, and only the public media read is open without a key', () => {
    expect(operations.filter((operation) => !requiresKey(operation)).map(name)).toEqual([
      'GET /files/v1/media/{media_id}',
    ]);
    expect(operations.map(name).filter((operation) => !covered.has(operation))).toEqual([]);
  });

  it('refuses a valid key sent anywhere but the Authorization header', async () => {
    const { key } = await context.createAccountWithKey();
    for (const request of [
      { method: 'GET' as const, url: `/api/v1/webhooks?api_key=${key}` },
      { method: 'GET' as const, url: '/api/v1/webhooks', headers: { 'x-api-key': key } },
      { method: 'GET' as const, url: '/api/v1/webhooks', headers: { cookie: `api_key=${key}` } },
      { method: 'GET' as const, url: '/api/v1/webhooks', headers: { authorization: key } },
    ]) {
      const response = await context.app.inject(request);
      expect(response.statusCode, JSON.stringify(request)).toBe(401);
    }
  });

  it('stores a key only as its SHA-256 hash and a display prefix', async () => {
    const { key, apiKey } = await context.createAccountWithKey();
    const { rows } = await context.db.query('SELECT * FROM api_keys WHERE id = $1', [apiKey.id]);
    expect(JSON.stringify(rows[0])).not.toContain(key.slice(16));
  });
});
