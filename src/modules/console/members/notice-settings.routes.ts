import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { saveMemberNoticeChoices } from '../../notices/notice-settings.service.js';
import { memberSession } from '../shell/console-auth.js';
import { FormList, FormText, formList } from '../shell/console-page.helpers.js';
import { noticeKinds } from '../../notices/notice-kinds.js';
import { text } from '../text/index.js';
import { accountForm } from './account-page.routes.js';

const NoticesBody = Type.Object(
  { _csrf: FormText, notices: FormList(noticeKinds.length), delivery: FormText },
  { additionalProperties: true },
);

/** The account page's "Messages by e-mail": the kinds ticked are on, every other off; one message each or a digest. */
export async function noticeSettingsRoutes(app: FastifyInstance): Promise<void> {
  accountForm(
    app,
    '/account/notices',
    { body: NoticesBody },
    {
      act: (request) =>
        saveMemberNoticeChoices(app.db, memberSession(request), {
          on: formList(request.body.notices),
          digest: request.body.delivery === 'digest',
        }),
      notice: () => text.notices.saved,
    },
  );
}
