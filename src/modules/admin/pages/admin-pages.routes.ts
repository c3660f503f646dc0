import type { FastifyInstance } from 'fastify';
import { checkFormCsrf, requirePageSession } from '../auth/admin-auth.js';
import { accountPageRoutes } from './accounts.routes.js';
import { apiKeyPageRoutes } from './api-keys.routes.js';
import { assetPageRoutes } from './asset.routes.js';
import { certificatePageRoutes } from './certificates.routes.js';
import { correctionPageRoutes } from './corrections.routes.js';
import { dashboardPageRoutes } from './dashboard.routes.js';
import { mailPageRoutes } from './mail.routes.js';

/** The signed-in pages, each page's routes beside its views: no session, back to the log-in page. */
export async function adminPageRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', requirePageSession);
  app.addHook('preValidation', checkFormCsrf);
  await app.register(dashboardPageRoutes);
  await app.register(apiKeyPageRoutes);
  await app.register(accountPageRoutes);
  await app.register(certificatePageRoutes);
  await app.register(correctionPageRoutes);
  await app.register(assetPageRoutes);
  await app.register(mailPageRoutes);
}
