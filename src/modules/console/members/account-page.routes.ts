import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type Static, type TObject } from '@sinclair/typebox';
import { browserLanguage, inLanguage, keepLanguageCookie } from '../../../i18n/request-language.js';
import { changePassword } from '../../members/member-login.service.js';
import { chooseLanguage } from '../../members/member-sessions.service.js';
import { personHasPassword } from '../../members/password-reset.service.js';
import { memberNoticeSettings } from '../../notices/notice-settings.service.js';
import { listPasskeys, removePasskey } from '../../passkeys/passkeys.service.js';
import { sendPage } from '../../web-pages/page-document.views.js';
import { memberSession } from '../shell/console-auth.js';
import {
  afterForm,
  FormBody,
  FormText,
  pageFrame,
  IdParams,
  redirectWithFlash,
  pageRoute,
} from '../shell/console-page.helpers.js';
import type { ConsoleFrame } from '../shell/console-layout.views.js';
import { consoleReturnPath } from '../shell/page-address.js';
import { text } from '../text/index.js';
import { accountPage } from './account-page.views.js';
import { addressStatus } from './proven-address.routes.js';

/**
 * The account page: the person's passkeys in the frame, whether they have a password (else "Add a password"), and
 * the member's notices.
 */
export async function accountView(request: FastifyRequest, frame: ConsoleFrame) {
  const { db } = request.server;
  return accountPage({
    ...frame,
    passkeys: await listPasskeys(db, frame.session.personId),
    address: await addressStatus(request, frame),
    hasPassword: await personHasPassword(db, frame.session.personId),
    notices: await memberNoticeSettings(db, frame.session),
  });
}

/**
 * A form of the account page, posted to `url` by any role: done, back to the page with its notice; refused, the page
 * drawn again with why.
 */
export function accountForm<Body extends TObject, Params extends TObject = TObject>(
  app: FastifyInstance,
  url: string,
  schema: { body: Body; params?: Params },
  form: {
    act: (request: FastifyRequest<{ Body: Static<Body>; Params: Static<Params> }>) => Promise<unknown>;
    notice: () => string;
  },
): void {
  app.post<{ Body: Static<Body>; Params: Static<Params> }>(
    url,
    pageRoute('viewer', schema),
    async (request, reply) =>
      afterForm(
        request,
        reply,
        () => form.act(request),
        { url: '/console/account', notice: form.notice() },
        (frame) => accountView(request, frame),
      ),
  );
}

const PasswordBody = Type.Object(
  { _csrf: FormText, current_password: FormText, password: FormText, password_again: FormText },
  { additionalProperties: true },
);
const LanguageBody = Type.Object(
  { _csrf: FormText, language: FormText, return_to: FormText },
  { additionalProperties: true },
);

/** /console/account: the signed-in person's password, passkeys and language. */
export async function accountPageRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;

  app.get('/account', pageRoute('viewer'), async (request, reply) => {
    const frame = await pageFrame(request);
    return sendPage(reply, await accountView(request, frame));
  });

  accountForm(
    app,
    '/account/password',
    { body: PasswordBody },
    {
      act: (request) =>
        changePassword(db, memberSession(request), {
          current: request.body.current_password ?? '',
          password: request.body.password ?? '',
          again: request.body.password_again ?? '',
        }),
      notice: () => text.account.passwordChanged,
    },
  );

  // The last way to sign in (409) or not a passkey of yours (404): said on the page, which is shown again.
  accountForm(
    app,
    '/account/passkeys/:id/remove',
    { params: IdParams, body: FormBody },
    {
      act: (request) => {
        const session = memberSession(request);
        return removePasskey(db, session.personId, request.params.id, {
          accountId: session.accountId,
          actor: { memberId: session.memberId },
        });
      },
      notice: () => text.account.passkeyRemoved,
    },
  );

  // From the account page and the switcher at the foot of every page: saved, then back to the page it came from.
  app.post<{ Body: Static<typeof LanguageBody> }>(
    '/account/language',
    pageRoute('viewer', { body: LanguageBody }),
    async (request, reply) => {
      const chosen = await chooseLanguage(db, memberSession(request), request.body.language ?? '');
      // The pages before sign-in (and after sign-out) speak it too; "your browser's" forgets a kept ?lang=.
      keepLanguageCookie(request, reply, chosen);
      // The notice is read on the next page: in the language that page speaks.
      const saved = inLanguage(chosen ?? browserLanguage(request), () => text.shell.language.saved);
      return redirectWithFlash(
        request,
        reply,
        consoleReturnPath(request.body.return_to) ?? '/console/account',
        { kind: 'notice', message: saved },
      );
    },
  );
}
