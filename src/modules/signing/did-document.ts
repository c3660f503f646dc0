import { jwkOfRawPublicKey, publicKeyMultibase, type Ed25519Jwk } from './multikey.js';
import type { PublishedKey } from './signing-keys.service.js';

const DID_CONTEXT = ['https://www.w3.org/ns/did/v1', 'https://w3id.org/security/multikey/v1'];

/** The issuer's DID document: each published key as a Multikey, each usable for assertions. */
export function didDocument(did: string, keys: PublishedKey[]) {
  const methods = keys.map((key) => ({
    id: `${did}#${key.id}`,
    type: 'Multikey',
    controller: did,
    publicKeyMultibase: publicKeyMultibase(key.rawPublicKey),
  }));
  return {
    '@context': DID_CONTEXT,
    id: did,
    verificationMethod: methods,
    assertionMethod: methods.map((method) => method.id),
  };
}

/** The same keys as an RFC 7517 JWK Set (OKP Ed25519), with the same key ids. */
export function jwks(keys: PublishedKey[]): { keys: Ed25519Jwk[] } {
  return {
    keys: keys.map((key) => ({
      ...jwkOfRawPublicKey(key.rawPublicKey),
      kid: key.id,
      alg: 'EdDSA',
      use: 'sig',
    })),
  };
}
