import type { Queryable } from '../../db/database.js';
import { signEddsaJcs2022, type DataIntegrityProof, type JsonObject } from './data-integrity.js';
import type { IssuerIdentity } from './issuer-identity.js';
import type { SigningKeyring } from './signing-keys.service.js';
import type { KnownVersions } from '../public-reads/public-read-cache.js';

/** Signs documents as this service's issuer (did:web) with the active 'credentials' key. */
export class DocumentSigner {
  constructor(
    readonly identity: IssuerIdentity,
    private readonly keyring: SigningKeyring,
  ) {}

  /** The verification method a proof made now would name: <did>#<key id>. */
  async activeVerificationMethod(db: Queryable): Promise<string> {
    const key = await this.keyring.activeKey(db, 'credentials');
    return `${this.identity.did}#${key.id}`;
  }

  /** `versions`: as SigningKeyring.activeKey takes them. */
  async sign<T extends JsonObject>(
    db: Queryable,
    document: T,
    created = new Date(),
    versions?: KnownVersions,
  ): Promise<{ signed: T & { proof: DataIntegrityProof }; keyId: string }> {
    const key = await this.keyring.activeKey(db, 'credentials', versions);
    const signed = signEddsaJcs2022(document, key.privateKey, {
      verificationMethod: `${this.identity.did}#${key.id}`,
      created,
    });
    return { signed, keyId: key.id };
  }
}
