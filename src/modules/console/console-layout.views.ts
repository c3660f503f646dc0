import { html, type SafeHtml } from '../../lib/html.js';
import type { Membership } from '../members/members.service.js';
import type { MemberSession } from '../members/member-sessions.service.js';
import { flashMessage, pageDocument, type Flash } from '../web-pages/page-document.views.js';
import { CSRF_FIELD } from '../web-pages/web-sessions.js';
import { text } from './text/index.js';

export type ConsoleSection =
  'home' | 'assets' | 'transfers' | 'watchlist' | 'developers' | 'members' | 'keys' | 'audit' | 'account';

function document(title: string, body: SafeHtml, csrfToken?: string): SafeHtml {
  return pageDocument({
    title,
    app: 'AVS console',
    stylesheet: '/console/static/console.css',
    // The passkey buttons: @simplewebauthn/browser, then the console's own script that drives it.
    script: ['/console/static/simplewebauthn-browser.js', '/console/static/console.js'],
    body,
    csrfToken,
  });
}

export function csrfInput(session: MemberSession): SafeHtml {
  return html`<input type="hidden" name="${CSRF_FIELD}" value="${session.csrfToken}" />`;
}

function nav(session: MemberSession, section: ConsoleSection | undefined): SafeHtml {
  const items: { section: ConsoleSection; href: string; label: string }[] = [
    { section: 'home', href: '/console', label: text.nav.home },
    { section: 'assets', href: '/console/assets', label: text.nav.assets },
    { section: 'transfers', href: '/console/transfers', label: text.nav.transfers },
    { section: 'watchlist', href: '/console/watchlist', label: text.nav.watchlist },
    { section: 'developers', href: '/console/developers', label: text.nav.developers },
    ...(session.role === 'owner'
      ? [
          { section: 'members' as const, href: '/console/members', label: text.nav.members },
          { section: 'keys' as const, href: '/console/keys', label: text.nav.keys },
          { section: 'audit' as const, href: '/console/audit', label: text.nav.audit },
        ]
      : []),
    { section: 'account', href: '/console/account', label: text.nav.account },
  ];
  return html`<nav aria-label="Main">
    <ul>
      ${items.map(
        (item) =>
          html`<li>
            <a href="${item.href}" ${item.section === section ? html` aria-current="page"` : ''}
              >${item.label}</a
            >
          </li>`,
      )}
    </ul>
  </nav>`;
}

/** The account switcher: shown only to a person with more than one active membership. */
function switcher(session: MemberSession, memberships: readonly Membership[]): SafeHtml {
  if (memberships.length < 2) return html``;
  return html`<form class="switcher" method="post" action="/console/switch">
    ${csrfInput(session)}
    <label for="switch-account">Account</label>
    <select id="switch-account" name="account_id">
      ${memberships.map(
        (membership) =>
          html`<option
            value="${membership.account_id}"
            ${membership.account_id === session.accountId ? html` selected` : ''}
          >
            ${membership.account_name} (${membership.role})
          </option>`,
      )}
    </select>
    <button type="submit" class="button-secondary">Switch</button>
  </form>`;
}

/** A page of the signed-in console: the account, navigation by role, the switcher and sign-out, then the content. */
export function consolePage(options: {
  title: string;
  section?: ConsoleSection;
  session: MemberSession;
  memberships: readonly Membership[];
  content: SafeHtml;
  flash?: Flash;
}): SafeHtml {
  const { session } = options;
  return document(
    options.title,
    html`<header class="site-header">
        <p class="brand"><a href="/console">${session.accountName}</a></p>
        ${nav(session, options.section)} ${switcher(session, options.memberships)}
        <form class="logout" method="post" action="/console/logout">
          ${csrfInput(session)}
          <span class="who">${session.email} · ${session.role}</span>
          <button type="submit" class="button-secondary">Sign out</button>
        </form>
      </header>
      <main id="main" tabindex="-1">
        <h1>${options.title}</h1>
        ${flashMessage(options.flash)} ${options.content}
      </main>`,
    session.csrfToken,
  );
}

/** A page outside a session (sign-in, invitations, errors before sign-in). */
export function consolePublicPage(title: string, content: SafeHtml): SafeHtml {
  return document(
    title,
    html`<header class="site-header"><p class="brand">Asset Verification Service</p></header>
      <main id="main" tabindex="-1" class="narrow">
        <h1>${title}</h1>
        ${content}
      </main>`,
  );
}

/** An error as a plain page: what happened, and the way back. */
export function consoleErrorPage(status: number, message: string, signedIn: boolean): SafeHtml {
  const title =
    status === 403
      ? 'Not allowed'
      : status === 404
        ? 'Not found'
        : status === 410
          ? 'Link no longer valid'
          : status >= 500
            ? 'Error'
            : 'Request refused';
  return consolePublicPage(
    title,
    html`<div class="flash flash-error" role="alert"><p>${message}</p></div>
      <p>
        <a href="${signedIn ? '/console' : '/console/login'}"
          >${signedIn ? 'Back to the console' : 'Sign in'}</a
        >
      </p>`,
  );
}
