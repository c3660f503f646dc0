import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { enforcePublicRateLimit } from '../../plugins/rate-limit.js';
import { sendPublicRead } from '../public-reads/public-read-reply.js';
import { PublicCredentials } from './certificate-credentials.service.js';
import { CertificateCredential, PublicCredentialParams, StatusListParams } from './credentials.schemas.js';
import { readDidDocument, readJwks } from './published-keys.service.js';
import { readStatusList, STATUS_LIST_MAX_AGE_SECONDS } from './status-lists.service.js';

// Keys change only on rotation or retirement, which a minute's delay does not harm.
const KEYS_CACHE_CONTROL = 'public, max-age=60';
// A credential changes only when a correction replaces it; its status lives in the status lists.
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
 * The public surfaces of credentials (no API key, docs/credentials.md): the DID document, the JWK Set,
 * certificate credentials and status lists. Not API: hidden from the API document. A signed document is sent as
 * the text that was signed (lib/signed-json.ts); its response schema only describes it.
 */
export async function credentialsRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const signer = app.credentialSigner;
  const credentials = new PublicCredentials(app.db, signer, app.publicReads);
  // No key here: each client address gets its own bucket, as on the certificate page.
  app.addHook('onRequest', enforcePublicRateLimit);
  // Any verifier may read these, a web page included: every origin, no credentials.
  app.addHook('onRequest', async (_request, reply) => {
    void reply.headers(PUBLIC_DOCUMENT_HEADERS);
  });
  const hide = true;

  app.get(signer.identity.didDocumentPath, { schema: { hide } }, async (request, reply) => {
    const read = await readDidDocument(app.publicReads, app.db, signer.identity);
    return sendPublicRead(request, reply, read, 'application/did+json', KEYS_CACHE_CONTROL);
  });

  app.get('/.well-known/jwks.json', { schema: { hide } }, async (request, reply) => {
    const read = await readJwks(app.publicReads, app.db);
    return sendPublicRead(request, reply, read, 'application/jwk-set+json', KEYS_CACHE_CONTROL);
  });

  app.get(
    '/c/:number/credential',
    { schema: { hide, params: PublicCredentialParams, response: { 200: CertificateCredential } } },
    async (request, reply) => {
      const read = await credentials.read(request.params.number, request.ip);
      const type = `${credentialMediaType(request)}; charset=utf-8`;
      return sendPublicRead(request, reply, read, type, CREDENTIAL_CACHE_CONTROL);
    },
  );

  app.get(
    '/status/:purpose/:list',
    { schema: { hide, params: StatusListParams } },
    async (request, reply) => {
      const { purpose, list } = request.params;
      const read = await readStatusList(app.publicReads, app.db, signer, purpose, list);
      const type = `${credentialMediaType(request)}; charset=utf-8`;
      return sendPublicRead(request, reply, read, type, `public, max-age=${STATUS_LIST_MAX_AGE_SECONDS}`);
    },
  );
}
