import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DeliveryWorker } from './delivery.worker.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The in-process webhook delivery worker; null while AVS_WEBHOOK_DELIVERY is off. */
    webhookWorker: DeliveryWorker | null;
  }
}

export const INSECURE_TARGETS_WARNING =
  'AVS_WEBHOOK_ALLOW_INSECURE_TARGETS is on: webhooks may target http and private-network addresses. ' +
  'Use this for local development and tests only.';

/** Starts the delivery worker with the app when AVS_WEBHOOK_DELIVERY is on, and stops it before the pool closes. */
export const webhookDeliveryPlugin = fp(
  async (app: FastifyInstance) => {
    if (app.config.AVS_WEBHOOK_ALLOW_INSECURE_TARGETS) app.log.warn(INSECURE_TARGETS_WARNING);
    const worker = app.config.AVS_WEBHOOK_DELIVERY
      ? new DeliveryWorker({ db: app.db, config: app.config, log: app.log })
      : null;
    app.decorate('webhookWorker', worker);
    if (!worker) return;
    app.addHook('onReady', async () => worker.start());
    // preClose runs before any onClose hook, so the worker is done before the database closes.
    app.addHook('preClose', async () => worker.stop());
  },
  { name: 'webhook-delivery' },
);
