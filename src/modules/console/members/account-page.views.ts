import { html, type SafeHtml } from '../../../lib/html.js';
import type { MemberSession } from '../../members/member-sessions.service.js';
import type { MemberNoticeSettings } from '../../notices/notice-settings.service.js';
import type { Passkey } from '../../passkeys/passkeys.service.js';
import { dataTable, passwordField, selectField } from '../../web-pages/form-parts.views.js';
import { formatTime } from '../../web-pages/page-document.views.js';
import { newPasswordFields } from '../../web-pages/password-reset.views.js';
import { text as pageText } from '../../web-pages/text/index.js';
import { type ConsoleFrame, consolePage, csrfInput } from '../shell/console-layout.views.js';
import { passkeyControl } from '../shell/console-passkeys.views.js';
import { addPasswordSection } from '../shell/forgot-password.views.js';
import { LANGUAGE_ACTION, languageFormFields, languageOptions } from '../shell/language-choice.views.js';
import { text } from '../text/index.js';
import { addressSection, type AddressStatus } from './proven-address.views.js';
import { noticeSettingsSection } from './notice-settings.views.js';

// Read on each use: the text answers in the language of the request being drawn.
const words = () => text.account;

function passkeysSection(session: MemberSession, passkeys: readonly Passkey[]): SafeHtml {
  const columns = words().columns;
  const list =
    passkeys.length === 0
      ? html`<p>${words().noPasskeys}</p>`
      : dataTable({
          labelledBy: 'passkeys-heading',
          responsive: true,
          columns: [
            columns.name,
            columns.added,
            columns.lastUsed,
            html`<span class="visually-hidden">${columns.actions}</span>`,
          ],
          rows: passkeys.map((passkey) => {
            const name = passkey.name || words().unnamedPasskey;
            return html`<tr>
              <td data-label="${columns.name}">${name}</td>
              <td data-label="${columns.added}">${formatTime(passkey.created_at)}</td>
              <td data-label="${columns.lastUsed}">
                ${formatTime(passkey.last_used_at, pageText.frame.never)}
              </td>
              <td>
                <form method="post" action="/console/account/passkeys/${passkey.id}/remove">
                  ${csrfInput(session)}
                  <button type="submit" class="button-secondary">
                    ${words().removePasskey((hidden) => html`<span class="visually-hidden">${hidden}</span>`, name)}
                  </button>
                </form>
              </td>
            </tr>`;
          }),
        });
  return html`<section id="passkeys" aria-labelledby="passkeys-heading" class="panel">
    <h2 id="passkeys-heading">${words().passkeysHeading}</h2>
    <p>${words().passkeysIntro}</p>
    ${list}
    ${passkeyControl({
      endpoint: '/console/account/passkeys',
      button: words().addPasskey,
      fallback: words().addPasskeyFallback,
      nameField: true,
    })}
  </section>`;
}

/** The person's own language for the console; "your browser's" leaves it to Accept-Language. */
function languageSection(session: MemberSession): SafeHtml {
  return html`<section aria-labelledby="language-heading" class="panel">
    <h2 id="language-heading">${words().languageHeading}</h2>
    <p>${words().languageIntro}</p>
    <form method="post" action="${LANGUAGE_ACTION}" class="stacked">
      ${languageFormFields(session, '/console/account')}
      ${selectField(words().languageLabel, { id: 'language', name: 'language' }, languageOptions(session.language))}
      <button type="submit">${words().saveLanguage}</button>
    </form>
  </section>`;
}

/** Your account: change the password, passkeys, language, sign out everywhere. */
export function accountPage(
  options: ConsoleFrame & {
    passkeys: readonly Passkey[];
    /** Whether the person's address is proven, and the other sign-ins of it they may join (docs/members.md). */
    address?: AddressStatus;
    /** false: the person signs in with passkeys only, and may add a password here. */
    hasPassword?: boolean;
    notices: MemberNoticeSettings;
  },
): SafeHtml {
  const { session } = options;
  return consolePage({
    ...options,
    title: words().title,
    section: 'account',
    content: html`<p>${words().signedInAs((strong) => html`<strong>${strong}</strong>`, session.email)}</p>
      ${options.address ? addressSection(session, options.address) : ''}
      ${
        options.hasPassword === false
          ? addPasswordSection(session)
          : html`<section aria-labelledby="password-heading" class="panel">
              <h2 id="password-heading">${words().passwordHeading}</h2>
              <form method="post" action="/console/account/password" class="stacked">
                ${csrfInput(session)}
                ${passwordField(words().currentPassword, { id: 'current_password', autocomplete: 'current-password' })}
                ${newPasswordFields(words())}
                <button type="submit">${words().changePassword}</button>
              </form>
            </section>`
      }
      ${passkeysSection(session, options.passkeys)} ${languageSection(session)}
      ${noticeSettingsSection(session, options.notices)}
      <section aria-labelledby="everywhere-heading" class="panel">
        <h2 id="everywhere-heading">${words().everywhereHeading}</h2>
        <p>${words().everywhereIntro}</p>
        <form method="post" action="/console/logout-everywhere">
          ${csrfInput(session)}
          <button type="submit" class="button-secondary">${words().everywhereButton}</button>
        </form>
      </section>`,
  });
}
