import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SafeHtml } from '../../../lib/html.js';
import { leaveSessionFlash, takeSessionFlash, type AdminSession } from '../auth/admin-sessions.service.js';
import type { SessionFlash } from '../../web-pages/web-sessions.js';
import { sendPage, type Flash } from '../../web-pages/page-document.views.js';
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

/** A notice and status that replace the page's: a refused form shows its page again with why. */
export interface PageAnswer {
  flash?: Flash;
  status?: number;
}

/**
 * A page with its notice: a refusal's when there is one, else the one the last form left in the session (taken only
 * then: a refusal leaves it for the next page).
 */
export async function sendAdminPage(
  request: FastifyRequest,
  reply: FastifyReply,
  draw: (flash: Flash | undefined) => SafeHtml,
  answer: PageAnswer = {},
): Promise<FastifyReply> {
  const flash = answer.flash ?? (await takeFlash(request));
  return sendPage(reply, draw(flash), answer.status);
}

export { FormBody, formChange, FormText, refusal } from '../../web-pages/form-rules.js';
