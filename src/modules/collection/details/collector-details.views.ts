import { formatDate } from '../../../i18n/formats.js';
import { html, type SafeHtml } from '../../../lib/html.js';
import type { ServiceBrand } from '../../../lib/service-brand.js';
import { csrfField } from '../../web-pages/page-frame.views.js';
import {
  collectionPage,
  collectionPublicPage,
  type CollectionFrame,
} from '../shell/collection-layout.views.js';
import { addPasskeyOffer } from '../shell/sign-in.views.js';
import { text } from '../text/index.js';
import type { CollectorDetails } from './collector-details.service.js';

const words = () => text.collectorDetails;

/** /collection/details: the name they may show, their address, their passkeys, and the way to leave. */
export function detailsPage(frame: CollectionFrame, details: CollectorDetails): SafeHtml {
  const w = words();
  const csrf = csrfField(frame.session.csrfToken);
  return collectionPage(frame, {
    title: w.title,
    section: 'details',
    content: html`<section aria-labelledby="name-title">
        <h2 id="name-title">${w.nameTitle}</h2>
        <p>${w.nameIntro}</p>
        <form method="post" action="/collection/details" class="stacked">
          ${csrf}
          <div class="field">
            <label for="public-name">${w.nameLabel}</label>
            <input
              id="public-name"
              name="public_name"
              type="text"
              maxlength="200"
              value="${details.publicName}"
            />
          </div>
          <div class="field">
            <label
              ><input type="checkbox" name="show_name" value="yes" ${details.showName ? html`checked` : ''} />
              ${w.showName}</label
            >
          </div>
          <button type="submit">${w.save}</button>
        </form>
      </section>
      <section aria-labelledby="email-title">
        <h2 id="email-title">${w.emailTitle}</h2>
        <p>${w.emailIntro(frame.session.email)}</p>
      </section>
      <section aria-labelledby="passkeys-title">
        <h2 id="passkeys-title">${w.passkeysTitle}</h2>
        ${
          details.passkeys.length === 0
            ? html`<p>${w.noPasskeys}</p>`
            : html`<p>${w.passkeysMayAllGo}</p>
                <ul>
                  ${details.passkeys.map((passkey) => {
                    const name = passkey.name || w.passkeyUnnamed;
                    return html`<li>
                      ${name} · ${w.passkeyAdded(formatDate(passkey.created_at))}
                      <form method="post" action="/collection/details/passkey/${passkey.id}/remove">
                        ${csrf}
                        <button type="submit" class="button-secondary">
                          ${w.removePasskey((hidden) => html`<span class="visually-hidden">${hidden}</span>`, name)}
                        </button>
                      </form>
                    </li>`;
                  })}
                </ul>`
        }
      </section>
      ${addPasskeyOffer()}
      <section aria-labelledby="leave-title">
        <h2 id="leave-title">${w.leaveTitle}</h2>
        <p>${w.leaveIntro}</p>
        <p><a href="/collection/leave">${w.leaveLink}</a></p>
      </section>`,
  });
}

/** /collection/leave: what leaving does, and the button that does it. */
export function leavePage(frame: CollectionFrame): SafeHtml {
  const w = words();
  return collectionPage(frame, {
    title: w.leavePageTitle,
    section: 'details',
    content: html`<ul>
        ${w.leaveWhat.map((line) => html`<li>${line}</li>`)}
      </ul>
      <form method="post" action="/collection/leave">
        ${csrfField(frame.session.csrfToken)}
        <button type="submit" class="button-danger">${w.leaveConfirm}</button>
      </form>
      <p><a href="/collection/details">${text.collectionShell.backToCollection}</a></p>`,
  });
}

/** After leaving: said once, outside any session. */
export function leftPage(service: ServiceBrand): SafeHtml {
  return collectionPublicPage(service, words().leftTitle, html`<p>${words().left}</p>`);
}
