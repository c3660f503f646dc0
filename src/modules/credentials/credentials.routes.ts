import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { AppError } from '../../errors/error-catalogue.js';
import { errorResponses } from '../../errors/error-response.schema.js';
import { isInScope, requirePrincipal } from '../../plugins/auth.js';
import { CertificateParams } from '../certificates/certificates.schemas.js';
import { certificateCredential } from './certificate-credentials.service.js';
import { planetOfWellFormedNumber } from './credentials.plugin.js';
import { CertificateCredential, type CertificateCredentialType } from './credentials.schemas.js';

export async function credentialsRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/certificates/:number/credential',
    {
      schema: {
        tags: ['certificates'],
        operationId: 'getCertificateCredential',
        summary: 'The certificate as a signed W3C Verifiable Credential',
        description:
          'Any valid key; the same document is public at /c/{number}/credential. A suspended or revoked certificate still has its credential: its status lists say why it fails.',
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
    async (request) => {
      const principal = requirePrincipal(request);
      const planet = planetOfWellFormedNumber(request.params.number);
      if (!planet || !isInScope(principal, planet)) throw new AppError('certificate_not_found');
      const text = await certificateCredential(
        request.server.db,
        request.server.credentialSigner,
        planet,
        request.params.number,
      );
      return JSON.parse(text) as CertificateCredentialType;
    },
  );
}
