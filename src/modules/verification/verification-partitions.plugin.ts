import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { makeVerificationMonths } from './verification-partitions.service.js';

// Once an hour, the first an hour after start (the migration made the months up to three ahead): a month is made
// three ahead, so an instance down for weeks still finds it made.
const MONTHS_CHECK_MS = 60 * 60_000;

/**
 * The verification records' coming months (migration 481, docs/scaling.md "Partitions"): pg_partman's maintenance
 * where it manages them, the service's own months otherwise. Every instance runs it; the database lets one make a month.
 */
export const verificationPartitionsPlugin = fp(
  async (app: FastifyInstance) => {
    let timer: NodeJS.Timeout | undefined;
    let inFlight: Promise<void> | undefined;
    const makeMonths = () => {
      inFlight ??= makeVerificationMonths(app.db)
        .then(
          (made) => {
            if (made > 0) app.log.info({ made }, 'made the coming months of the verification records');
          },
          (error: unknown) => app.log.warn({ err: error }, "making the verification records' months failed"),
        )
        .finally(() => {
          inFlight = undefined;
        });
    };
    app.addHook('onReady', async () => {
      timer = setInterval(makeMonths, MONTHS_CHECK_MS);
      timer.unref();
    });
    // preClose: the step in flight ends before the database closes.
    app.addHook('preClose', async () => {
      clearInterval(timer);
      await inFlight;
    });
  },
  { name: 'verification-partitions' },
);
