import type { FastifyReply, FastifyRequest } from 'fastify';
import { leaveSessionFlash, takeSessionFlash, type AdminSession } from '../auth/admin-sessions.service.js';
import type { SessionFlash } from '../../web-pages/web-sessions.js';
import type { Flash } from '../../web-pages/page-document.views.js';
import { redirectAfterForm } from '../../web-pages/form-rules.js';

/** The signed-in administrator's session: requirePageSession has made sure there is one. */
export function session(request: FastifyRequest): AdminSession {
  return request.adminSession!;
}

/** After a form: the notice goes into the administrator's session and the browser to a plain URL. */
export function redirectWithFlash(
  request: FastifyRequest,
  reply: FastifyReply,
  url: string,
  flash: SessionFlash,
) {
  return redirectAfterForm(reply, url, leaveSessionFlash(request.server.db, session(request), flash));
}

/** The notice the last form left in the session, once. */
export async function takeFlash(request: FastifyRequest): Promise<Flash | undefined> {
  return takeSessionFlash(request.server.db, session(request));
}

export { FormBody, FormText, refusal } from '../../web-pages/form-rules.js';
