import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';

export interface KeyPair {
  publicKey: KeyObject;
  privateKey: KeyObject;
}

const spki = { type: 'spki', format: 'der' } as const;
const pkcs8 = { type: 'pkcs8', format: 'der' } as const;

/**
 * A new Ed25519 or P-256 key pair whose key objects share nothing with the job that generated them. On Node.js 20,
 * exporting a generated key (as JWK) while the garbage collector frees that job locks the key's mutex twice and
 * hangs the process for good (seen in CI: `ExportJWKEcKey` → GC → `~KeyGenJob`); Node.js 22 no longer shares it
 * (nodejs/node#54751). Keys made again from the job's DER bytes have their own.
 */
export function newKeyPair(type: 'ed25519' | 'p-256'): KeyPair {
  const { publicKey, privateKey } =
    type === 'ed25519'
      ? generateKeyPairSync('ed25519', { publicKeyEncoding: spki, privateKeyEncoding: pkcs8 })
      : generateKeyPairSync('ec', {
          namedCurve: 'P-256',
          publicKeyEncoding: spki,
          privateKeyEncoding: pkcs8,
        });
  return {
    publicKey: createPublicKey({ key: publicKey, format: 'der', type: 'spki' }),
    privateKey: createPrivateKey({ key: privateKey, format: 'der', type: 'pkcs8' }),
  };
}
