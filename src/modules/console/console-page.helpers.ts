import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors/error-catalogue.js';
import { listMembershipsOfPerson, type Membership } from '../members/members.service.js';
import { leaveMemberFlash, takeMemberFlash } from '../members/member-sessions.service.js';
import type { SafeHtml } from '../../lib/html.js';
import type { MemberPrincipal } from '../principal/principal.js';
import { sendPage, type Flash } from '../web-pages/page-document.views.js';
import type { SessionFlash } from '../web-pages/web-sessions.js';
import { FormBody, FormList, FormText, formList, refusal } from '../web-pages/form-rules.js';
import { memberSession } from './console-auth.js';

/** After a form: the notice goes into the session and the browser to a plain URL (no notice in it). */
export async function redirectWithFlash(
  request: FastifyRequest,
  reply: FastifyReply,
  url: string,
  flash: SessionFlash,
): Promise<FastifyReply> {
  await leaveMemberFlash(request.server.db, memberSession(request), flash);
  return reply.redirect(url, 303);
}

/**
 * A form's change, then the browser to `url` with the `done` notice; a refusal the person can act on (409, 429, …)
 * is shown at once by `showRefusal`, with its headers (a 429's Retry-After).
 */
export async function changeThenRedirect(
  request: FastifyRequest,
  reply: FastifyReply,
  change: {
    act: () => Promise<unknown>;
    url: string;
    done: SessionFlash;
    showRefusal: (refused: { flash: Flash; status: number }) => Promise<FastifyReply>;
  },
): Promise<FastifyReply> {
  try {
    await change.act();
  } catch (error) {
    const refused = refusal(error);
    if (error instanceof AppError) void reply.headers(error.headers);
    return change.showRefusal(refused);
  }
  return redirectWithFlash(request, reply, change.url, change.done);
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

/** A throttled sign-in or invitation: 429 with Retry-After, on the page the person was on. */
export function sendThrottled(
  reply: FastifyReply,
  retryAfterSeconds: number,
  page: (message: string) => SafeHtml,
): FastifyReply {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  void reply.header('retry-after', String(retryAfterSeconds));
  return sendPage(
    reply,
    page(`Too many failed attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`),
    429,
  );
}

/** The signed-in member as the services' principal: it acts on the whole account (a member has no planet scope). */
export function memberPrincipal(request: FastifyRequest): MemberPrincipal {
  const session = memberSession(request);
  return { accountId: session.accountId, planetScope: [], memberId: session.memberId, role: session.role };
}

export { FormBody, FormList, FormText, formList, refusal };
