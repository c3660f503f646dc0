import { beforeAll, describe, expect, it } from 'vitest';
import {
  createAssetViaApi,
  issueCertificateForTest,
  setCertificateStatusForTest,
  type CreatedAsset,
} from '../helpers/asset-factory.js';
import { expectSecurityRefusals, securityCases } from '../helpers/security-cases.js';
import { useTestContext, type TestContext } from '../helpers/test-app.js';

const context = useTestContext();
let owner: Awaited<ReturnType<TestContext['createAccountWithKey']>>;
let asset: CreatedAsset;

beforeAll(async () => {
  owner = await context.createAccountWithKey();
  asset = await createAssetViaApi(context.app, owner.auth, 'artworks', { title: 'Guernica', year: 1937 });
});

const lookUp = (number: string, headers: Record<string, string> = owner.auth) =>
  context.app.inject({ method: 'GET', url: `/api/v1/certificates/${number}`, headers });

describe('GET /api/v1/certificates/{number}', () => {
  it('a pending certificate, with its asset, planet from the prefix and no issue date', async () => {
    const response = await lookUp(asset.certificate_number);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      certificate_number: asset.certificate_number,
      status: 'pending',
      planet: 'artworks',
      asset_id: asset.id,
      title: 'Guernica',
      account_id: owner.accountId,
      asset_status: 'draft',
      created_at: asset.created_at,
      issued_at: null,
      revoked_at: null,
      revocation_reason: null,
      alert: null,
    });
  });

  it('an issued certificate carries issued_at', async () => {
    const issued = await createAssetViaApi(context.app, owner.auth, 'watches', { title: 'Speedmaster' });
    await issueCertificateForTest(context.db, issued);
    const body = (await lookUp(issued.certificate_number)).json();
    expect(body).toMatchObject({
      status: 'issued',
      planet: 'watches',
      asset_status: 'active',
      revoked_at: null,
    });
    expect(body.issued_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('a revoked certificate carries revoked_at and the revocation reason', async () => {
    const revoked = await createAssetViaApi(context.app, owner.auth, 'jewelry', { title: 'Hope' });
    await issueCertificateForTest(context.db, revoked);
    await setCertificateStatusForTest(context.db, revoked, 'revoked', 'Stone replaced');
    const body = (await lookUp(revoked.certificate_number)).json();
    expect(body).toMatchObject({ status: 'revoked', revocation_reason: 'Stone replaced' });
    expect(body.revoked_at).not.toBeNull();
  });

  it('any key whose scope covers the planet may look a certificate up', async () => {
    const reader = await context.createAccountWithKey({ planetScope: ['artworks'] });
    expect((await lookUp(asset.certificate_number, reader.auth)).statusCode).toBe(200);
  });

  it('a certificate of a planet outside the key scope is 404', async () => {
    const scoped = await context.createAccountWithKey({ planetScope: ['watches'] });
    const response = await lookUp(asset.certificate_number, scoped.auth);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'certificate_not_found' });
  });

  it('404 certificate_not_found for an unknown number', async () => {
    for (const number of ['ART-2026-999999', 'XYZ-2026-000001', 'COL-1999-000001']) {
      const response = await lookUp(number);
      expect(response.statusCode, number).toBe(404);
      expect(response.json()).toMatchObject({ code: 'certificate_not_found' });
    }
  });

  it('any string in the path gets a 4xx JSON error, never 500', async () => {
    const inputs = [
      "ART-2026-000001'",
      '%22%3B%20DROP%20TABLE%20assets%3B--',
      '%00',
      'ART-2026-%00000001',
      'x'.repeat(3000),
      'A'.repeat(5000),
      '..%2F..%2Fetc%2Fpasswd',
      '../../etc/passwd',
      '%E2%80%AE%F0%9F%98%80',
      '%ZZ',
      '%C0%AF',
      'ART-2026-0000000000000000000000000001',
      ' ',
    ];
    for (const input of inputs) {
      const response = await lookUp(input);
      expect(response.statusCode, input).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, input).toBeLessThan(500);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(typeof response.json().error).toBe('string');
    }
  });

  it('refuses missing, unknown, revoked and expired keys (401)', async () => {
    await expectSecurityRefusals(context, await securityCases(context), {
      method: 'GET',
      url: `/api/v1/certificates/${asset.certificate_number}`,
    });
  });
});
