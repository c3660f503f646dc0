import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { saveMemberNoticeChoices } from '../../notices/notice-settings.service.js';
import { memberSession } from '../shell/console-auth.js';
import { afterForm, FormList, FormText, formList, pageRoute } from '../shell/console-page.helpers.js';
import { noticeKinds } from '../../notices/notice-kinds.js';
import { text } from '../text/index.js';
import { accountView } from './account-page.routes.js';

const NoticesBody = Type.Object(
  { _csrf: FormText, notices: FormList(noticeKinds.length), delivery: FormText },
  { additionalProperties: true },
);

/** The account page's "Messages by e-mail": the kinds ticked are on, every other off; one message each or a digest. */
export async function noticeSettingsRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: Static<typeof NoticesBody> }>(
    '/account/notices',
    pageRoute('viewer', { body: NoticesBody }),
    async (request, reply) =>
      afterForm(
        request,
        reply,
        () =>
          saveMemberNoticeChoices(app.db, memberSession(request), {
            on: formList(request.body.notices),
            digest: request.body.delivery === 'digest',
          }),
        { url: '/console/account', notice: text.notices.saved },
        (frame) => accountView(request, frame),
      ),
  );
}
