import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { pruneExpiredEvents } from './event-feed.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Removes dispatched events past AVS_EVENT_RETENTION_DAYS; runs every PRUNE_INTERVAL_MS, delivery on or off. */
    eventPruner: { runOnce(): Promise<number> };
  }
}

const PRUNE_INTERVAL_MS = 10 * 60_000;
// Small batches keep each DELETE short: it never holds many row locks or a long transaction.
const PRUNE_BATCH = 500;

export const eventPruningPlugin = fp(
  async (app: FastifyInstance) => {
    let running = false;
    let current: Promise<number> | undefined;
    let timer: NodeJS.Timeout | undefined;
    const runOnce = async (): Promise<number> => {
      current ??= pruneExpiredEvents(app.db, {
        retentionDays: app.config.AVS_EVENT_RETENTION_DAYS,
        batchSize: PRUNE_BATCH,
        shouldContinue: () => running,
      }).finally(() => {
        current = undefined;
      });
      return current;
    };
    const pass = () => {
      runOnce().then(
        (removed) => {
          if (removed > 0) app.log.info({ removed }, 'pruned events past retention');
        },
        (error: unknown) => app.log.warn({ err: error }, 'event pruning failed'),
      );
    };
    app.decorate('eventPruner', { runOnce });
    app.addHook('onReady', async () => {
      running = true;
      timer = setInterval(pass, PRUNE_INTERVAL_MS);
      timer.unref();
      pass();
    });
    // preClose: the pass in flight ends before the database closes.
    app.addHook('preClose', async () => {
      running = false;
      clearInterval(timer);
      await current?.catch(() => undefined);
    });
  },
  { name: 'event-pruning' },
);
