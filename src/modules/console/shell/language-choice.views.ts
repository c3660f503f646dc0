import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../../../i18n/locales.js';
import { html, type SafeHtml } from '../../../lib/html.js';
import type { MemberSession } from '../../members/member-sessions.service.js';
import { csrfInput } from '../../web-pages/page-frame.views.js';
import { text } from '../text/index.js';
import { currentPageAddress } from './page-address.js';

/** Where the choice is saved (account-page.routes.ts), from the account page and from every page's foot. */
export const LANGUAGE_ACTION = '/console/account/language';

/** The browser's language (''), then each language by its own name, the person's choice selected. */
export function languageOptions(chosen: Language | null): SafeHtml[] {
  const option = (value: string, name: string, lang?: string) =>
    html`<option
      value="${value}"
      ${lang ? html` lang="${lang}"` : ''}${value === (chosen ?? '') ? html` selected` : ''}
    >
      ${name}
    </option>`;
  return [
    option('', text.shell.language.browser),
    ...LANGUAGES.map((language) => option(language, LANGUAGE_NAMES[language], language)),
  ];
}

/** The hidden fields of a language form: the session's CSRF token and the page to come back to. */
export function languageFormFields(session: MemberSession, returnTo: string): SafeHtml {
  return html`${csrfInput(session)}<input type="hidden" name="return_to" value="${returnTo}" />`;
}

/** The language switcher at the foot of every signed-in page: the same choice as "Your account", then back here. */
export function languageSwitcher(session: MemberSession): SafeHtml {
  const words = text.shell.language;
  return html`<footer class="site-footer">
    <form class="switcher" method="post" action="${LANGUAGE_ACTION}">
      ${languageFormFields(session, currentPageAddress())}
      <label for="footer-language">${words.label}</label>
      <select id="footer-language" name="language">
        ${languageOptions(session.language)}
      </select>
      <button type="submit" class="button-secondary">${words.button}</button>
    </form>
  </footer>`;
}
