import { html, type SafeHtml } from '../../../lib/html.js';
import type { Membership } from '../../members/members.service.js';
import type { MemberSession } from '../../members/member-sessions.service.js';
import type { Flash } from '../../web-pages/page-document.views.js';
import {
  csrfInput,
  outsidePage,
  signedInPage,
  type NavItem,
  type PageContent,
} from '../../web-pages/page-frame.views.js';
import { brandMark, type ServiceBrand } from '../../../lib/service-brand.js';
import { text } from '../text/index.js';
import { errorTitleOf } from '../../web-pages/error-title.js';
import { roleName } from '../../web-pages/people.views.js';
import { languageSwitcher } from './language-choice.views.js';

export type ConsoleSection =
  | 'home'
  | 'assets'
  | 'transfers'
  | 'watchlist'
  | 'search'
  | 'developers'
  | 'members'
  | 'keys'
  | 'audit'
  | 'profile'
  | 'account';

const CHROME = {
  stylesheet: '/console/static/console.css',
  // The passkey buttons: @simplewebauthn/browser, then the console's own script that drives it.
  script: ['/console/static/simplewebauthn-browser.js', '/console/static/console.js'],
};

export { csrfInput };

function navItems(session: MemberSession): NavItem<ConsoleSection>[] {
  return [
    { section: 'home', href: '/console', label: text.nav.home },
    { section: 'assets', href: '/console/assets', label: text.nav.assets },
    { section: 'transfers', href: '/console/transfers', label: text.nav.transfers },
    { section: 'watchlist', href: '/console/watchlist', label: text.nav.watchlist },
    { section: 'search', href: '/console/search', label: text.nav.search },
    { section: 'developers', href: '/console/developers', label: text.nav.developers },
    ...(session.role === 'owner'
      ? [
          { section: 'members' as const, href: '/console/members', label: text.nav.members },
          { section: 'keys' as const, href: '/console/keys', label: text.nav.keys },
          { section: 'audit' as const, href: '/console/audit', label: text.nav.audit },
          { section: 'profile' as const, href: '/console/profile', label: text.nav.profile },
        ]
      : []),
    { section: 'account', href: '/console/account', label: text.nav.account },
  ];
}

/** The account switcher: shown only to a person with more than one active membership. */
function switcher(session: MemberSession, memberships: readonly Membership[]): SafeHtml {
  if (memberships.length < 2) return html``;
  return html`<form class="switcher" method="post" action="/console/switch">
    ${csrfInput(session)}
    <label for="switch-account">${text.shell.switchLabel}</label>
    <select id="switch-account" name="account_id">
      ${memberships.map(
        (membership) =>
          html`<option
            value="${membership.account_id}"
            ${membership.account_id === session.accountId ? html` selected` : ''}
          >
            ${text.shell.membership(membership.account_name, roleName(membership.role))}
          </option>`,
      )}
    </select>
    <button type="submit" class="button-secondary">${text.shell.switchButton}</button>
  </form>`;
}

/** What every signed-in page is drawn in: whose session, the switcher's list and the last form's notice. */
export interface ConsoleFrame {
  session: MemberSession;
  memberships: readonly Membership[];
  /** The service's name (AVS_SERVICE_NAME), in the pages' titles. */
  service: ServiceBrand;
  flash?: Flash;
}

/** A page's own stylesheet, served beside the console's (console.plugin.ts). */
type ConsoleStylesheet = 'print.css';

/** A page of the signed-in console: the account, navigation by role, the switcher and sign-out, then the content. */
export function consolePage(
  options: PageContent<ConsoleSection> & ConsoleFrame & { stylesheet?: ConsoleStylesheet },
): SafeHtml {
  const { session } = options;
  const chrome = {
    ...CHROME,
    app: options.service.name,
    ...(options.stylesheet
      ? { stylesheet: [CHROME.stylesheet, `/console/static/${options.stylesheet}`] }
      : {}),
  };
  return signedInPage(chrome, {
    ...options,
    brand: html`<a href="/console">${session.accountName}</a>`,
    nav: navItems(session),
    headerExtra: switcher(session, options.memberships),
    signOut: {
      action: '/console/logout',
      who: text.shell.who(session.email, roleName(session.role)),
      label: text.shell.signOut,
    },
    csrfToken: session.csrfToken,
    footer: languageSwitcher(session),
  });
}

/**
 * A page outside a session (sign-in, invitations, errors before sign-in), under the service's name and logo, the five
 * languages at its foot.
 */
export function consolePublicPage(service: ServiceBrand, title: string, content: SafeHtml): SafeHtml {
  return outsidePage({ ...CHROME, app: service.name }, title, content, brandMark(service));
}

/** An error as a plain page: what happened, and the way back. */
export function consoleErrorPage(
  service: ServiceBrand,
  status: number,
  message: string,
  signedIn: boolean,
): SafeHtml {
  const title = errorTitleOf(status, text.shell.errorTitles);
  return consolePublicPage(
    service,
    title,
    html`<div class="flash flash-error" role="alert"><p>${message}</p></div>
      <p>
        <a href="${signedIn ? '/console' : '/console/login'}"
          >${signedIn ? text.shell.backToConsole : text.shell.signIn}</a
        >
      </p>`,
  );
}
