import { CSRF_FIELD } from '../../web-pages/web-sessions.js';
import type { AdminSession } from '../auth/admin-sessions.service.js';
import { html, type SafeHtml } from '../../../lib/html.js';
import { flashMessage, pageDocument, type Flash } from '../../web-pages/page-document.views.js';

export type NavSection = 'dashboard' | 'api-keys' | 'accounts' | 'certificates';

const NAV: { section: NavSection; href: string; label: string }[] = [
  { section: 'dashboard', href: '/admin', label: 'Dashboard' },
  { section: 'api-keys', href: '/admin/api-keys', label: 'API keys' },
  { section: 'accounts', href: '/admin/accounts', label: 'Accounts' },
  { section: 'certificates', href: '/admin/certificates', label: 'Certificates' },
];

function document(title: string, body: SafeHtml, csrfToken?: string): SafeHtml {
  return pageDocument({
    title,
    app: 'AVS admin',
    stylesheet: '/admin/static/admin.css',
    script: '/admin/static/admin.js',
    body,
    csrfToken,
  });
}

export function csrfInput(session: AdminSession): SafeHtml {
  return html`<input type="hidden" name="${CSRF_FIELD}" value="${session.csrfToken}" />`;
}

/** A page of the signed-in application: header with navigation and log-out, then the content. */
export function adminPage(options: {
  title: string;
  section: NavSection;
  session: AdminSession;
  content: SafeHtml;
  flash?: Flash;
}): SafeHtml {
  const { session } = options;
  return document(
    options.title,
    html`<header class="site-header">
        <p class="brand"><a href="/admin">Asset Verification Service</a></p>
        <nav aria-label="Main">
          <ul>
            ${NAV.map(
              (item) =>
                html`<li>
                  <a href="${item.href}" ${item.section === options.section ? html` aria-current="page"` : ''}
                    >${item.label}</a
                  >
                </li>`,
            )}
          </ul>
        </nav>
        <form class="logout" method="post" action="/admin/logout">
          ${csrfInput(session)}
          <span class="who">${session.email}</span>
          <button type="submit" class="button-secondary">Log out</button>
        </form>
      </header>
      <main id="main" tabindex="-1">
        <h1>${options.title}</h1>
        ${flashMessage(options.flash)} ${options.content}
      </main>`,
    session.csrfToken,
  );
}

/** A page outside the session (log-in, errors before log-in). */
export function publicPage(title: string, content: SafeHtml): SafeHtml {
  return document(
    title,
    html`<header class="site-header"><p class="brand">Asset Verification Service</p></header>
      <main id="main" tabindex="-1" class="narrow">
        <h1>${title}</h1>
        ${content}
      </main>`,
  );
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
