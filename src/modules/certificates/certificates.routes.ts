import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../errors/error-response.schema.js';
import { requirePrincipal } from '../../plugins/auth.js';
import { CertificateParams, CertificateRecord } from './certificates.schemas.js';
import { lookUpCertificate } from './certificates.service.js';

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
    async (request) => lookUpCertificate(request.server.db, requirePrincipal(request), request.params.number),
  );
}
