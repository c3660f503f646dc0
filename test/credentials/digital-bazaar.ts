import { contexts as credentialContexts } from '@digitalbazaar/credentials-context';
import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import { createVerifyCryptosuite } from '@digitalbazaar/eddsa-jcs-2022-cryptosuite';
import jsigs from 'jsonld-signatures';

/*
 * Digital Bazaar's implementation, independent of ours: @digitalbazaar/eddsa-jcs-2022-cryptosuite inside
 * @digitalbazaar/data-integrity's DataIntegrityProof, run by jsonld-signatures with the assertionMethod
 * purpose (which checks the key is listed in the issuer's DID document). The document loader is offline:
 * the VC 2.0 context from @digitalbazaar/credentials-context and the DID document it is given.
 */
export interface DidDocument {
  id: string;
  verificationMethod: { id: string; [field: string]: unknown }[];
  [field: string]: unknown;
}

function documentLoaderFor(didDocument: DidDocument) {
  return async (url: string) => {
    const respond = (document: unknown) => ({ document, documentUrl: url, contextUrl: null });
    const knownContext = credentialContexts.get(url);
    if (knownContext) return respond(knownContext);
    if (url === didDocument.id) return respond(didDocument);
    const method = didDocument.verificationMethod.find((entry) => entry.id === url);
    if (method) return respond({ '@context': 'https://w3id.org/security/multikey/v1', ...method });
    throw new Error(`offline document loader: ${url} is not held`);
  };
}

/** Whether Digital Bazaar's verifier accepts the document, with the messages of its errors when not. */
export async function digitalBazaarVerifies(document: unknown, didDocument: DidDocument) {
  const result = await jsigs.verify(structuredClone(document), {
    suite: new DataIntegrityProof({ cryptosuite: createVerifyCryptosuite() }),
    purpose: new jsigs.purposes.AssertionProofPurpose(),
    documentLoader: documentLoaderFor(didDocument),
  });
  return { verified: result.verified, errors: result.error?.errors?.map((error) => error.message) };
}
