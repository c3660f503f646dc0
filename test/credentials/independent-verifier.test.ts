import { readFileSync } from 'node:fs';
import path from 'node:path';
import { contexts as credentialContexts } from '@digitalbazaar/credentials-context';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPendingAsset } from '../admin/admin-helpers.js';
import { pdfDocument, pngImage } from '../media/media-fixtures.js';
import { createTestContext, type TestContext } from '../helpers/test-app.js';
import {
  PUBLIC_URL,
  moveCertificate,
  publicCredential,
  CREDENTIALS_TEST_CONFIG,
} from './credential-helpers.js';
import { digitalBazaarVerifies as verifiedByDigitalBazaar, type DidDocument } from './digital-bazaar.js';

let context: TestContext;
let didDocument: DidDocument;

const digitalBazaarVerifies = (document: unknown) => verifiedByDigitalBazaar(document, didDocument);

beforeAll(async () => {
  context = await createTestContext({ config: CREDENTIALS_TEST_CONFIG });
  didDocument = (await context.app.inject({ method: 'GET', url: '/.well-known/did.json' })).json();
});
afterAll(async () => context.close());

describe("Digital Bazaar's eddsa-jcs-2022 verifier", () => {
  it('verifies the W3C test vector (the harness itself is sound)', async () => {
    const dir = path.join(import.meta.dirname, '..', 'fixtures', 'vc-di-eddsa');
    const signed = JSON.parse(readFileSync(path.join(dir, 'signedJCS.json'), 'utf8')) as {
      proof: { verificationMethod: string };
    };
    const keyPair = JSON.parse(readFileSync(path.join(dir, 'keyPair.json'), 'utf8')) as {
      publicKeyMultibase: string;
    };
    const did = signed.proof.verificationMethod.split('#')[0]!;
    const saved = didDocument;
    didDocument = {
      '@context': ['https://www.w3.org/ns/did/v1'],
      id: did,
      verificationMethod: [
        {
          id: signed.proof.verificationMethod,
          type: 'Multikey',
          controller: did,
          publicKeyMultibase: keyPair.publicKeyMultibase,
        },
      ],
      assertionMethod: [signed.proof.verificationMethod],
    };
    // The vector uses the examples context too; it only needs to be held, not resolved online.
    credentialContexts.set('https://www.w3.org/ns/credentials/examples/v2', {
      '@context': { '@vocab': 'https://www.w3.org/ns/credentials/examples#' },
    });
    try {
      expect(await digitalBazaarVerifies(signed)).toMatchObject({ verified: true });
    } finally {
      didDocument = saved;
    }
  });

  it('verifies our certificate credentials, status lists and receipts, and refuses a changed one', async () => {
    const { accountId } = await context.createAccountWithKey();
    const asset = await createPendingAsset(context.db, accountId, {
      title: 'Impression, Sunrise',
      attributes: { artist: 'Claude Monet', year: 1872 },
    });
    await moveCertificate(context.app, asset.certificateNumber, 'issue');
    const credential = await publicCredential(context.app, asset.certificateNumber);
    expect(await digitalBazaarVerifies(credential)).toEqual({ verified: true, errors: undefined });

    const tampered = structuredClone(credential) as { credentialSubject: { title: string } };
    tampered.credentialSubject.title = 'Impression, Sunset';
    expect((await digitalBazaarVerifies(tampered)).verified).toBe(false);

    await moveCertificate(context.app, asset.certificateNumber, 'suspend');
    for (const url of ['/status/revocation/1', '/status/suspension/1']) {
      const list = (await context.app.inject({ method: 'GET', url })).json();
      expect(list.id).toBe(`${PUBLIC_URL}${url}`);
      expect(await digitalBazaarVerifies(list)).toEqual({ verified: true, errors: undefined });
    }

    const { key } = await context.createAccountWithKey();
    await moveCertificate(context.app, asset.certificateNumber, 'reinstate');
    const verification = await context.app.inject({
      method: 'POST',
      url: '/api/v1/verify',
      headers: { authorization: `Bearer ${key}` },
      payload: { planet: 'artworks', asset_id: asset.id },
    });
    expect(verification.statusCode).toBe(200);
    expect(await digitalBazaarVerifies(verification.json().receipt)).toEqual({
      verified: true,
      errors: undefined,
    });
  });

  it("signs an artwork's date as written into credentials issued from now on; one signed before keeps its bytes", async () => {
    const { accountId } = await context.createAccountWithKey();
    const dated = await createPendingAsset(context.db, accountId, {
      title: 'Untitled (Blue)',
      attributes: { artist: 'Joan Mitchell', year: 1975, date_text: 'ca. 1975' },
    });
    await moveCertificate(context.app, dated.certificateNumber, 'issue');
    const credential = (await publicCredential(context.app, dated.certificateNumber)) as {
      credentialSubject: Record<string, unknown>;
    };
    expect(credential.credentialSubject).toMatchObject({ year: 1975, date_text: 'ca. 1975' });
    expect(await digitalBazaarVerifies(credential)).toEqual({ verified: true, errors: undefined });
    const tampered = structuredClone(credential);
    tampered.credentialSubject.date_text = 'ca. 1965';
    expect((await digitalBazaarVerifies(tampered)).verified).toBe(false);

    // A credential is signed once, at issue: a date written in later (here straight into the store) never
    // changes the bytes served, which stay those that were signed.
    const earlier = await createPendingAsset(context.db, accountId, {
      title: 'Blue Territory',
      attributes: { year: 1972 },
    });
    await moveCertificate(context.app, earlier.certificateNumber, 'issue');
    const url = `/c/${earlier.certificateNumber}/credential`;
    const signed = (await context.app.inject({ method: 'GET', url })).body;
    await context.db.query(
      `UPDATE assets SET attributes = attributes || '{"date_text": "1972"}'::jsonb WHERE id = $1`,
      [earlier.id],
    );
    const { key } = await context.createAccountWithKey();
    const again = await context.app.inject({
      method: 'GET',
      url: `/api/v1/certificates/${earlier.certificateNumber}/credential`,
      headers: { authorization: `Bearer ${key}` },
    });
    expect(again.body).toBe(signed);
    expect(again.body).not.toContain('date_text');
  });

  it('verifies a credential that lists media digests (relatedResource), and refuses a changed digest', async () => {
    const { accountId, auth } = await context.createAccountWithKey();
    const asset = await createPendingAsset(context.db, accountId, { title: 'Water Lilies' });
    for (const [type, file] of [
      ['image/png', pngImage(16, 16)],
      ['application/pdf', pdfDocument()],
    ] as const) {
      const upload = await context.app.inject({
        method: 'POST',
        // Public: a credential lists public media only (docs/media.md).
        url: `/files/v1/assets/artworks/${asset.id}/media?public=true`,
        headers: { ...auth, 'content-type': type },
        payload: file,
      });
      expect(upload.statusCode, upload.body).toBe(201);
    }
    await moveCertificate(context.app, asset.certificateNumber, 'issue');
    const credential = (await publicCredential(context.app, asset.certificateNumber)) as {
      relatedResource: { digestMultibase: string }[];
    };
    expect(credential.relatedResource).toHaveLength(2);
    expect(await digitalBazaarVerifies(credential)).toEqual({ verified: true, errors: undefined });
    const tampered = structuredClone(credential);
    tampered.relatedResource[0]!.digestMultibase = tampered.relatedResource[1]!.digestMultibase;
    expect((await digitalBazaarVerifies(tampered)).verified).toBe(false);
  });
});
