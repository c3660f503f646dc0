import multipart from '@fastify/multipart';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DatabaseUnavailableError } from '../../db/database.js';
import { AppError } from '../../errors/error-catalogue.js';
import { pageErrorMessage } from '../web-pages/error-pages/page-error-message.js';
import { inRequestLanguage, speakRequestLanguage } from '../../i18n/request-language.js';
import { limits } from '../../limits.js';
import { jsonErrorHandler } from '../../plugins/error-handler.js';
import { publicRateLimit } from '../../plugins/rate-limit.js';
import { uploadParser } from '../media/media-upload-body.js';
import { imageTypes } from '../media/media-types.js';
import { checkSearchImageBeforeBody } from '../media/media.service.js';
import { photoSearchDepsOf, searchByPhoto } from '../photo-search/photo-search.service.js';
import { publicPageHeaders } from './public-pages.plugin.js';
import { sendPage } from './public-pages.routes.js';
import { photoSearchErrorView, photoSearchResultsView } from './photo-search-page.views.js';
import { text } from './text/index.js';

/** Room for the form's boundaries and part headers around the file. */
const FORM_OVERHEAD_BYTES = 16 * 1024;

const isForm = (request: FastifyRequest): boolean =>
  (request.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/form-data');

/** The form's photograph: its one file part (415 when there is none, 413 past AVS_MEDIA_MAX_BYTES). */
async function formPhoto(request: FastifyRequest, maxBytes: number): Promise<Buffer> {
  let bytes: Buffer | undefined;
  try {
    const part = await request.file({ limits: { files: 1, fileSize: maxBytes, fields: 0, parts: 1 } });
    bytes = await part?.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('payload_too_large', 'media_limit', { max: maxBytes });
    throw error;
  }
  if (!bytes || bytes.length === 0) throw new AppError('unsupported_media_type', 'image_unrecognised');
  return bytes;
}

/**
 * POST /c/search, the photo search without a key (docs/media.md): assets with an open stolen-or-lost alert, and the
 * public images of certificates issued by a gallery findable by photo.
 * The photograph comes as the body (image/*: the answer is JSON, as /files/v1/search answers) or as the look-up
 * page's form (multipart/form-data: the answer is a page of cards). One search draws
 * `limits.publicPhotoSearchTokens` from the client address's bucket, `limits.publicRecognitionSearchTokens` when it
 * also recognises new photographs.
 */
export async function photoSearchPageRoutes(app: FastifyInstance): Promise<void> {
  const maxBytes = app.config.AVS_MEDIA_MAX_BYTES;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser([...imageTypes], uploadParser(maxBytes));
  await app.register(multipart);
  app.addContentTypeParser('*', (_request, _payload, done) =>
    done(new AppError('unsupported_media_type', 'media_types', { expected: imageTypes }), undefined),
  );
  app.addHook('onRequest', publicPageHeaders);
  speakRequestLanguage(app);
  app.addHook(
    'onRequest',
    publicRateLimit(
      app.config.AVS_FEATURE_WORKERS > 0
        ? limits.publicRecognitionSearchTokens
        : limits.publicPhotoSearchTokens,
    ),
  );
  // The form's answer is a page, errors too; the JSON search's errors are the error body.
  app.setErrorHandler(async (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    void reply.header('cache-control', 'no-store');
    if (!isForm(request)) return jsonErrorHandler(error, request, reply);
    if (error instanceof AppError && error.statusCode < 500) {
      void reply.headers(error.headers);
      const page = inRequestLanguage(request, () =>
        photoSearchErrorView(app.serviceBrand, error.statusCode, pageErrorMessage(error)),
      );
      return sendPage(reply, page, error.statusCode);
    }
    if (error instanceof DatabaseUnavailableError) void reply.header('retry-after', '1');
    else request.log.error({ err: error }, 'photo search page failed');
    const status = error instanceof DatabaseUnavailableError ? 503 : 500;
    const page = inRequestLanguage(request, () =>
      photoSearchErrorView(app.serviceBrand, status, text.photoSearch.failed),
    );
    return sendPage(reply, page, status);
  });

  app.post(
    '/search',
    {
      schema: { hide: true },
      bodyLimit: maxBytes + FORM_OVERHEAD_BYTES,
      preParsing: async (request) => {
        const declared = { contentLength: request.headers['content-length'], maxBytes };
        if (isForm(request)) {
          if (Number(declared.contentLength) > maxBytes + FORM_OVERHEAD_BYTES)
            throw new AppError('payload_too_large', 'media_limit', { max: maxBytes });
          return;
        }
        checkSearchImageBeforeBody({ ...declared, contentType: request.headers['content-type'] });
      },
    },
    async (request, reply) => {
      const form = isForm(request);
      const image = form
        ? { contentType: null, body: await formPhoto(request, maxBytes) }
        : {
            contentType: request.headers['content-type'] ?? null,
            body: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          };
      const answer = await searchByPhoto(photoSearchDepsOf(app), { clientAddress: request.ip }, image);
      void reply.header('cache-control', 'no-store');
      return form
        ? sendPage(reply, photoSearchResultsView(app.serviceBrand, answer.matches))
        : reply.send(answer);
    },
  );
}
