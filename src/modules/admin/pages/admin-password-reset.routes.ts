import type { FastifyInstance } from 'fastify';
import { passwordResetPagesRoutes } from '../../password-resets/password-reset-pages.routes.js';
import {
  openAdminPasswordReset,
  requestAdminPasswordReset,
  resetAdminPassword,
} from '../auth/admin-password-reset.service.js';
import { loginCsrf } from './admin-login.routes.js';
import { adminPasswordResetPages } from './admin-password-reset.views.js';

/** The administrators' way back in (docs/admin.md): as the console's, for the admin_users table. */
export async function adminPasswordResetRoutes(app: FastifyInstance): Promise<void> {
  await passwordResetPagesRoutes(app, {
    csrf: loginCsrf,
    request: requestAdminPasswordReset,
    open: openAdminPasswordReset,
    reset: resetAdminPassword,
    pages: adminPasswordResetPages,
  });
}
