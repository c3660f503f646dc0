import { LANGUAGE_NAMES, LANGUAGES } from '../../../i18n/locales.js';
import { currentLanguage } from '../../../i18n/request-language.js';
import { html, type SafeHtml } from '../../../lib/html.js';
import { text } from '../text/index.js';

/**
 * The five languages by their own names, each a link to this page in it (`?lang=`, which the language hook keeps in a
 * cookie for the next pages); `path` when this page cannot be asked for again by a link (a form's answer, a tap), or
 * when its own query must stay (a proof of holding's code).
 */
export function languageNav(path = ''): SafeHtml {
  const current = currentLanguage();
  const joiner = path.includes('?') ? '&' : '?';
  return html`<nav class="language-switcher" aria-label="${text.frame.languages}">
    <ul>
      ${LANGUAGES.map(
        (language) =>
          html`<li>
            <a
              href="${path}${joiner}lang=${language}"
              lang="${language}"
              hreflang="${language}"
              ${language === current ? html`aria-current="true"` : ''}
              >${LANGUAGE_NAMES[language]}</a
            >
          </li>`,
      )}
    </ul>
  </nav>`;
}
