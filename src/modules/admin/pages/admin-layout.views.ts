import type { AdminSession } from '../auth/admin-sessions.service.js';
import { html, type SafeHtml } from '../../../lib/html.js';
import {
  languageLinks,
  outsidePage,
  signedInPage,
  type NavItem,
  type PageContent,
} from '../../web-pages/page-frame.views.js';
import { filterForm } from '../../web-pages/form-parts.views.js';
import { adminText } from '../text/index.js';

export type NavSection = 'dashboard' | 'api-keys' | 'accounts' | 'certificates' | 'corrections' | 'mail';

function navItems(): NavItem<NavSection>[] {
  const nav = adminText.layout.nav;
  return [
    { section: 'dashboard', href: '/admin', label: nav.dashboard },
    { section: 'api-keys', href: '/admin/api-keys', label: nav.apiKeys },
    { section: 'accounts', href: '/admin/accounts', label: nav.accounts },
    { section: 'certificates', href: '/admin/certificates', label: nav.certificates },
    { section: 'corrections', href: '/admin/corrections', label: nav.corrections },
    { section: 'mail', href: '/admin/mail', label: nav.mail },
  ];
}

// The page's name in its language: read when a page is drawn, never once for all requests.
const chrome = () => ({
  app: adminText.layout.app,
  stylesheet: '/admin/static/admin.css',
  script: '/admin/static/admin.js',
});

export { csrfInput } from '../../web-pages/page-frame.views.js';

/** A page of the signed-in application: header with navigation and log-out, then the content. */
export function adminPage(options: PageContent<NavSection> & { session: AdminSession }): SafeHtml {
  const { session } = options;
  return signedInPage(chrome(), {
    ...options,
    brand: html`<a href="/admin">Asset Verification Service</a>`,
    nav: navItems(),
    signOut: { action: '/admin/logout', who: session.email, label: adminText.layout.logOut },
    csrfToken: session.csrfToken,
    footer: languageLinks(),
  });
}

/**
 * A list page of the navigation: its filters over the list, a GET of the page's own address (its link in the
 * navigation) with the chosen filters.
 */
export function adminListPage(
  options: PageContent<NavSection> & { session: AdminSession; section: NavSection },
  filters: { label: string; fields: readonly SafeHtml[]; submit: string },
): SafeHtml {
  const action = navItems().find((item) => item.section === options.section)!.href;
  return adminPage({ ...options, content: html`${filterForm({ action, ...filters })} ${options.content}` });
}

/** A page outside the session (log-in, errors before log-in). */
export function publicPage(title: string, content: SafeHtml): SafeHtml {
  return outsidePage(chrome(), title, content, 'Asset Verification Service');
}

function errorTitle(status: number): string {
  const titles = adminText.layout.errorTitles;
  if (status === 403) return titles.refused;
  if (status === 404) return titles.notFound;
  return status >= 500 ? titles.error : titles.requestRefused;
}

export function errorPage(status: number, message: string, session?: AdminSession): SafeHtml {
  const title = errorTitle(status);
  const content = html`<div class="flash flash-error" role="alert"><p>${message}</p></div>
    <p>
      <a href="${session ? '/admin' : '/admin/login'}"
        >${session ? adminText.layout.backToDashboard : adminText.layout.backToLogIn}</a
      >
    </p>`;
  return session ? adminPage({ title, section: 'dashboard', session, content }) : publicPage(title, content);
}
