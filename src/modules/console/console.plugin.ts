import type { FastifyInstance } from 'fastify';
import { jsonErrorHandler } from '../../plugins/error-handler.js';
import { LoginThrottle } from '../web-pages/login-throttle.js';
import { setUpPageApp } from '../web-pages/page-app.js';
import { checkConsoleCsrf, declareConsoleRoute, enforceMemberRole } from './shell/console-auth.js';
import { assetActionsRoutes } from './assets/asset-actions.routes.js';
import { assetListPageRoutes } from './assets/asset-list-page.routes.js';
import { assetPageRoutes } from './assets/asset-page.routes.js';
import { importPageRoutes } from './imports/imports-page.routes.js';
import { newAssetPageRoutes } from './assets/new-asset-page.routes.js';
import { auditPageRoutes } from './members/audit-page.routes.js';
import { certificatePrintRoutes } from './print/certificate-print.routes.js';
import { consoleErrorPage } from './shell/console-layout.views.js';
import { rememberPageAddress } from './shell/page-address.js';
import { text } from './text/index.js';
import { consoleLoginRoutes } from './shell/console-login.routes.js';
import { forgotPasswordRoutes } from './shell/forgot-password.routes.js';
import { addPasswordRoutes } from './members/add-password.routes.js';
import { homePageRoutes } from './home/home-page.routes.js';
import { accountPageRoutes, accountView } from './members/account-page.routes.js';
import { provenAddressJsonRoutes, provenAddressRoutes } from './members/proven-address.routes.js';
import { emailSignInRoutes } from './shell/email-sign-in.routes.js';
import { profilePageRoutes } from './members/profile-page.routes.js';
import { consolePasskeyRoutes } from './shell/console-passkeys.routes.js';
import { developersPageRoutes } from './developers/developers-page.routes.js';
import { invitationRoutes } from './shell/invitation.routes.js';
import { keysPageRoutes } from './developers/keys-page.routes.js';
import { membersPageRoutes } from './members/members-page.routes.js';
import { transfersPageRoutes } from './transfers/transfers-page.routes.js';
import { handoversPageRoutes } from './handovers/handovers-page.routes.js';
import { watchlistPageRoutes } from './watchlist/watchlist-page.routes.js';
import { searchPageRoutes } from './search/search-page.routes.js';
import { webhooksPageRoutes } from './developers/webhooks-page.routes.js';
import { noticeSettingsRoutes } from './members/notice-settings.routes.js';
import { unsubscribeRoutes } from './members/unsubscribe.routes.js';
import { pageRoute } from './shell/console-page.helpers.js';

// The console shares the admin's stylesheet (one look, one file to keep accessible).
const STATIC_FILES = {
  'console.css': { file: 'admin/admin.css', type: 'text/css; charset=utf-8' },
  'console.js': { file: 'console/console.js', type: 'text/javascript; charset=utf-8' },
  'print.css': { file: 'console/print.css', type: 'text/css; charset=utf-8' },
};

/** The partner console at /console: members of an account sign in and act within it (docs/members.md). */
export async function consolePlugin(app: FastifyInstance): Promise<void> {
  // Its own counters: failures at the console and at /admin never add up.
  const throttle = new LoginThrottle({ ipv6PrefixBits: app.config.AVS_RATE_LIMIT_IPV6_PREFIX });

  await app.register(
    async (console) => {
      await setUpPageApp(console, '/console', {
        files: STATIC_FILES,
        declareRoute: declareConsoleRoute(app.server),
        enforceAccess: enforceMemberRole,
        session: (request) => request.memberSession,
        preHandler: rememberPageAddress,
        checkCsrf: checkConsoleCsrf,
        errorPage: consoleErrorPage,
        noSuchPage: () => text.shell.noSuchPage,
        staticRoute: pageRoute('none'),
      });
      await console.register(consoleLoginRoutes, { throttle });
      await console.register(invitationRoutes, { throttle });
      await console.register(emailSignInRoutes);
      await console.register(provenAddressRoutes, { throttle, accountPage: accountView });
      await console.register(forgotPasswordRoutes);
      await console.register(homePageRoutes);
      await console.register(accountPageRoutes);
      await console.register(addPasswordRoutes);
      await console.register(noticeSettingsRoutes);
      await console.register(unsubscribeRoutes);
      await console.register(profilePageRoutes);
      await console.register(membersPageRoutes);
      await console.register(keysPageRoutes);
      await console.register(auditPageRoutes);
      await console.register(certificatePrintRoutes);
      await console.register(transfersPageRoutes);
      await console.register(handoversPageRoutes);
      await console.register(watchlistPageRoutes);
      await console.register(searchPageRoutes);
      await console.register(assetListPageRoutes);
      await console.register(newAssetPageRoutes);
      await console.register(importPageRoutes);
      await console.register(assetPageRoutes);
      await console.register(assetActionsRoutes);
      await console.register(developersPageRoutes);
      await console.register(webhooksPageRoutes);
      await console.register(async (json) => {
        // The passkey ceremonies are fetched by console.js: their refusals are the JSON error body, not a page.
        json.setErrorHandler(jsonErrorHandler);
        await json.register(consolePasskeyRoutes, { throttle });
        await json.register(provenAddressJsonRoutes, { throttle });
      });
    },
    { prefix: '/console' },
  );
}
