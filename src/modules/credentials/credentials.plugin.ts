import { enforcePublicRateLimit } from '../../plugins/rate-limit.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../errors/error-catalogue.js';
import { planetOfWellFormedNumber } from '../../planets/planets.js';
import { didDocument, jwks } from '../signing/did-document.js';
import { DocumentSigner } from '../signing/document-signer.js';
import { issuerIdentity } from '../signing/issuer-identity.js';
import { ensureSigningKey, publishedKeys, SigningKeyring } from '../signing/signing-keys.service.js';
import { certificateCredential } from './certificate-credentials.service.js';
import { STATUS_LIST_MAX_AGE_SECONDS, statusListCredential } from './status-lists.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Signs credentials, status lists and receipts as the issuer of AVS_PUBLIC_URL. */
    credentialSigner: DocumentSigner;
  }
}

// Keys change only on rotation or retirement, which a minute's delay does not harm.
const KEYS_CACHE_CONTROL = 'public, max-age=60';
// A credential never changes once signed; its status lives in the status lists.
const CREDENTIAL_CACHE_CONTROL = 'public, max-age=300';

const PUBLIC_DOCUMENT_HEADERS = {
  'access-control-allow-origin': '*',
  'cross-origin-resource-policy': 'cross-origin',
};

/** application/vc (the VC 2.0 media type) when the client asks for it; JSON that every tool reads otherwise. */
function credentialMediaType(request: FastifyRequest): string {
  return /\bapplication\/vc\b/.test(request.headers.accept ?? '') ? 'application/vc' : 'application/json';
}

function sendJsonText(reply: FastifyReply, text: string, type: string, cacheControl: string) {
  return reply.header('cache-control', cacheControl).type(`${type}; charset=utf-8`).send(text);
}

/**
 * The issuer's keys and signer, and the public surfaces of credentials (no API key, DESIGN.md section 11):
 * the DID document, the JWK Set, certificate credentials and status lists.
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
  const signer = new DocumentSigner(identity, new SigningKeyring(config.AVS_MASTER_KEY));
  app.decorate('credentialSigner', signer);

  // One encapsulated context for every public surface, so that one hook (a per-address rate limit) covers them.
  await app.register(async (pub) => {
    // No key here: each client address gets its own bucket, as on the certificate page.
    pub.addHook('onRequest', enforcePublicRateLimit);
    // Any verifier may read these, a web page included: every origin, no credentials.
    pub.addHook('onRequest', async (_request, reply) => {
      void reply.headers(PUBLIC_DOCUMENT_HEADERS);
    });
    const hide = true;
    pub.get(identity.didDocumentPath, { schema: { hide } }, async (_request, reply) => {
      const keys = await publishedKeys(app.db, 'credentials');
      void reply.header('cache-control', KEYS_CACHE_CONTROL).type('application/did+json');
      return didDocument(identity.did, keys);
    });
    pub.get('/.well-known/jwks.json', { schema: { hide } }, async (_request, reply) => {
      const keys = await publishedKeys(app.db, 'credentials');
      void reply.header('cache-control', KEYS_CACHE_CONTROL).type('application/jwk-set+json');
      return jwks(keys);
    });
    pub.get<{ Params: { number: string } }>(
      '/c/:number/credential',
      { schema: { hide } },
      async (request, reply) => {
        const planet = planetOfWellFormedNumber(request.params.number);
        if (!planet) throw new AppError('certificate_not_found');
        const text = await certificateCredential(app.db, signer, planet, request.params.number);
        return sendJsonText(reply, text, credentialMediaType(request), CREDENTIAL_CACHE_CONTROL);
      },
    );
    pub.get<{ Params: { purpose: string; list: string } }>(
      '/status/:purpose/:list',
      { schema: { hide } },
      async (request, reply) => {
        const text = await statusListCredential(app.db, signer, request.params.purpose, request.params.list);
        return sendJsonText(
          reply,
          text,
          credentialMediaType(request),
          `public, max-age=${STATUS_LIST_MAX_AGE_SECONDS}`,
        );
      },
    );
  });
});
