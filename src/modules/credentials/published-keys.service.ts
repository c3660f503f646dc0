import type { Queryable } from '../../db/database.js';
import { etagOf } from '../../lib/immutable-responses.js';
import type { PublicRead, PublicReadCache } from '../public-reads/public-read-cache.js';
import { didDocument, jwks } from '../signing/did-document.js';
import type { IssuerIdentity } from '../signing/issuer-identity.js';
import { publishedKeys, type PublishedKey } from '../signing/signing-keys.service.js';

/** Read from memory while no signing key changed (a rotation or retirement bumps signing_keys). */
function readPublishedKeys(
  reads: PublicReadCache,
  db: Queryable,
  key: string,
  render: (keys: PublishedKey[]) => unknown,
): Promise<PublicRead<Buffer>> {
  return reads.read(
    key,
    ['signing_keys'],
    // A Buffer: sent with the media type exactly as set (Fastify adds no charset).
    async () => Buffer.from(JSON.stringify(render(await publishedKeys(db, 'credentials')))),
    etagOf,
  );
}

/** The issuer's DID document (did:web), naming its credential keys. */
export function readDidDocument(
  reads: PublicReadCache,
  db: Queryable,
  identity: IssuerIdentity,
): Promise<PublicRead<Buffer>> {
  return readPublishedKeys(reads, db, 'did.json', (keys) => didDocument(identity.did, keys));
}

/** The issuer's credential keys as a JWK Set. */
export function readJwks(reads: PublicReadCache, db: Queryable): Promise<PublicRead<Buffer>> {
  return readPublishedKeys(reads, db, 'jwks.json', jwks);
}
