import { enforcePublicRateLimit } from '../../plugins/rate-limit.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../errors/error-catalogue.js';
import { etagOf, ImmutableResponses } from '../../lib/immutable-responses.js';
import type { PublicRead } from '../public-reads/public-read-cache.js';
import { sendPublicRead } from '../public-reads/public-read-reply.js';
import { planetOfWellFormedNumber } from '../../planets/planets.js';
import { didDocument, jwks } from '../signing/did-document.js';
import { DocumentSigner } from '../signing/document-signer.js';
import { issuerIdentity } from '../signing/issuer-identity.js';
import { ensureSigningKey, publishedKeys, SigningKeyring } from '../signing/signing-keys.service.js';
import { recordLookupByNumber } from '../alert-lookups/alert-lookups.service.js';
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

/**
 * The credential of a certificate, from memory after its first read: once signed it never changes (its
 * status lives in the status lists), so no invalidation is needed. Alerts (#18): before the cache answers,
 * one write on the primary asks whether the asset has an open alert and records the look-up if so; such an
 * answer is read from the database and sent `no-store` (its body is the same: an alert does not touch status bits).
 */
async function cachedCredential(
  app: FastifyInstance,
  cache: ImmutableResponses,
  signer: DocumentSigner,
  planet: string,
  number: string,
  clientAddress: string,
): Promise<PublicRead<string | Buffer>> {
  const load = () => certificateCredential(app.db, signer, planet, number);
  const alerted = await recordLookupByNumber(app.db, { planet, certificateNumber: number }, 'credential', {
    clientAddress,
  });
  if (alerted) {
    const value = await load();
    return { value, etag: etagOf(value), cacheable: false };
  }
  const { body, etag } = cache.get(number) ?? cache.put(number, await load());
  return { value: body, etag, cacheable: true };
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
  const signer = new DocumentSigner(
    identity,
    new SigningKeyring(config.AVS_MASTER_KEY, { cache: app.publicReads, db: app.db }),
  );
  app.decorate('credentialSigner', signer);
  const credentials = new ImmutableResponses();

  // One encapsulated context for every public surface, so that one hook (a per-address rate limit) covers them.
  await app.register(async (pub) => {
    // No key here: each client address gets its own bucket, as on the certificate page.
    pub.addHook('onRequest', enforcePublicRateLimit);
    // Any verifier may read these, a web page included: every origin, no credentials.
    pub.addHook('onRequest', async (_request, reply) => {
      void reply.headers(PUBLIC_DOCUMENT_HEADERS);
    });
    const hide = true;
    // Read from memory while no signing key changed (a rotation or retirement bumps signing_keys).
    const keysText = (key: string, render: (keys: Awaited<ReturnType<typeof publishedKeys>>) => unknown) =>
      app.publicReads.read(
        key,
        ['signing_keys'],
        // A Buffer: sent with the media type exactly as set (Fastify adds no charset), as before.
        async () => Buffer.from(JSON.stringify(render(await publishedKeys(app.db, 'credentials')))),
        etagOf,
      );
    pub.get(identity.didDocumentPath, { schema: { hide } }, async (request, reply) => {
      const read = await keysText('did.json', (keys) => didDocument(identity.did, keys));
      return sendPublicRead(request, reply, read, 'application/did+json', KEYS_CACHE_CONTROL);
    });
    pub.get('/.well-known/jwks.json', { schema: { hide } }, async (request, reply) => {
      const read = await keysText('jwks.json', jwks);
      return sendPublicRead(request, reply, read, 'application/jwk-set+json', KEYS_CACHE_CONTROL);
    });
    pub.get<{ Params: { number: string } }>(
      '/c/:number/credential',
      { schema: { hide } },
      async (request, reply) => {
        const planet = planetOfWellFormedNumber(request.params.number);
        if (!planet) throw new AppError('certificate_not_found');
        const read = await cachedCredential(
          app,
          credentials,
          signer,
          planet,
          request.params.number,
          request.ip,
        );
        return sendPublicRead(
          request,
          reply,
          read,
          `${credentialMediaType(request)}; charset=utf-8`,
          CREDENTIAL_CACHE_CONTROL,
        );
      },
    );
    pub.get<{ Params: { purpose: string; list: string } }>(
      '/status/:purpose/:list',
      { schema: { hide } },
      async (request, reply) => {
        const { purpose, list } = request.params;
        // A list is made from its set bits and the key that signs it; an unknown list (404) is never kept.
        const read = await app.publicReads.read(
          `status/${purpose}/${list}`,
          ['status_lists', 'signing_keys'],
          () => statusListCredential(app.db, signer, purpose, list),
          etagOf,
        );
        return sendPublicRead(
          request,
          reply,
          read,
          `${credentialMediaType(request)}; charset=utf-8`,
          `public, max-age=${STATUS_LIST_MAX_AGE_SECONDS}`,
        );
      },
    );
  });
});
