import type { FastifyReply, FastifyRequest } from 'fastify';
import { listMembershipsOfPerson, type Membership } from '../members/members.service.js';
import { leaveMemberFlash, takeMemberFlash } from '../members/member-sessions.service.js';
import type { Flash } from '../web-pages/page-document.views.js';
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

export { FormBody, FormText, refusal } from '../web-pages/form-rules.js';
