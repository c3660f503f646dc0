import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { recheckHistories, sampleOlderEvents, type RecheckReport } from './history-recheck.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The long histories' checks (docs/api.md, "Verification"): `runOnce` re-checks what moved (every
     * AVS_HISTORY_RECHECK_MS in the background; null when another instance was at it), `sample` draws where a
     * verification re-hashes older events too (tests make it deterministic).
     */
    historyChecks: { runOnce(): Promise<RecheckReport | null>; sample: () => readonly number[] };
  }
}

export const historyRecheckPlugin = fp(
  async (app: FastifyInstance) => {
    let timer: NodeJS.Timeout | undefined;
    let current: Promise<RecheckReport | null> | undefined;
    const runOnce = (): Promise<RecheckReport | null> => {
      current ??= recheckHistories(app.db).finally(() => {
        current = undefined;
      });
      return current;
    };
    const pass = () => {
      runOnce().then(
        (report) => {
          for (const broken of report?.broken ?? [])
            app.log.warn(broken, 'history re-check: the history is broken');
        },
        (error: unknown) => app.log.warn({ err: error }, 'history re-check failed'),
      );
    };
    app.decorate('historyChecks', { runOnce, sample: sampleOlderEvents });
    // The first pass one period after start: what moved meanwhile is verified from its last check, or in full.
    app.addHook('onReady', async () => {
      timer = setInterval(pass, app.config.AVS_HISTORY_RECHECK_MS);
      timer.unref();
    });
    // preClose: the pass in flight ends before the database closes.
    app.addHook('preClose', async () => {
      clearInterval(timer);
      await current?.catch(() => undefined);
    });
  },
  { name: 'history-recheck' },
);
