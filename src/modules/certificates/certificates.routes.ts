import { recordLookup, recordLookupByNumber } from '../alert-lookups/alert-lookups.service.js';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../errors/error-response.schema.js';
import { AppError } from '../../errors/error-catalogue.js';
import { isInScope } from '../../planets/planet-access.js';
import { planetOfWellFormedNumber } from '../../planets/planets.js';
import { requirePrincipal } from '../../plugins/auth.js';
import { certificateCredential } from '../credentials/certificate-credentials.service.js';
import { CertificateCredential } from '../credentials/credentials.schemas.js';
import { sendSignedJson } from '../../lib/signed-json.js';
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
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const certificate = await lookUpCertificate(request.server.db, principal, request.params.number);
      if (certificate.alert) {
        // Reported stolen or lost (#18): on record before the answer leaves, and kept by no cache.
        await recordLookup(request.server.db, { id: certificate.asset_id, alert: true }, 'certificate', {
          principal,
        });
        void reply.header('cache-control', 'no-store');
      }
      return certificate;
    },
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
      const principal = requirePrincipal(request);
      const planet = planetOfWellFormedNumber(request.params.number);
      if (!planet || !isInScope(principal, planet)) throw new AppError('certificate_not_found');
      const target = { planet, certificateNumber: request.params.number };
      if (await recordLookupByNumber(request.server.db, target, 'credential', { principal })) {
        void reply.header('cache-control', 'no-store');
      }
      const text = await certificateCredential(
        request.server.db,
        request.server.credentialSigner,
        planet,
        request.params.number,
      );
      return sendSignedJson(reply, text);
    },
  );
}
