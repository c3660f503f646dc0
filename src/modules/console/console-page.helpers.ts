import type { FastifyReply, FastifyRequest } from 'fastify';
import { listMembershipsOfPerson, type Membership } from '../members/members.service.js';
import { leaveMemberFlash, takeMemberFlash } from '../members/member-sessions.service.js';
import type { SafeHtml } from '../../lib/html.js';
import { sendPage, type Flash } from '../web-pages/page-document.views.js';
import { redirectAfterForm, refusal } from '../web-pages/form-rules.js';
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

/** What every signed-in page shows around its content: the notice left by the last form and the switcher's list. */
export async function pageFrame(
  request: FastifyRequest,
): Promise<{ flash: Flash | undefined; memberships: Membership[] }> {
  const session = memberSession(request);
  const [flash, memberships] = await Promise.all([
    takeMemberFlash(request.server.db, session),
    listMembershipsOfPerson(request.server.db, session.personId),
  ]);
  return { flash, memberships };
}

/** A notice and status that replace the frame's: a refused form shows its page again with why. */
export interface PageAnswer {
  flash?: Flash;
  status?: number;
}

/**
 * A signed-in page: its frame and its data read together, then drawn; the notice of a refusal, when there is
 * one, takes the place of the one the last form left.
 */
export async function sendFramedPage<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  data: Promise<T>,
  draw: (frame: { flash: Flash | undefined; memberships: Membership[] }, data: T) => SafeHtml,
  answer: PageAnswer = {},
): Promise<FastifyReply> {
  const [frame, loaded] = await Promise.all([pageFrame(request), data]);
  return sendPage(reply, draw({ ...frame, flash: answer.flash ?? frame.flash }, loaded), answer.status);
}

/**
 * A form's change: done, back to `url` with the notice `done` makes of its result; refused (a 4xx the person can
 * act on), `refused` shows the page again with why.
 */
export async function changeThenRedirect<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  change: {
    run: () => Promise<T>;
    url: string;
    done: (result: T) => SessionFlash;
    refused: (answer: Required<PageAnswer>) => Promise<FastifyReply>;
  },
): Promise<FastifyReply> {
  let result: T;
  try {
    result = await change.run();
  } catch (error) {
    return change.refused(refusal(error));
  }
  return redirectWithFlash(request, reply, change.url, change.done(result));
}

export { FormBody, FormText, refusal } from '../web-pages/form-rules.js';
