import type { HolderAction } from '../../holders/holder-rules.js';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { Type, type Static, type TObject } from '@sinclair/typebox';
import { limits } from '../../../limits.js';
import type { SafeHtml } from '../../../lib/html.js';
import { openMedia } from '../../media/media.service.js';
import { listMembershipsOfPerson } from '../../members/members.service.js';
import { leaveMemberFlash, takeMemberFlash } from '../../members/member-sessions.service.js';
import { redirectAfterForm } from '../../web-pages/form-rules.js';
import { sendPage, type Flash } from '../../web-pages/page-document.views.js';
import type { SessionFlash } from '../../web-pages/web-sessions.js';
import {
  FormBody,
  formChange,
  FormList,
  FormText,
  formList,
  formOnPage,
  refusal,
} from '../../web-pages/form-rules.js';
import type { MemberPrincipal } from '../../principal/principal.js';
import { memberPrincipal, memberSession, type ConsoleAccess } from './console-auth.js';
import type { ConsoleFrame } from './console-layout.views.js';

/**
 * A console page's route options: out of the API's OpenAPI document, open to `memberRole` and the roles above it;
 * `schema` checks what the route reads (params, query, body).
 */
export function pageRoute<Schema extends FastifySchema = FastifySchema>(
  memberRole: ConsoleAccess,
  schema?: Schema,
  /** The action of the holders' rules table a hand-over page performs (holder-rules.ts). */
  holderAction?: HolderAction | 'none',
): {
  schema: Schema & { hide: boolean };
  config: { memberRole: ConsoleAccess; holderAction?: HolderAction | 'none' };
} {
  return { schema: { hide: true, ...(schema as Schema) }, config: { memberRole, holderAction } };
}

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
  return { session, flash, memberships, service: request.server.serviceBrand };
}

/** A console page: `page` drawn in the frame; a newer notice (a refusal just now) replaces the stored one. */
export function sendConsolePage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: (frame: ConsoleFrame) => SafeHtml,
  answer: PageAnswer = {},
): Promise<FastifyReply> {
  return sendFramedPage(request, reply, Promise.resolve(), page, answer);
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
async function sendFramedPage<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  data: Promise<T>,
  draw: (frame: ConsoleFrame, data: T) => SafeHtml,
  answer: PageAnswer = {},
): Promise<FastifyReply> {
  const [frame, loaded] = await Promise.all([pageFrame(request), data]);
  return sendPage(reply, draw({ ...frame, flash: answer.flash ?? frame.flash }, loaded), answer.status);
}

/**
 * A page of an area's lists, each shown from its own cursor in the query: `GET url` for every role draws it; the
 * function returned draws it again from the lists' first rows, for a form on it that was refused.
 */
export function listPageRoute<Cursors extends TObject, Lists, Answer extends PageAnswer>(
  app: FastifyInstance,
  page: {
    url: string;
    cursors: Cursors;
    read: (principal: MemberPrincipal, cursors: Partial<Static<Cursors>>) => Promise<Lists>;
    draw: (
      frame: ConsoleFrame,
      lists: Lists,
      cursors: Partial<Static<Cursors>>,
      answer: Partial<Answer>,
    ) => SafeHtml;
  },
): (request: FastifyRequest, reply: FastifyReply, answer: Partial<Answer>) => Promise<FastifyReply> {
  const send = (
    request: FastifyRequest,
    reply: FastifyReply,
    cursors: Partial<Static<Cursors>>,
    answer: Partial<Answer>,
  ) =>
    sendFramedPage(
      request,
      reply,
      page.read(memberPrincipal(request), cursors),
      (frame, lists) => page.draw(frame, lists, cursors, answer),
      answer,
    );
  app.get(
    page.url,
    pageRoute('viewer', { querystring: page.cursors }),
    // The schema has checked the query; the generic cursors are beyond what the type provider can say of it.
    async (request, reply) => send(request, reply, request.query as Partial<Static<Cursors>>, {}),
  );
  return (request, reply, answer) => send(request, reply, {}, answer);
}

/**
 * A form's change: done, back to `url` with the notice `done` makes of its result; refused (a 4xx the person can
 * act on), `refused` shows the page again with why.
 */
export function changeThenRedirect<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  change: {
    run: () => Promise<T>;
    url: string;
    done: (result: T) => SessionFlash;
    refused: (answer: Required<PageAnswer>) => Promise<FastifyReply>;
  },
): Promise<FastifyReply> {
  return formChange(
    reply,
    change.run,
    (result) => redirectWithFlash(request, reply, change.url, change.done(result)),
    change.refused,
  );
}

/** A form's change with a fixed notice; refused, `page` is drawn again in the frame with why. */
export function afterForm(
  request: FastifyRequest,
  reply: FastifyReply,
  act: () => Promise<unknown>,
  done: { url: string; notice: string },
  page: (frame: ConsoleFrame) => SafeHtml | Promise<SafeHtml>,
): Promise<FastifyReply> {
  return changeThenRedirect(request, reply, {
    run: act,
    url: done.url,
    done: () => ({ kind: 'notice', message: done.notice }),
    refused: async ({ flash, status }) => {
      const frame = await pageFrame(request);
      return sendPage(reply, await page({ ...frame, flash }), status);
    },
  });
}

export { FormBody, FormList, FormText, formList, formOnPage, refusal };

/** A page's record named by its id in the URL (checked as a UUID by the service it reaches). */
export const IdParams = Type.Object({ id: Type.String({ maxLength: 100 }) });
/** A list page's cursor in its query (the services check what it says). */
export const CursorText = Type.Optional(Type.String({ maxLength: limits.cursorLength }));
/** An invitation's or a ceremony's token in the URL. */
export const TokenParams = Type.Object({ token: Type.String({ maxLength: 100 }) });
/** A medium named by its id in the URL (its bytes or its thumbnail). */
export const MediaIdParams = Type.Object({ media_id: Type.String({ maxLength: 100 }) });

/** The medium the URL names, as the member's account may see it (else 404, as the API answers). */
export function openMemberMedium(request: FastifyRequest<{ Params: Static<typeof MediaIdParams> }>) {
  const { db, mediaStores } = request.server;
  return openMedia(db, mediaStores, memberPrincipal(request), request.params.media_id);
}
