import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DocumentSigner } from '../signing/document-signer.js';
import { issuerIdentity } from '../signing/issuer-identity.js';
import { ensureSigningKey, SigningKeyring } from '../signing/signing-keys.service.js';
import { credentialsRoutes } from './credentials.routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Signs credentials, status lists and receipts as the issuer of AVS_PUBLIC_URL. */
    credentialSigner: DocumentSigner;
  }
}

/**
 * The issuer's keys and signer, and the public surfaces of credentials (credentials.routes.ts) in one
 * encapsulated context, so that one hook (a per-address rate limit) covers them.
 */
export const credentialsPlugin = fp(async (app: FastifyInstance) => {
  const { config } = app;
  const identity = issuerIdentity(config);
  if (!config.AVS_MASTER_KEY) {
    app.log.warn(
      'AVS_MASTER_KEY is not set: the private signing keys are stored unencrypted in the database',
    );
  }
  if (identity.hostIsIpAddress) {
    app.log.warn(
      { issuer: identity.did },
      'AVS_PUBLIC_URL has an IP address for its host: did:web needs a domain name, so verifiers cannot resolve the issuer',
    );
  }
  await ensureSigningKey(app.db, 'credentials', config.AVS_MASTER_KEY);
  const signer = new DocumentSigner(
    identity,
    new SigningKeyring(config.AVS_MASTER_KEY, { cache: app.publicReads, db: app.db }),
  );
  app.decorate('credentialSigner', signer);
  await app.register(credentialsRoutes);
});
