import type { FastifyInstance } from 'fastify';
import { memberSession } from '../shell/console-auth.js';
import { sendConsolePage, pageRoute } from '../shell/console-page.helpers.js';
import { consoleHomeFigures } from './console-home.service.js';
import { homePage } from './home-page.views.js';

/** /console: what the member's role reaches, then the account at a glance. */
export async function homePageRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;

  app.get('/', pageRoute('viewer'), async (request, reply) => {
    const figures = await consoleHomeFigures(db, memberSession(request).accountId);
    return sendConsolePage(request, reply, (frame) => homePage({ ...frame, figures }));
  });
}
