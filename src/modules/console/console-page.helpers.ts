import type { FastifyReply, FastifyRequest } from 'fastify';
import { listMembershipsOfPerson } from '../members/members.service.js';
import type { SafeHtml } from '../../lib/html.js';
import { sendPage, type Flash } from '../web-pages/page-document.views.js';
import type { ConsoleFrame } from './console-layout.views.js';
import { leaveMemberFlash, takeMemberFlash } from '../members/member-sessions.service.js';
import { redirectAfterForm } from '../web-pages/form-rules.js';
import type { SessionFlash } from '../web-pages/web-sessions.js';
import { memberSession } from './console-auth.js';

/** After a form: the notice goes into the member's session and the browser to a plain URL. */
export function redirectWithFlash(
  request: FastifyRequest,
  reply: FastifyReply,
  url: string,
  flash: SessionFlash,
) {
  return redirectAfterForm(reply, url, leaveMemberFlash(request.server.db, memberSession(request), flash));
}

/** What every signed-in page is drawn in: the session, the notice left by the last form and the switcher's list. */
export async function pageFrame(request: FastifyRequest): Promise<ConsoleFrame> {
  const session = memberSession(request);
  const [flash, memberships] = await Promise.all([
    takeMemberFlash(request.server.db, session),
    listMembershipsOfPerson(request.server.db, session.personId),
  ]);
  return { session, flash, memberships };
}

/** A console page: `page` drawn in the frame; a newer notice (a refusal just now) replaces the stored one. */
export async function sendConsolePage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: (frame: ConsoleFrame) => SafeHtml,
  answer: { flash?: Flash; status?: number } = {},
): Promise<FastifyReply> {
  const frame = await pageFrame(request);
  return sendPage(reply, page({ ...frame, flash: answer.flash ?? frame.flash }), answer.status);
}

import { refusal } from '../web-pages/form-rules.js';
export { FormBody, FormText, refusal } from '../web-pages/form-rules.js';

/**
 * A form's change: done, back to `done.url` with its notice; refused (a 4xx the person can act on),
 * the page again with why, at the refusal's status.
 */
export async function afterForm(
  request: FastifyRequest,
  reply: FastifyReply,
  act: () => Promise<unknown>,
  done: { url: string; notice: string },
  page: (frame: ConsoleFrame) => SafeHtml | Promise<SafeHtml>,
): Promise<FastifyReply> {
  try {
    await act();
  } catch (error) {
    const { flash, status } = refusal(error);
    const frame = await pageFrame(request);
    return sendPage(reply, await page({ ...frame, flash }), status);
  }
  return redirectWithFlash(request, reply, done.url, { kind: 'notice', message: done.notice });
}
