import type { FastifyInstance } from 'fastify';
import { alertRoutes } from './alerts/alerts.routes.js';
import { assetListRoutes } from './assets/asset-list.routes.js';
import { assetsRoutes } from './assets/assets.routes.js';
import { auditRoutes } from './audit/audit.routes.js';
import { certificatesRoutes } from './certificates/certificates.routes.js';
import { correctionRoutes } from './corrections/corrections.routes.js';
import { eventFeedRoutes } from './event-feed/event-feed.routes.js';
import { historyRoutes } from './history/history.routes.js';
import { holderRoutes } from './holders/holders.routes.js';
import { importRoutes } from './inventory/imports.routes.js';
import { mediaRoutes } from './media/media.routes.js';
import { tagRoutes } from './tags/tags.routes.js';
import { tlogProofRoutes } from './tlog/tlog-proof.routes.js';
import { transferRoutes } from './transfers/transfers.routes.js';
import { verificationRoutes } from './verification/verification.routes.js';
import { deliveryRoutes } from './webhooks/deliveries.routes.js';
import { webhookRoutes } from './webhooks/webhooks.routes.js';
import { watchlistRoutes } from './watchlist/watchlist.routes.js';

/** Every /api/v1 route module; each runs behind API-key authentication. */
export async function v1Routes(v1: FastifyInstance): Promise<void> {
  await v1.register(assetsRoutes);
  await v1.register(assetListRoutes);
  await v1.register(historyRoutes);
  await v1.register(mediaRoutes);
  await v1.register(tlogProofRoutes);
  await v1.register(certificatesRoutes);
  await v1.register(transferRoutes);
  await v1.register(holderRoutes);
  await v1.register(verificationRoutes);
  await v1.register(webhookRoutes);
  await v1.register(deliveryRoutes);
  await v1.register(eventFeedRoutes);
  await v1.register(alertRoutes);
  await v1.register(tagRoutes);
  await v1.register(watchlistRoutes);
  await v1.register(auditRoutes);
  await v1.register(importRoutes);
  await v1.register(correctionRoutes);
}
