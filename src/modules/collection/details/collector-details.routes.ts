import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { FormBody, FormText, formChange } from '../../web-pages/form-rules.js';
import { sendPage, type Flash } from '../../web-pages/page-document.views.js';
import { clearCollectorCookie, collectorSession } from '../shell/collection-auth.js';
import { collectionRoute, redirectWithNotice, sendCollectionPage } from '../shell/collection-page.helpers.js';
import { text } from '../text/index.js';
import {
  collectorDetails,
  leaveCollection,
  removeCollectorPasskey,
  saveCollectorName,
} from './collector-details.service.js';
import { detailsPage, leavePage, leftPage } from './collector-details.views.js';

const PasskeyParams = Type.Object({ id: Type.String({ maxLength: 100 }) });

const DetailsBody = Type.Object(
  { _csrf: FormText, public_name: FormText, show_name: FormText },
  { additionalProperties: true },
);

/** "My details": the name a collector may show, their passkeys, and leaving (their data erased). */
export async function collectorDetailsRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;
  // A refused change: the page again, saying why.
  const detailsAgain =
    (request: FastifyRequest, reply: FastifyReply) =>
    async ({ flash, status }: { flash: Flash; status: number }) => {
      const details = await collectorDetails(db, collectorSession(request));
      return sendCollectionPage(request, reply, (frame) => detailsPage(frame, details), { flash, status });
    };

  app.get('/details', collectionRoute('collector', 'none'), async (request, reply) => {
    const details = await collectorDetails(db, collectorSession(request));
    return sendCollectionPage(request, reply, (frame) => detailsPage(frame, details));
  });

  app.post<{ Body: Static<typeof DetailsBody> }>(
    '/details',
    collectionRoute('collector', 'none', { body: DetailsBody }),
    async (request, reply) =>
      formChange(
        reply,
        () =>
          saveCollectorName(db, collectorSession(request).collectorId, {
            publicName: request.body.public_name ?? '',
            showName: request.body.show_name === 'yes',
          }),
        () =>
          redirectWithNotice(request, reply, '/collection/details', {
            kind: 'notice',
            message: text.collectorDetails.saved,
          }),
        detailsAgain(request, reply),
      ),
  );

  // Not a passkey of theirs (404), or the last way into an account they are a member of (409): said on the page.
  app.post<{ Params: Static<typeof PasskeyParams>; Body: Static<typeof FormBody> }>(
    '/details/passkey/:id/remove',
    collectionRoute('collector', 'none', { params: PasskeyParams, body: FormBody }),
    async (request, reply) =>
      formChange(
        reply,
        () => removeCollectorPasskey(db, collectorSession(request), request.params.id),
        () =>
          redirectWithNotice(request, reply, '/collection/details', {
            kind: 'notice',
            message: text.collectorDetails.passkeyRemoved,
          }),
        detailsAgain(request, reply),
      ),
  );

  app.get('/leave', collectionRoute('collector', 'none'), async (request, reply) =>
    sendCollectionPage(request, reply, (frame) => leavePage(frame)),
  );

  app.post('/leave', collectionRoute('collector', 'none'), async (request, reply) => {
    await leaveCollection(db, collectorSession(request));
    clearCollectorCookie(reply, request);
    return sendPage(reply, leftPage(app.serviceBrand));
  });
}
