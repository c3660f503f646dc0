import { html, type SafeHtml } from '../../../lib/html.js';
import type { MemberSession } from '../../members/member-sessions.service.js';
import type { MemberNoticeSettings } from '../../notices/notice-settings.service.js';
import { checkboxChoice, radioChoice } from '../../web-pages/form-parts.views.js';
import { csrfInput } from '../shell/console-layout.views.js';
import { text } from '../text/index.js';

// Read on each use: the text answers in the language of the request being drawn.
const words = () => text.notices;

/** "Messages by e-mail" on the account page: each notice on or off, and one message each or a daily digest. */
export function noticeSettingsSection(session: MemberSession, settings: MemberNoticeSettings): SafeHtml {
  const radio = (value: 'each' | 'digest', label: string, checked: boolean) =>
    radioChoice({ id: `notices-${value}`, name: 'delivery', value, checked, label });
  return html`<section id="notices" aria-labelledby="notices-heading" class="panel">
    <h2 id="notices-heading">${words().heading}</h2>
    <p>${words().intro(session.accountName, session.email)}</p>
    <form method="post" action="/console/account/notices" class="stacked">
      ${csrfInput(session)}
      <fieldset aria-describedby="notices-defaults">
        <legend>${words().legend}</legend>
        <p class="hint" id="notices-defaults">${words().defaults(session.role)}</p>
        ${settings.kinds.map(({ kind, on }) =>
          checkboxChoice({
            id: `notice-${kind}`,
            name: 'notices',
            value: kind,
            checked: on,
            label: words().kinds[kind],
          }),
        )}
      </fieldset>
      <fieldset>
        <legend>${words().deliveryLegend}</legend>
        ${radio('each', words().each, !settings.digest)} ${radio('digest', words().digest, settings.digest)}
      </fieldset>
      <button type="submit">${words().save}</button>
    </form>
  </section>`;
}
