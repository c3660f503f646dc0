import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { enforcePublicRateLimit } from '../../plugins/rate-limit.js';
import { sendPublicRead } from '../public-reads/public-read-reply.js';
import type { SigningKeyring } from '../signing/signing-keys.service.js';
import { TilePathParams } from './tlog.schemas.js';
import { logVerifierKey, PublicTiles, readCheckpoint } from './tlog.service.js';

// The checkpoint moves every interval: C2SP asks that it not be cached beyond a few seconds.
const CHECKPOINT_CACHE_CONTROL = 'public, max-age=2';
// A tile of a given width never changes once it exists (a partial tile of width W included).
const TILE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
const KEY_CACHE_CONTROL = 'public, max-age=60';

const TEXT = 'text/plain; charset=utf-8';

function sendText(reply: FastifyReply, text: string, cacheControl: string) {
  return reply.header('cache-control', cacheControl).type(TEXT).send(text);
}

export interface TlogRoutesOptions {
  keyring: SigningKeyring;
  /** The log's origin line, as its checkpoints name it. */
  origin: string;
}

/**
 * The public C2SP surfaces of the transparency log under /tlog (no key, rate limited per client address).
 * Not API: hidden from the API document.
 */
export async function tlogRoutes(
  parent: FastifyInstance,
  { keyring, origin }: TlogRoutesOptions,
): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const tiles = new PublicTiles(app.db);
  app.addHook('onRequest', enforcePublicRateLimit);
  app.addHook('onRequest', async (_request, reply) => {
    void reply.headers({
      'access-control-allow-origin': '*',
      'cross-origin-resource-policy': 'cross-origin',
    });
  });
  const hide = true;

  app.get('/tlog/checkpoint', { schema: { hide } }, async (request, reply) => {
    const read = await readCheckpoint(app.publicReads, app.db);
    return sendPublicRead(request, reply, read, TEXT, CHECKPOINT_CACHE_CONTROL);
  });

  app.get('/tlog/vkey', { schema: { hide } }, async (_request, reply) =>
    sendText(reply, `${await logVerifierKey(app.db, keyring, origin)}\n`, KEY_CACHE_CONTROL),
  );

  app.get('/tlog/tile/*', { schema: { hide, params: TilePathParams } }, async (request, reply) => {
    const read = await tiles.read(request.params['*']);
    return sendPublicRead(request, reply, read, 'application/octet-stream', TILE_CACHE_CONTROL);
  });
}
