import { parseArgs } from 'node:util';
import pino from 'pino';
import { migrate } from '../../db/migrate.js';
import { openDatabase } from '../../db/open-database.js';
import { INSECURE_TARGETS_WARNING } from '../../modules/webhooks/delivery.plugin.js';
import { DeliveryWorker } from '../../modules/webhooks/delivery.worker.js';
import type { CliCommand } from '../cli-command.js';

/** `avs worker`: the delivery worker alone, for running delivery apart from (or beside) the API instances. */
export const workerCommand: CliCommand = {
  usage: '[--concurrency N]',
  summary: 'Deliver webhooks (needs AVS_WEBHOOK_DELIVERY=on) until SIGTERM',
  database: 'own-connection',
  async run(args, { config }) {
    let concurrencyArg: string | undefined;
    try {
      concurrencyArg = parseArgs({ args, options: { concurrency: { type: 'string' } }, strict: true }).values
        .concurrency;
    } catch (error) {
      process.stderr.write(`avs: ${(error as Error).message}\n`);
      return 2;
    }
    const concurrency = concurrencyArg === undefined ? 8 : Number(concurrencyArg);
    if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 256) {
      process.stderr.write('avs: --concurrency must be an integer from 1 to 256.\n');
      return 2;
    }
    if (!config.AVS_WEBHOOK_DELIVERY) {
      process.stderr.write(
        'avs: AVS_WEBHOOK_DELIVERY is off; set AVS_WEBHOOK_DELIVERY=on to deliver webhooks.\n',
      );
      return 1;
    }
    const log = pino({ level: config.LOG_LEVEL, base: { component: 'webhook-worker' } });
    if (config.AVS_WEBHOOK_ALLOW_INSECURE_TARGETS) log.warn(INSECURE_TARGETS_WARNING);
    const db = await openDatabase(config);
    await migrate(db);
    const worker = new DeliveryWorker({ db, config, log, concurrency });
    worker.start();
    log.info({ concurrency, database: db.kind }, 'webhook worker started');
    const shutdown = async (signal: string) => {
      log.info({ signal }, 'webhook worker stopping');
      await worker.stop();
      await db.close();
      process.exit(0);
    };
    process.once('SIGTERM', () => void shutdown('SIGTERM'));
    process.once('SIGINT', () => void shutdown('SIGINT'));
    return -1;
  },
};
