import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../errors/error-catalogue.js';

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
export function readRawBytes(scope: FastifyInstance, types: readonly string[], maxBytes: number): void {
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
