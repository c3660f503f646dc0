import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../errors/error-response.schema.js';
import { requirePrincipal } from '../../plugins/auth.js';
import { AuditListQuery, AuditPage } from './audit.schemas.js';
import { listAudit } from './audit.service.js';

export async function auditRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/audit',
    {
      schema: {
        tags: ['audit'],
        operationId: 'listAudit',
        summary: "List the account's audit log",
        description:
          "Who did what to the account's members, invitations and keys, newest first, in keyset pages: each entry " +
          '`{id, at, actor, action, target}`, `actor` exactly one of `{member_id}`, `{api_key_id}`, `{admin: true}`. ' +
          "The log is the account's, not a planet's: any active key of the account reads all of it, whatever its planet scope.",
        querystring: AuditListQuery,
        response: {
          200: AuditPage,
          ...errorResponses([400], {
            descriptions: {
              400: '`limit` outside 1–100, or a cursor this service did not return for this account (validation_failed).',
            },
          }),
        },
      },
    },
    async (request) => listAudit(request.server.db, requirePrincipal(request).accountId, request.query),
  );
}
