import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;

export type PrivateKeyEncryption = 'none' | 'aes-256-gcm';

/** Thrown when a sealed key (a signing key, a tag master key) cannot be opened: no AVS_MASTER_KEY, or a different one. */
export class MasterKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MasterKeyError';
  }
}

function masterKeyBytes(masterKey: string): Buffer {
  return Buffer.from(masterKey, 'base64');
}

/** AES-256-GCM under AVS_MASTER_KEY: iv || tag || ciphertext; the key id is bound as associated data. */
export function sealPrivateKey(
  pkcs8: Buffer,
  keyId: string,
  masterKey: string | undefined,
): { privateKey: Buffer; encryption: PrivateKeyEncryption } {
  if (!masterKey) return { privateKey: pkcs8, encryption: 'none' };
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', masterKeyBytes(masterKey), iv);
  cipher.setAAD(Buffer.from(keyId, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(pkcs8), cipher.final()]);
  return { privateKey: Buffer.concat([iv, cipher.getAuthTag(), ciphertext]), encryption: 'aes-256-gcm' };
}

/** Opens what sealPrivateKey sealed under the same key id; `keyName` names the key in the error's sentence. */
export function openPrivateKey(
  stored: Buffer,
  encryption: PrivateKeyEncryption,
  keyId: string,
  masterKey: string | undefined,
  keyName = `Signing key ${keyId}`,
): Buffer {
  if (encryption === 'none') return stored;
  if (!masterKey) {
    throw new MasterKeyError(`${keyName} is encrypted: set AVS_MASTER_KEY to the key it was encrypted with.`);
  }
  try {
    const decipher = createDecipheriv('aes-256-gcm', masterKeyBytes(masterKey), stored.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(keyId, 'utf8'));
    decipher.setAuthTag(stored.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(stored.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
  } catch {
    throw new MasterKeyError(`${keyName} does not open with this AVS_MASTER_KEY.`);
  }
}
