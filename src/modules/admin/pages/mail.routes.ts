import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { AppError } from '../../../errors/error-catalogue.js';
import { limits } from '../../../limits.js';
import { isUuid } from '../../../lib/uuid.js';
import { MAIL_STATES, mailLogPage, readMailMessage } from '../../mail/mail-log.service.js';
import { sendPage } from '../../web-pages/page-document.views.js';
import { session } from './admin-page.helpers.js';
import { mailLogPage as mailLogView, mailMessagePage, type MailLogFilter } from './mail.views.js';

const MailLogQuery = Type.Object(
  {
    state: Type.Optional(Type.String({ maxLength: 20 })),
    to: Type.Optional(Type.String({ maxLength: 320 })),
    cursor: Type.Optional(Type.String({ maxLength: limits.cursorLength })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: limits.pageSize })),
  },
  { additionalProperties: true },
);
const MailParams = Type.Object({ id: Type.String({ maxLength: 100 }) });

/**
 * What the HTML version of a message may do in its frame: draw with its inline styles and data: images, nothing
 * else (no script, no request anywhere), framed by the service's own pages only.
 */
export const MAIL_HTML_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'";

function logFilter(query: Static<typeof MailLogQuery>): MailLogFilter {
  const to = query.to?.trim();
  return {
    state: MAIL_STATES.find((state) => state === query.state),
    to: to ? to : undefined,
    limit: query.limit,
  };
}

/** /admin/mail: the mail log; /admin/mail/{id}: one message as its recipient would see it, its HTML on its own route. */
export async function mailPageRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;

  async function messageOf(request: FastifyRequest<{ Params: Static<typeof MailParams> }>) {
    const { id } = request.params;
    const message = isUuid(id) ? await readMailMessage(db, app.config, id) : undefined;
    if (!message) throw new AppError('route_not_found', 'no_route', { method: 'GET', path: request.url });
    return message;
  }

  app.get<{ Querystring: Static<typeof MailLogQuery> }>(
    '/mail',
    { schema: { hide: true, querystring: MailLogQuery } },
    async (request, reply) => {
      const filter = logFilter(request.query);
      const page = await mailLogPage(db, { ...filter, cursor: request.query.cursor });
      return sendPage(reply, mailLogView({ session: session(request), page, filter }));
    },
  );

  app.get<{ Params: Static<typeof MailParams> }>(
    '/mail/:id',
    { schema: { hide: true, params: MailParams } },
    async (request, reply) =>
      sendPage(reply, mailMessagePage({ session: session(request), message: await messageOf(request) })),
  );

  app.get<{ Params: Static<typeof MailParams> }>(
    '/mail/:id/html',
    { schema: { hide: true, params: MailParams } },
    async (request, reply) => {
      const message = await messageOf(request);
      if (!message.body.shown || !message.body.html)
        throw new AppError('route_not_found', 'no_route', { method: 'GET', path: request.url });
      // The one /admin answer a page may frame: the message page's sandboxed iframe, and nothing of another site.
      return reply
        .headers({ 'content-security-policy': MAIL_HTML_CSP, 'x-frame-options': 'SAMEORIGIN' })
        .type('text/html; charset=utf-8')
        .send(message.body.html);
    },
  );
}
