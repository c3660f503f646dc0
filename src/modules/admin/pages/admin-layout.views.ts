import type { AdminSession } from '../auth/admin-sessions.service.js';
import { html, type SafeHtml } from '../../../lib/html.js';
import {
  outsidePage,
  signedInPage,
  type NavItem,
  type PageContent,
} from '../../web-pages/page-frame.views.js';

export type NavSection = 'dashboard' | 'api-keys' | 'accounts' | 'certificates';

const NAV: NavItem<NavSection>[] = [
  { section: 'dashboard', href: '/admin', label: 'Dashboard' },
  { section: 'api-keys', href: '/admin/api-keys', label: 'API keys' },
  { section: 'accounts', href: '/admin/accounts', label: 'Accounts' },
  { section: 'certificates', href: '/admin/certificates', label: 'Certificates' },
];

const CHROME = { app: 'AVS admin', stylesheet: '/admin/static/admin.css', script: '/admin/static/admin.js' };

export { csrfInput } from '../../web-pages/page-frame.views.js';

/** A page of the signed-in application: header with navigation and log-out, then the content. */
export function adminPage(options: PageContent<NavSection> & { session: AdminSession }): SafeHtml {
  const { session } = options;
  return signedInPage(CHROME, {
    ...options,
    brand: html`<a href="/admin">Asset Verification Service</a>`,
    nav: NAV,
    signOut: { action: '/admin/logout', who: session.email, label: 'Log out' },
    csrfToken: session.csrfToken,
  });
}

/** A page outside the session (log-in, errors before log-in). */
export function publicPage(title: string, content: SafeHtml): SafeHtml {
  return outsidePage(CHROME, title, content);
}

export function errorPage(status: number, message: string, session?: AdminSession): SafeHtml {
  const title =
    status === 403 ? 'Refused' : status === 404 ? 'Not found' : status >= 500 ? 'Error' : 'Request refused';
  const content = html`<div class="flash flash-error" role="alert"><p>${message}</p></div>
    <p>
      <a href="${session ? '/admin' : '/admin/login'}">Back to ${session ? 'the dashboard' : 'log in'}</a>
    </p>`;
  return session ? adminPage({ title, section: 'dashboard', session, content }) : publicPage(title, content);
}
