import type { Static } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../errors/error-catalogue.js';
import { mediaUrl } from '../../media/media.service.js';
import { sendMedia } from '../../media/media-files.routes.js';
import { photoSearchDepsOf, searchByPhoto } from '../../photo-search/photo-search.service.js';
import type { PhotoMatchType } from '../../photo-search/photo-search.schemas.js';
import { memberPrincipal } from '../shell/console-auth.js';
import {
  MediaIdParams,
  openMemberMedium,
  pageRoute,
  refusal,
  sendConsolePage,
} from '../shell/console-page.helpers.js';
import { readMultipartForm, uploadRoute, uploadRoutes } from '../shell/console-uploads.js';
import { searchPage, type ConsoleMatch } from './search-page.views.js';

/** The public download URL of a medium, and the console's own for it: a browser holds a session, not a key. */
const API_MEDIA_PREFIX = mediaUrl('');
const consoleImageOf = (match: PhotoMatchType): string | null =>
  match.image_url?.startsWith(API_MEDIA_PREFIX)
    ? `/console/search/media/${match.image_url.slice(API_MEDIA_PREFIX.length)}`
    : null;

/**
 * /console/search: the photo search of docs/media.md for a member, as `POST /files/v1/search` answers a key of the
 * account (every role may search: it changes nothing). The pictures come through the console, which shows a medium
 * only as the member's account may see it.
 */
export async function searchPageRoutes(app: FastifyInstance): Promise<void> {
  const maxFileBytes = app.config.AVS_MEDIA_MAX_BYTES;

  const showPage = (request: FastifyRequest, reply: FastifyReply, matches?: readonly ConsoleMatch[]) =>
    sendConsolePage(request, reply, (frame) => searchPage({ ...frame, matches }));

  app.get('/search', pageRoute('viewer'), async (request, reply) => showPage(request, reply));

  app.get<{ Params: Static<typeof MediaIdParams> }>(
    '/search/media/:media_id',
    pageRoute('viewer', { params: MediaIdParams }),
    async (request, reply) => sendMedia(request, reply, await openMemberMedium(request)),
  );

  await uploadRoutes(app, (uploads) => {
    uploads.post('/search', uploadRoute('viewer', maxFileBytes), async (request, reply) => {
      let matches: ConsoleMatch[];
      try {
        const form = await readMultipartForm(request, { maxFiles: 1, maxFileBytes });
        const photo = form.files[0];
        if (!photo) throw new AppError('validation_failed', 'required', { field: 'photo' });
        const answer = await searchByPhoto(
          photoSearchDepsOf(app),
          { principal: memberPrincipal(request) },
          { contentType: null, body: photo.bytes },
        );
        matches = answer.matches.map((match) => ({ ...match, imageSrc: consoleImageOf(match) }));
      } catch (error) {
        // A forged form is refused outright; a photograph that cannot be searched is said on the page.
        if (error instanceof AppError && error.code === 'csrf_failed') throw error;
        const { flash, status } = refusal(error);
        return sendConsolePage(request, reply, (frame) => searchPage({ ...frame, flash }), {
          flash,
          status,
        });
      }
      void reply.header('cache-control', 'no-store');
      return showPage(request, reply, matches);
    });
  });
}
