import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { makeVerificationMonths } from '../verification/verification-partitions.service.js';
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

// The same periodic pass makes the verification records' coming months (migration 481), once an hour: a month is
// made three ahead, so an instance down for weeks still finds its month made.
const PARTITION_MAINTENANCE_MS = 60 * 60_000;

export const historyRecheckPlugin = fp(
  async (app: FastifyInstance) => {
    let timer: NodeJS.Timeout | undefined;
    let current: Promise<RecheckReport | null> | undefined;
    let partitioning: Promise<unknown> | undefined;
    let partitionsDueAt = 0;
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
      if (partitioning || Date.now() < partitionsDueAt) return;
      partitionsDueAt = Date.now() + PARTITION_MAINTENANCE_MS;
      partitioning = makeVerificationMonths(app.db)
        .then(
          (made) => {
            if (made > 0) app.log.info({ made }, 'made the coming months of the verification records');
          },
          (error: unknown) => app.log.warn({ err: error }, "making the verification records' months failed"),
        )
        .finally(() => {
          partitioning = undefined;
        });
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
      await partitioning;
    });
  },
  { name: 'history-recheck' },
);
