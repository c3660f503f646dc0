import { html, type SafeHtml } from '../../lib/html.js';
import { languageNav } from './page-parts/language-nav.views.js';
import { flashMessage, pageDocument, type Flash } from './page-document.views.js';
import { CSRF_FIELD } from './web-sessions.js';
import { text } from './text/index.js';

/** What tells /admin and /console apart in a page's document: its name, stylesheet and scripts. */
export interface PageChrome {
  app: string;
  stylesheet: string | readonly string[];
  script?: string | readonly string[];
}

export interface NavItem<Section extends string> {
  section: Section;
  href: string;
  label: string;
}

export function csrfField(csrfToken: string): SafeHtml {
  return html`<input type="hidden" name="${CSRF_FIELD}" value="${csrfToken}" />`;
}

/** A signed-in form's CSRF field, from the session (an admin's or a member's) it is drawn for. */
export function csrfInput(session: { csrfToken: string }): SafeHtml {
  return csrfField(session.csrfToken);
}

function navigation<Section extends string>(
  items: readonly NavItem<Section>[],
  current: Section | undefined,
): SafeHtml {
  return html`<nav aria-label="${text.frame.mainNavigation}">
    <ul>
      ${items.map(
        (item) =>
          html`<li>
            <a href="${item.href}" ${item.section === current ? html` aria-current="page"` : ''}
              >${item.label}</a
            >
          </li>`,
      )}
    </ul>
  </nav>`;
}

/** The five languages at the foot of a page (languageNav): /admin's pages, and the console's before sign-in. */
export function languageLinks(): SafeHtml {
  return html`<footer class="site-footer">${languageNav()}</footer>`;
}

/** What a page puts in the frame: its title, where it sits in the navigation, its content and a notice. */
export interface PageContent<Section extends string> {
  title: string;
  section?: Section;
  content: SafeHtml;
  flash?: Flash;
}

/** A signed-in page: brand, navigation, whatever the application adds, sign-out, then the title and content. */
export function signedInPage<Section extends string>(
  chrome: PageChrome,
  options: PageContent<Section> & {
    brand: SafeHtml;
    nav: readonly NavItem<Section>[];
    headerExtra?: SafeHtml;
    signOut: { action: string; who: string; label: string };
    csrfToken: string;
    /** What the application puts under the content (the console's language switcher). */
    footer?: SafeHtml;
  },
): SafeHtml {
  // On a phone the menu folds behind its summary; wider, the stylesheet (and the script, for browsers without
  // ::details-content) keeps it open, its summary hidden.
  const body = html`<header class="site-header">
      <p class="brand">${options.brand}</p>
      <details class="site-menu" data-site-menu>
        <summary>${text.frame.menu}</summary>
        <div class="site-menu-items">
          ${navigation(options.nav, options.section)} ${options.headerExtra ?? ''}
          <form class="logout" method="post" action="${options.signOut.action}">
            ${csrfField(options.csrfToken)}
            <span class="who">${options.signOut.who}</span>
            <button type="submit" class="button-secondary">${options.signOut.label}</button>
          </form>
        </div>
      </details>
    </header>
    <main id="main" tabindex="-1">
      <h1>${options.title}</h1>
      ${flashMessage(options.flash)} ${options.content}
    </main>
    ${options.footer ?? ''}`;
  return pageDocument({ ...chrome, title: options.title, body, csrfToken: options.csrfToken });
}

/**
 * A page outside a session (sign-in, invitations, errors before sign-in): the application's name on top, the five
 * languages as links at its foot (no session to keep a choice in: `?lang=`, kept in a cookie).
 */
export function outsidePage(
  chrome: PageChrome,
  title: string,
  content: SafeHtml,
  brand: SafeHtml | string,
): SafeHtml {
  const body = html`<header class="site-header"><p class="brand">${brand}</p></header>
    <main id="main" tabindex="-1" class="narrow">
      <h1>${title}</h1>
      ${content}
    </main>
    ${languageLinks()}`;
  return pageDocument({ ...chrome, title, body });
}
