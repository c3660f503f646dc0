import type { FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { SafeHtml } from '../../../lib/html.js';
import type { HolderAction } from '../../holders/holder-rules.js';
import { redirectAfterForm } from '../../web-pages/form-rules.js';
import { sendPage, type Flash } from '../../web-pages/page-document.views.js';
import type { SessionFlash } from '../../web-pages/web-sessions.js';
import { collectorSession, type CollectionAccess } from './collection-auth.js';
import type { CollectionFrame } from './collection-layout.views.js';
import { leaveCollectorFlash, takeCollectorFlash } from './collector-sessions.service.js';

/** A /collection route's options: out of the API's OpenAPI document, open to `access`, doing `holderAction` of the rules table. */
export function collectionRoute<Schema extends FastifySchema = FastifySchema>(
  access: CollectionAccess,
  holderAction: HolderAction | 'none',
  schema?: Schema,
): {
  schema: Schema & { hide: boolean };
  config: { collectorAccess: CollectionAccess; holderAction: HolderAction | 'none' };
} {
  return { schema: { hide: true, ...(schema as Schema) }, config: { collectorAccess: access, holderAction } };
}

/** What a signed-in page is drawn in: the session and the notice the last form left (shown once). */
async function collectionFrame(request: FastifyRequest, flash?: Flash): Promise<CollectionFrame> {
  const session = collectorSession(request);
  const left = await takeCollectorFlash(request.server.db, session);
  return { session, service: request.server.serviceBrand, flash: flash ?? left };
}

/** A signed-in page drawn in its frame; a refusal's notice and status replace the stored notice. */
export async function sendCollectionPage(
  request: FastifyRequest,
  reply: FastifyReply,
  draw: (frame: CollectionFrame) => SafeHtml,
  answer: { flash?: Flash; status?: number } = {},
): Promise<FastifyReply> {
  return sendPage(reply, draw(await collectionFrame(request, answer.flash)), answer.status);
}

/** After a form: the notice goes into the collector's session and the browser to a plain URL. */
export function redirectWithNotice(
  request: FastifyRequest,
  reply: FastifyReply,
  url: string,
  flash: SessionFlash,
): Promise<FastifyReply> {
  return redirectAfterForm(
    reply,
    url,
    leaveCollectorFlash(request.server.db, collectorSession(request), flash),
  );
}
