import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { applyUnsubscribeLink, openUnsubscribeLink } from '../../notices/notice-settings.service.js';
import { sendPage } from '../../web-pages/page-document.views.js';
import { pageRoute } from '../shell/console-page.helpers.js';
import { text } from '../text/index.js';
import { unsubscribePage } from './unsubscribe.views.js';

const LinkParams = Type.Object({ token: Type.String({ maxLength: 200 }) });

/**
 * A notice's one-click link (List-Unsubscribe, RFC 8058): GET shows what it stops and changes nothing (mail
 * scanners open links); POST stops it, with no session and no CSRF token, the link's token being the authority.
 */
export async function unsubscribeRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;
  // RFC 8058 asks for multipart/form-data (or a URL-encoded form); the body says nothing the link does not.
  app.addContentTypeParser('multipart/form-data', { bodyLimit: 4096 }, (_request, body, done) => {
    body.resume();
    body.on('end', () => done(null, null));
    body.on('error', done);
  });

  app.get<{ Params: Static<typeof LinkParams> }>(
    '/notices/off/:token',
    pageRoute('none', { params: LinkParams }),
    async (request, reply) => {
      const link = await openUnsubscribeLink(db, request.params.token);
      return sendPage(
        reply,
        unsubscribePage({ service: app.serviceBrand, token: request.params.token, link }),
      );
    },
  );

  app.post<{ Params: Static<typeof LinkParams> }>(
    '/notices/off/:token',
    pageRoute('none', { params: LinkParams }),
    async (request, reply) => {
      // The page's own form says `on`; a mail client's one-click POST says `List-Unsubscribe=One-Click` (RFC 8058).
      const on = (request.body as { on?: unknown } | null | undefined)?.on === '1';
      const link = await applyUnsubscribeLink(db, request.params.token, on);
      const message = on ? text.unsubscribe.resumed : text.unsubscribe.stopped;
      return sendPage(
        reply,
        unsubscribePage({
          service: app.serviceBrand,
          token: request.params.token,
          link,
          flash: { kind: 'notice', message },
        }),
      );
    },
  );
}
