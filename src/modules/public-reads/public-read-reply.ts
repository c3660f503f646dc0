import type { FastifyReply, FastifyRequest } from 'fastify';
import { matchesIfNoneMatch } from '../../lib/immutable-responses.js';
import type { PublicRead } from './public-read-cache.js';

/**
 * Answers a public read with its ETag and Cache-Control, or 304 Not Modified when If-None-Match names the
 * ETag; a read the bypass hook refused to cache is answered `no-store` with no validator.
 */
export function sendPublicRead(
  request: FastifyRequest,
  reply: FastifyReply,
  read: PublicRead<string | Buffer>,
  type: string,
  cacheControl: string,
): FastifyReply {
  if (!read.cacheable) return reply.header('cache-control', 'no-store').type(type).send(read.value);
  void reply.header('cache-control', cacheControl).header('etag', read.etag);
  if (matchesIfNoneMatch(request.headers['if-none-match'], read.etag)) return reply.code(304).send();
  return reply.type(type).send(read.value);
}
