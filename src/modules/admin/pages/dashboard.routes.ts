import type { FastifyInstance } from 'fastify';
import { listAccounts } from '../../accounts/accounts.service.js';
import { certificateCounts } from '../../certificates/certificate-moves.service.js';
import { listApiKeys } from '../../keys/keys.service.js';
import { session } from './admin-page.helpers.js';
import { sendPage } from '../../web-pages/page-document.views.js';
import { dashboardPage } from './dashboard.views.js';

/** /admin: certificates awaiting review, accounts, active keys, certificates by planet and status. */
export async function dashboardPageRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;

  app.get('/', { schema: { hide: true } }, async (request, reply) => {
    const [accounts, activeKeys, counts] = await Promise.all([
      listAccounts(db),
      listApiKeys(db, { status: 'active' }),
      certificateCounts(db),
    ]);
    return sendPage(
      reply,
      dashboardPage({
        session: session(request),
        accountCount: accounts.length,
        activeKeyCount: activeKeys.length,
        certificateCounts: counts,
      }),
    );
  });
}
