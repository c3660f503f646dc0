import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../errors/error-catalogue.js';
import { etagOf, ImmutableResponses, matchesIfNoneMatch } from '../../lib/immutable-responses.js';
import { sendPublicRead } from '../public-reads/public-read-reply.js';
import { enforcePublicRateLimit } from '../../plugins/rate-limit.js';
import { ensureSigningKey, SigningKeyring } from '../signing/signing-keys.service.js';
import { parseTilePath } from './tile-paths.js';
import { TlogIntegrator } from './tlog-integrator.js';
import { latestCheckpoint, logOrigin, logVerifierKey, readTile } from './tlog.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The transparency log integrator of this instance; null while AVS_TLOG is off. */
    tlogIntegrator: TlogIntegrator | null;
  }
}

// The checkpoint moves every interval: C2SP asks that it not be cached beyond a few seconds.
const CHECKPOINT_CACHE_CONTROL = 'public, max-age=2';
// A tile of a given width never changes once it exists (a partial tile of width W included).
const TILE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
const KEY_CACHE_CONTROL = 'public, max-age=60';

function sendText(reply: FastifyReply, text: string, cacheControl: string) {
  return reply.header('cache-control', cacheControl).type('text/plain; charset=utf-8').send(text);
}

/**
 * The transparency log (DESIGN.md section 11): its integrator, started with the app when AVS_TLOG is on,
 * and its public C2SP surfaces under /tlog (no key, rate limited per client address).
 */
export const tlogPlugin = fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    const origin = logOrigin(config);
    const keyring = new SigningKeyring(config.AVS_MASTER_KEY);
    await ensureSigningKey(app.db, 'log', config.AVS_MASTER_KEY);

    const integrator = config.AVS_TLOG
      ? new TlogIntegrator({
          db: app.db,
          keyring,
          origin,
          intervalMs: config.AVS_TLOG_INTERVAL_MS,
          log: app.log,
        })
      : null;
    app.decorate('tlogIntegrator', integrator);
    if (integrator) {
      app.addHook('onReady', async () => integrator.start());
      // preClose runs before any onClose hook, so a run in progress ends before the database closes.
      app.addHook('preClose', async () => integrator.stop());
    }

    // A tile never changes once it exists: served from memory after its first read.
    const tiles = new ImmutableResponses();
    await app.register(async (pub) => {
      pub.addHook('onRequest', enforcePublicRateLimit);
      pub.addHook('onRequest', async (_request, reply) => {
        void reply.headers({
          'access-control-allow-origin': '*',
          'cross-origin-resource-policy': 'cross-origin',
        });
      });
      const hide = true;
      // From memory while the checkpoint is unchanged (a new one bumps tlog_checkpoint, on every instance).
      pub.get('/tlog/checkpoint', { schema: { hide } }, async (request, reply) => {
        const read = await app.publicReads.read(
          'tlog/checkpoint',
          ['tlog_checkpoint'],
          async () => {
            const checkpoint = await latestCheckpoint(app.db);
            if (checkpoint === undefined) throw new AppError('tlog_resource_not_found');
            return checkpoint;
          },
          etagOf,
        );
        return sendPublicRead(request, reply, read, 'text/plain; charset=utf-8', CHECKPOINT_CACHE_CONTROL);
      });
      pub.get('/tlog/vkey', { schema: { hide } }, async (_request, reply) =>
        sendText(reply, `${await logVerifierKey(app.db, keyring, origin)}\n`, KEY_CACHE_CONTROL),
      );
      pub.get<{ Params: { '*': string } }>('/tlog/tile/*', { schema: { hide } }, async (request, reply) => {
        const path = request.params['*'];
        let cached = tiles.get(path);
        if (!cached) {
          const tile = parseTilePath(path);
          const bytes = tile && (await readTile(app.db, tile));
          if (!bytes) throw new AppError('tlog_resource_not_found');
          cached = tiles.put(path, bytes);
        }
        void reply.header('cache-control', TILE_CACHE_CONTROL).header('etag', cached.etag);
        if (matchesIfNoneMatch(request.headers['if-none-match'], cached.etag)) return reply.code(304).send();
        return reply.type('application/octet-stream').send(cached.body);
      });
    });
  },
  { name: 'tlog' },
);
