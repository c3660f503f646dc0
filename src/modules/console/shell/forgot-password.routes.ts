import type { FastifyInstance } from 'fastify';
import {
  openPasswordReset,
  requestPasswordReset,
  resetPassword,
} from '../../members/password-reset.service.js';
import { passwordResetPagesRoutes } from '../../password-resets/password-reset-pages.routes.js';
import { consoleSignInCsrf } from './console-auth.js';
import { consolePasswordResetPages, passkeyOnlyPage } from './forgot-password.views.js';

/**
 * The way back in (docs/members.md): "Forgot your password?" mails a one-time link to the address, the link's page
 * sets a new password; a person who signs in with passkeys only is sent to sign in with one (and may then add a
 * password on the account page).
 */
export async function forgotPasswordRoutes(app: FastifyInstance): Promise<void> {
  await passwordResetPagesRoutes(app, {
    csrf: consoleSignInCsrf,
    config: { memberRole: 'none' },
    request: requestPasswordReset,
    open: openPasswordReset,
    reset: resetPassword,
    pages: {
      ...consolePasswordResetPages(app.serviceBrand),
      passkeyOnly: () => passkeyOnlyPage({ service: app.serviceBrand }),
    },
  });
}
