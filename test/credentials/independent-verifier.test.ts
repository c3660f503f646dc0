import { readFileSync } from 'node:fs';
import path from 'node:path';
import { contexts as credentialContexts } from '@digitalbazaar/credentials-context';
import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import { createVerifyCryptosuite } from '@digitalbazaar/eddsa-jcs-2022-cryptosuite';
import jsigs from 'jsonld-signatures';
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

/*
 * Digital Bazaar's implementation, independent of ours: @digitalbazaar/eddsa-jcs-2022-cryptosuite inside
 * @digitalbazaar/data-integrity's DataIntegrityProof, run by jsonld-signatures with the assertionMethod
 * purpose (which checks the key is listed in the issuer's DID document). The document loader is offline:
 * the VC 2.0 context from @digitalbazaar/credentials-context and the DID document this service serves.
 */
let context: TestContext;
let didDocument: {
  id: string;
  verificationMethod: { id: string; [field: string]: unknown }[];
  [field: string]: unknown;
};

async function documentLoader(url: string) {
  const respond = (document: unknown) => ({ document, documentUrl: url, contextUrl: null });
  const knownContext = credentialContexts.get(url);
  if (knownContext) return respond(knownContext);
  if (url === didDocument.id) return respond(didDocument);
  const method = didDocument.verificationMethod.find((entry) => entry.id === url);
  if (method) return respond({ '@context': 'https://w3id.org/security/multikey/v1', ...method });
  throw new Error(`offline document loader: ${url} is not held`);
}

async function digitalBazaarVerifies(document: unknown) {
  const result = await jsigs.verify(structuredClone(document), {
    suite: new DataIntegrityProof({ cryptosuite: createVerifyCryptosuite() }),
    purpose: new jsigs.purposes.AssertionProofPurpose(),
    documentLoader,
  });
  return { verified: result.verified, errors: result.error?.errors?.map((error) => error.message) };
}

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

  it('verifies a credential that lists media digests (relatedResource), and refuses a changed digest', async () => {
    const { accountId, auth } = await context.createAccountWithKey();
    const asset = await createPendingAsset(context.db, accountId, { title: 'Water Lilies' });
    for (const [type, file] of [
      ['image/png', pngImage(16, 16)],
      ['application/pdf', pdfDocument()],
    ] as const) {
      const upload = await context.app.inject({
        method: 'POST',
        url: `/files/v1/assets/artworks/${asset.id}/media`,
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
