import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { Queryable } from '../../db/database.js';
import { AppError } from '../../errors/error-catalogue.js';
import { authenticateApiKey, requirePrincipal } from '../../plugins/auth.js';
import { commitChange } from '../../plugins/commit-change.js';
import { enforceRateLimit } from '../../plugins/rate-limit.js';
import type { Principal } from '../principal/principal.js';
import type { ImageDecoder, ProcessedMedia } from './media-processing.js';
import { prepareUpload, type DeclaredUpload } from './media.service.js';

/**
 * Reads an upload into one buffer, sized from Content-Length when the client sent it, so the file is held
 * once (chunks are copied in and dropped); over `maxBytes` it stops at once with 413.
 */
export function uploadParser(maxBytes: number) {
  return (
    request: FastifyRequest,
    payload: IncomingMessage,
    done: (error: Error | null, body?: unknown) => void,
  ): void => {
    const tooLarge = () => new AppError('payload_too_large', 'media_limit', { max: maxBytes });
    const declared = Number(request.headers['content-length']);
    if (declared > maxBytes) {
      done(tooLarge());
      return;
    }
    const sized = Number.isSafeInteger(declared) && declared >= 0 ? Buffer.allocUnsafe(declared) : undefined;
    const chunks: Buffer[] = [];
    let received = 0;
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > maxBytes || (sized && received > sized.length)) {
        stop();
        done(tooLarge());
        return;
      }
      if (sized) chunk.copy(sized, received - chunk.length);
      else chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      done(null, sized ? sized.subarray(0, received) : Buffer.concat(chunks, received));
    };
    const onError = (error: Error) => {
      stop();
      done(error);
    };
    function stop() {
      payload.removeListener('data', onData);
      payload.removeListener('end', onEnd);
      payload.removeListener('error', onError);
    }
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onError);
  };
}

/** The scope reads `types` as raw bytes, as uploadParser does, and refuses any other type (415). */
function readRawBytes(scope: FastifyInstance, types: readonly string[], maxBytes: number): void {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser([...types], uploadParser(maxBytes));
  scope.addContentTypeParser('*', (_request, _payload, done) =>
    done(new AppError('unsupported_media_type', 'media_types', { expected: types }), undefined),
  );
}

/** The bytes a raw-bytes scope read: none when the request had no body. */
export function uploadedBytes(request: FastifyRequest): Buffer {
  return Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
}

/** A keyed scope that reads `types` as raw bytes: the key, then its rate limit, before a byte of the body is read. */
export function keyedRawBytes(scope: FastifyInstance, types: readonly string[], maxBytes: number): void {
  readRawBytes(scope, types, maxBytes);
  scope.addHook('onRequest', authenticateApiKey);
  scope.addHook('onRequest', enforceRateLimit);
}

/**
 * An upload kept in one transaction: the bytes prepared before it (prepareUpload: the type from the bytes, pixels,
 * metadata stripped), then `store`; a retry with the same Idempotency-Key must carry the same bytes.
 */
export async function commitUpload<T>(
  request: FastifyRequest,
  decoder: ImageDecoder,
  store: (tx: Queryable, principal: Principal, media: ProcessedMedia) => Promise<T>,
): Promise<{ media: ProcessedMedia; record: T }> {
  const principal = requirePrincipal(request);
  const media = await prepareUpload(request.headers['content-type'], uploadedBytes(request), decoder);
  const record = await commitChange(request, 201, (tx) => store(tx, principal, media), {
    fingerprintBody: { sha256: media.sha256 },
  });
  return { media, record };
}

/** What an upload's headers declare, checked before its body is read. */
export function declaredUpload(request: FastifyRequest, maxBytes: number): DeclaredUpload {
  return {
    contentType: request.headers['content-type'],
    contentLength: request.headers['content-length'],
    maxBytes,
  };
}

/**
 * A POST under /files/v1 whose body is the file itself (an upload, a photograph to search by): in a scope of its
 * own that reads `types` as raw bytes up to AVS_MEDIA_MAX_BYTES, behind the key and its rate limit, with
 * `checkBeforeBody` run on the declared headers before a byte of the body is read.
 */
export async function registerKeyedUpload<Params>(
  parent: FastifyInstance,
  route: {
    url: string;
    types: readonly string[];
    checkBeforeBody: (request: FastifyRequest<{ Params: Params }>, declared: DeclaredUpload) => unknown;
    schema: FastifySchema;
    handler: (request: FastifyRequest<{ Params: Params }>, reply: FastifyReply) => unknown;
  },
): Promise<void> {
  await parent.register(async (scope) => {
    const maxBytes = scope.config.AVS_MEDIA_MAX_BYTES;
    keyedRawBytes(scope, route.types, maxBytes);
    scope.post<{ Params: Params }>(route.url, {
      bodyLimit: maxBytes,
      preParsing: async (request) => {
        await route.checkBeforeBody(request, declaredUpload(request, maxBytes));
      },
      schema: route.schema,
      handler: route.handler,
    });
  });
}
