import { createPublicKey, type KeyObject } from 'node:crypto';
import { base58, base64urlnopad } from '@scure/base';

// The multicodec prefix of an Ed25519 public key (0xed, varint-encoded as 0xed 0x01).
const ED25519_PUB_MULTICODEC = Uint8Array.of(0xed, 0x01);

/** Multikey publicKeyMultibase: 'z' + base58btc(0xed01 || the 32-byte key). */
export function publicKeyMultibase(rawPublicKey: Uint8Array): string {
  const bytes = new Uint8Array(34);
  bytes.set(ED25519_PUB_MULTICODEC, 0);
  bytes.set(rawPublicKey, 2);
  return `z${base58.encode(bytes)}`;
}

/** The 32-byte Ed25519 key of a Multikey publicKeyMultibase, or undefined when it is not one. */
export function rawPublicKeyOfMultibase(multibase: string): Uint8Array | undefined {
  if (!multibase.startsWith('z')) return undefined;
  let bytes: Uint8Array;
  try {
    bytes = base58.decode(multibase.slice(1));
  } catch {
    return undefined;
  }
  if (bytes.length !== 34 || bytes[0] !== 0xed || bytes[1] !== 0x01) return undefined;
  return bytes.slice(2);
}

/** A proofValue: 'z' + base58btc of the signature. */
export function encodeMultibaseBase58(bytes: Uint8Array): string {
  return `z${base58.encode(bytes)}`;
}

export function decodeMultibaseBase58(value: string): Uint8Array | undefined {
  if (!value.startsWith('z')) return undefined;
  try {
    return base58.decode(value.slice(1));
  } catch {
    return undefined;
  }
}

export interface Ed25519Jwk {
  kty: 'OKP';
  crv: 'Ed25519';
  x: string;
  kid?: string;
  alg?: 'EdDSA';
  use?: 'sig';
}

export function jwkOfRawPublicKey(rawPublicKey: Uint8Array): Ed25519Jwk {
  return { kty: 'OKP', crv: 'Ed25519', x: base64urlnopad.encode(rawPublicKey) };
}

export function publicKeyObjectOfRaw(rawPublicKey: Uint8Array): KeyObject {
  return createPublicKey({ key: { ...jwkOfRawPublicKey(rawPublicKey) }, format: 'jwk' });
}

export function rawPublicKeyOfKeyObject(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' });
  return base64urlnopad.decode(jwk.x!);
}
