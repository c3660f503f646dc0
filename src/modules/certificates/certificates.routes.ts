import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../errors/error-response.schema.js';
import { requirePrincipal } from '../../plugins/auth.js';
import { lookupAnswerValue } from '../alert-lookups/lookup-answer-reply.js';
import { CertificateCredential } from '../credentials/credentials.schemas.js';
import { sendJsonText } from '../../lib/signed-json.js';
import { CertificateParams, CertificateRecord } from './certificates.schemas.js';
import { certificateCredentialForKey, lookUpCertificate } from './certificates.service.js';

export async function certificatesRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/certificates/:number',
    {
      schema: {
        tags: ['certificates'],
        operationId: 'getCertificate',
        summary: 'Look up a certificate',
        description: 'The planet is read from the number prefix (ART, COL, WAT, JWL).',
        params: CertificateParams,
        response: {
          200: CertificateRecord,
          ...errorResponses([400, 404], {
            descriptions: {
              400: 'A path that cannot be decoded (validation_failed).',
              404: 'No such certificate, or one of a planet outside the key scope (certificate_not_found).',
            },
          }),
        },
      },
    },
    async (request, reply) =>
      lookupAnswerValue(
        reply,
        await lookUpCertificate(request.server.db, requirePrincipal(request), request.params.number),
      ),
  );

  app.get(
    '/certificates/:number/credential',
    {
      schema: {
        tags: ['certificates'],
        operationId: 'getCertificateCredential',
        summary: 'The certificate as a signed W3C Verifiable Credential',
        description:
          'Any valid key; the same document, byte for byte, is public at /c/{number}/credential: the text that was signed, never re-serialised. A suspended or revoked certificate still has its credential: its status lists say why it fails.',
        params: CertificateParams,
        response: {
          200: CertificateCredential,
          ...errorResponses([400, 404, 409], {
            descriptions: {
              400: 'A path that cannot be decoded (validation_failed).',
              404: 'No such certificate, or one of a planet outside the key scope (certificate_not_found).',
              409: 'The certificate was never issued: pending, rejected, or revoked while pending (certificate_not_issued).',
            },
          }),
        },
      },
    },
    async (request, reply) => {
      const credential = await certificateCredentialForKey(
        request.server.db,
        request.server.credentialSigner,
        requirePrincipal(request),
        request.params.number,
      );
      return sendJsonText(reply, lookupAnswerValue(reply, credential));
    },
  );
}
