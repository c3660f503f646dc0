import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyCredential } from '../../src/modules/credentials/credential-verifier.js';
import { retireSigningKey, rotateSigningKey } from '../../src/modules/signing/signing-keys.service.js';
import { createPendingAsset } from '../admin/admin-helpers.js';
import { issueCertificateForTest } from '../helpers/asset-factory.js';
import { createTestContext, type TestContext } from '../helpers/test-app.js';
import {
  ISSUER_DID,
  PUBLIC_URL,
  moveCertificate,
  publicCredential,
  servedBy,
  CREDENTIALS_TEST_CONFIG,
} from './credential-helpers.js';

let context: TestContext;
let owner: Awaited<ReturnType<TestContext['createAccountWithKey']>>;

beforeAll(async () => {
  context = await createTestContext({ config: CREDENTIALS_TEST_CONFIG });
  owner = await context.createAccountWithKey();
});
afterAll(async () => context.close());

async function issuedCertificate(title = 'Water Lilies') {
  const asset = await createPendingAsset(context.db, owner.accountId, {
    title,
    attributes: { artist: 'Claude Monet', medium: 'Oil on canvas', year: 1916, owner_name: 'Jane Private' },
  });
  await moveCertificate(context.app, asset.certificateNumber, 'issue');
  return asset;
}

const verify = (document: unknown) => verifyCredential(document, servedBy(context.app));

