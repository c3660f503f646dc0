import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { limits } from '../../../limits.js';
import { listAudit } from '../../audit/audit.service.js';
import { listApiKeys } from '../../keys/keys.service.js';
import { listMembers } from '../../members/members.service.js';
import { sendPage } from '../../web-pages/page-document.views.js';
import { memberSession } from '../shell/console-auth.js';
import { pageFrame, CursorText, pageRoute } from '../shell/console-page.helpers.js';
import { auditPage } from './audit-page.views.js';

const AuditPageQuery = Type.Object(
  {
    cursor: CursorText,
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: limits.pageSize })),
  },
  { additionalProperties: true },
);

/** /console/audit (owner): the account's audit log, as GET /api/v1/audit gives it to a key. */
export async function auditPageRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;

  app.get<{ Querystring: Static<typeof AuditPageQuery> }>(
    '/audit',
    pageRoute('owner', { querystring: AuditPageQuery }),
    async (request, reply) => {
      const session = memberSession(request);
      const { cursor, limit } = request.query;
      const [frame, page, members, keys] = await Promise.all([
        pageFrame(request),
        listAudit(db, session.accountId, { cursor, limit }),
        listMembers(db, session.accountId, { memberId: session.memberId }),
        listApiKeys(db, { accountId: session.accountId }),
      ]);
      const names = {
        members: new Map(members.map((member) => [member.id, member.email])),
        keys: new Map(keys.map((key) => [key.id, key.prefix])),
      };
      return sendPage(reply, auditPage({ ...frame, page, names, limit }));
    },
  );
}
