import { publicPage } from './admin-layout.views.js';
import type { Flash } from '../../web-pages/page-document.views.js';
import { signInForm } from '../../web-pages/sign-in-form.js';
import type { SafeHtml } from '../../../lib/html.js';

export function loginPage(options: { csrfToken: string; email?: string; flash?: Flash }): SafeHtml {
  return publicPage('Log in', signInForm({ action: '/admin/login', button: 'Log in', ...options }));
}