describe('the issuer identity', () => {
  it('publishes did.json (Multikey, assertionMethod) and jwks.json with the same kid, without a key', async () => {
    const did = await context.app.inject({ method: 'GET', url: '/.well-known/did.json' });
    expect(did.statusCode).toBe(200);
    expect(did.headers['cache-control']).toMatch(/max-age=\d+/);
    // Readable by a verifier running in a web page of any origin.
    expect(did.headers['access-control-allow-origin']).toBe('*');
    expect(did.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const document = did.json();
    expect(document.id).toBe(ISSUER_DID);
    expect(document.verificationMethod).toHaveLength(1);
    const [method] = document.verificationMethod;
    expect(method).toMatchObject({ type: 'Multikey', controller: ISSUER_DID });
    expect(method.publicKeyMultibase).toMatch(/^z6Mk/);
    expect(document.assertionMethod).toEqual([method.id]);

    const jwks = await context.app.inject({ method: 'GET', url: '/.well-known/jwks.json' });
    expect(jwks.statusCode).toBe(200);
    expect(jwks.headers['cache-control']).toMatch(/max-age=\d+/);
    const [jwk] = jwks.json().keys;
    expect(jwk).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA' });
    expect(method.id).toBe(`${ISSUER_DID}#${jwk.kid}`);
  });
});

describe('certificate credentials', () => {
  it('issue → a VC 2.0 signed with eddsa-jcs-2022, the same with a key and in public, VALID', async () => {
    const asset = await issuedCertificate();
    const credential = await publicCredential(context.app, asset.certificateNumber);
    const viaApi = await context.app.inject({
      method: 'GET',
      url: `/api/v1/certificates/${asset.certificateNumber}/credential`,
      headers: owner.auth,
    });
    expect(viaApi.statusCode).toBe(200);
    expect(viaApi.json()).toEqual(credential);

    const { rows } = await context.db.query<{ issued_at: Date; sequence: number; hash: string }>(
      `SELECT a.issued_at, e.sequence, e.hash FROM assets a JOIN asset_events e ON e.asset_id = a.id
       WHERE a.id = $1 AND e.event_type = 'CERTIFICATE_ISSUED'`,
      [asset.id],
    );
    expect(credential).toMatchObject({
      '@context': ['https://www.w3.org/ns/credentials/v2'],
      type: ['VerifiableCredential', 'AssetCertificate'],
      issuer: ISSUER_DID,
      validFrom: rows[0]!.issued_at.toISOString(),
      credentialSubject: {
        id: `urn:uuid:${asset.id}`,
        certificate_number: asset.certificateNumber,
        planet: 'artworks',
        title: 'Water Lilies',
        artist: 'Claude Monet',
        medium: 'Oil on canvas',
        year: 1916,
        history: { sequence: rows[0]!.sequence, hash: rows[0]!.hash },
      },
      proof: {
        type: 'DataIntegrityProof',
        cryptosuite: 'eddsa-jcs-2022',
        proofPurpose: 'assertionMethod',
        verificationMethod: expect.stringMatching(new RegExp(`^${ISSUER_DID}#`)),
        proofValue: expect.stringMatching(/^z/),
      },
    });
    const status = credential.credentialStatus as Record<string, string>[];
    expect(status.map((entry) => entry.statusPurpose)).toEqual(['revocation', 'suspension', 'refresh']);
    for (const entry of status) {
      expect(entry).toMatchObject({
        type: 'BitstringStatusListEntry',
        statusListIndex: expect.stringMatching(/^\d+$/),
        statusListCredential: `${PUBLIC_URL}/status/${entry.statusPurpose}/1`,
      });
    }
    // No account ids and no pass-through (possibly personal) fields in a public document.
    const text = JSON.stringify(credential);
    expect(text).not.toContain(owner.accountId);
    expect(text).not.toContain('Jane Private');
    expect(await verify(credential)).toMatchObject({ result: 'VALID' });
  });

  it('suspend → SUSPENDED within 5 s; reinstate → VALID; revoke → REVOKED', async () => {
    const asset = await issuedCertificate('Haystacks');
    const credential = await publicCredential(context.app, asset.certificateNumber);
    expect((await verify(credential)).result).toBe('VALID');

    await moveCertificate(context.app, asset.certificateNumber, 'suspend');
    const suspendedAt = Date.now();
    const list = await context.app.inject({ method: 'GET', url: '/status/suspension/1' });
    expect(list.headers['cache-control']).toBe('public, max-age=5');
    expect((await verify(credential)).result).toBe('SUSPENDED');
    expect(Date.now() - suspendedAt).toBeLessThan(5_000);
    // The credential itself is still served: the status list says why it fails.
    expect(await publicCredential(context.app, asset.certificateNumber)).toEqual(credential);

    await moveCertificate(context.app, asset.certificateNumber, 'reinstate');
    expect((await verify(credential)).result).toBe('VALID');

    await moveCertificate(context.app, asset.certificateNumber, 'revoke');
    const revoked = await verify(credential);
    expect(revoked.result).toBe('REVOKED');
    expect(revoked.status.find((entry) => entry.purpose === 'revocation')?.set).toBe(true);
  });

  it('a changed title, subject id, date or proof → INVALID', async () => {
    const asset = await issuedCertificate('Rouen Cathedral');
    const credential = await publicCredential(context.app, asset.certificateNumber);
    type Editable = {
      validFrom: string;
      credentialSubject: Record<string, string>;
      proof?: { proofValue: string; created: string };
    };
    const changed = (edit: (copy: Editable) => void) => {
      const copy = structuredClone(credential) as unknown as Editable;
      edit(copy);
      return copy;
    };
    const cases = [
      changed((copy) => (copy.credentialSubject.title = 'Rouen Cathedral (copy)')),
      changed((copy) => (copy.credentialSubject.id = `urn:uuid:${owner.accountId}`)),
      changed((copy) => (copy.validFrom = '2020-01-01T00:00:00.000Z')),
      changed((copy) => (copy.proof!.proofValue = `${copy.proof!.proofValue.slice(0, -3)}abc`)),
      changed((copy) => (copy.proof!.created = '2020-01-01T00:00:00Z')),
      changed((copy) => delete copy.proof),
    ];
    for (const document of cases) expect((await verify(document)).result).toBe('INVALID');
  });

  it('pending, rejected and revoked-while-pending → 409 certificate_not_issued; unknown → 404', async () => {
    const pending = await createPendingAsset(context.db, owner.accountId);
    const rejected = await createPendingAsset(context.db, owner.accountId);
    await moveCertificate(context.app, rejected.certificateNumber, 'reject');
    const revokedPending = await createPendingAsset(context.db, owner.accountId);
    await moveCertificate(context.app, revokedPending.certificateNumber, 'revoke');
    for (const asset of [pending, rejected, revokedPending]) {
      for (const [url, headers] of [
        [`/c/${asset.certificateNumber}/credential`, {}],
        [`/api/v1/certificates/${asset.certificateNumber}/credential`, owner.auth],
      ] as const) {
        const response = await context.app.inject({ method: 'GET', url, headers });
        expect(response.statusCode).toBe(409);
        expect(response.json().code).toBe('certificate_not_issued');
      }
    }
    for (const number of [
      'ART-2020-999999',
      'XYZ-2026-000001',
      'nonsense',
      '%E2%82%AC',
      'ART-2026-1'.repeat(50),
    ]) {
      for (const [url, headers] of [
        [`/c/${number}/credential`, {}],
        [`/api/v1/certificates/${number}/credential`, owner.auth],
      ] as const) {
        const response = await context.app.inject({ method: 'GET', url, headers });
        expect(response.statusCode, url).toBe(404);
        expect(response.json().code).toBe('certificate_not_found');
      }
    }
    for (const url of [
      '/status/revocation/0',
      '/status/revocation/2',
      '/status/other/1',
      '/status/revocation/x',
      '/status/suspension/99999999999',
    ]) {
      const response = await context.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().code).toBe('status_list_not_found');
    }
  });

  it('the API route needs a key and keeps scope rules: another planet answers 404', async () => {
    const asset = await issuedCertificate('Scoped');
    const url = `/api/v1/certificates/${asset.certificateNumber}/credential`;
    expect((await context.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const watchesOnly = await context.createAccountWithKey({ planetScope: ['watches'] });
    const response = await context.app.inject({ method: 'GET', url, headers: watchesOnly.auth });
    expect(response.statusCode).toBe(404);
    // Any valid key of the planet may read it (a buyer's, not only the owner's).
    const buyer = await context.createAccountWithKey({ planetScope: ['artworks'] });
    expect((await context.app.inject({ method: 'GET', url, headers: buyer.auth })).statusCode).toBe(200);
  });

  it('a certificate issued before credentials existed is signed at its first read', async () => {
    const asset = await createPendingAsset(context.db, owner.accountId, { title: 'Issued long ago' });
    await issueCertificateForTest(context.db, { certificate_number: asset.certificateNumber });
    const credential = await publicCredential(context.app, asset.certificateNumber);
    expect(credential.credentialSubject).toMatchObject({ title: 'Issued long ago' });
    expect(await verify(credential)).toMatchObject({ result: 'VALID' });
    expect(await publicCredential(context.app, asset.certificateNumber)).toEqual(credential);

    // Concurrent first reads sign once: every reader gets the same stored credential.
    const another = await createPendingAsset(context.db, owner.accountId, { title: 'Read by many at once' });
    await issueCertificateForTest(context.db, { certificate_number: another.certificateNumber });
    const reads = await Promise.all(
      [1, 2, 3, 4].map(() => publicCredential(context.app, another.certificateNumber)),
    );
    for (const read of reads) expect(read).toEqual(reads[0]);
  });

  it('status lists: 131,072 entries at least, GZIP + multibase base64url, indexes spread at random', async () => {
    const list = (await context.app.inject({ method: 'GET', url: '/status/revocation/1' })).json();
    expect(list).toMatchObject({
      type: ['VerifiableCredential', 'BitstringStatusListCredential'],
      issuer: ISSUER_DID,
      credentialSubject: { type: 'BitstringStatusList', statusPurpose: 'revocation' },
    });
    expect(list.credentialSubject.encodedList).toMatch(/^u[A-Za-z0-9_-]+$/);
    const { gunzipSync } = await import('node:zlib');
    const bits = gunzipSync(
      Buffer.from((list.credentialSubject.encodedList as string).slice(1), 'base64url'),
    );
    expect(bits.length * 8).toBeGreaterThanOrEqual(131_072);
    expect((await verify(list)).result).toBe('VALID');
    const { rows } = await context.db.query<{ status_index: number }>(
      `SELECT status_index FROM status_list_entries WHERE purpose = 'revocation'`,
    );
    // Random among 131,072: consecutive issues do not take consecutive indexes.
    const indexes = rows.map((row) => row.status_index).sort((a, b) => a - b);
    expect(indexes.at(-1)! - indexes[0]!).toBeGreaterThan(indexes.length * 10);
  });

  it('receipts: /verify answers with a signed VerificationReceipt of the result', async () => {
    const asset = await issuedCertificate('Receipt');
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/v1/verify',
      headers: owner.auth,
      payload: { planet: 'artworks', asset_id: asset.id },
    });
    expect(response.statusCode).toBe(200);
    const { receipt, ...result } = response.json();
    expect(receipt).toMatchObject({
      type: ['VerifiableCredential', 'VerificationReceipt'],
      issuer: ISSUER_DID,
      credentialSubject: result,
    });
    expect((await verify(receipt)).result).toBe('VALID');
    const forged = structuredClone(receipt);
    forged.credentialSubject.verified = !forged.credentialSubject.verified;
    expect((await verify(forged)).result).toBe('INVALID');
  });

  it("a receipt after a rotation is signed with the new key (the verification reads the keys' version itself)", async () => {
    const asset = await issuedCertificate('Receipt across a rotation');
    const receiptMethod = async () => {
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/v1/verify',
        headers: owner.auth,
        payload: { planet: 'artworks', asset_id: asset.id },
      });
      return (response.json().receipt.proof as { verificationMethod: string }).verificationMethod;
    };
    const before = await receiptMethod();
    const rotated = await rotateSigningKey(context.db, 'credentials', undefined);
    expect(before).not.toBe(`${ISSUER_DID}#${rotated.id}`);
    expect(await receiptMethod()).toBe(`${ISSUER_DID}#${rotated.id}`);
  });

  it('rotation keeps old credentials VALID; retiring their key makes them INVALID', async () => {
    const before = await publicCredential(
      context.app,
      (await issuedCertificate('Before rotation')).certificateNumber,
    );
    const oldMethod = (before.proof as { verificationMethod: string }).verificationMethod;
    const rotated = await rotateSigningKey(context.db, 'credentials', undefined);
    const after = await publicCredential(
      context.app,
      (await issuedCertificate('After rotation')).certificateNumber,
    );
    expect((after.proof as { verificationMethod: string }).verificationMethod).toBe(
      `${ISSUER_DID}#${rotated.id}`,
    );
    const did = (await context.app.inject({ method: 'GET', url: '/.well-known/did.json' })).json();
    expect(did.assertionMethod).toContain(oldMethod);
    expect((await verify(before)).result).toBe('VALID');
    expect((await verify(after)).result).toBe('VALID');

    await retireSigningKey(context.db, oldMethod.split('#')[1]!, undefined);
    const retired = await verify(before);
    expect(retired.result).toBe('INVALID');
    expect(retired.reason).toContain('retired');
    // Status lists are signed again with the current key, so newer credentials still check.
    expect((await verify(after)).result).toBe('VALID');
  });

  it('a status list that cannot be fetched → UNCHECKED, naming it', async () => {
    const credential = await publicCredential(
      context.app,
      (await issuedCertificate('Offline')).certificateNumber,
    );
    const did = (await context.app.inject({ method: 'GET', url: '/.well-known/did.json' })).json();
    const outcome = await verifyCredential(credential, {
      didDocuments: [did],
      fetchJson: async () => {
        throw new Error('connection refused');
      },
    });
    expect(outcome.result).toBe('UNCHECKED');
    expect(outcome.reason).toContain(`${PUBLIC_URL}/status/revocation/1`);
  });
});
