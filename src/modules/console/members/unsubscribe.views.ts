import { html, type SafeHtml } from '../../../lib/html.js';
import type { ServiceBrand } from '../../../lib/service-brand.js';
import type { OpenedLink } from '../../notices/notice-settings.service.js';
import { flashMessage, type Flash } from '../../web-pages/page-document.views.js';
import { consolePublicPage } from '../shell/console-layout.views.js';
import { text } from '../text/index.js';

function whatItStops(link: OpenedLink): string {
  const words = text.unsubscribe;
  const { subject } = link;
  if (subject.type === 'a') return words.reviewSummary(link.email);
  if (subject.kind === 'all') return words.memberAll(link.accountName ?? '', link.email);
  return words.memberKind(link.email, link.accountName ?? '', text.notices.kinds[subject.kind]);
}

/**
 * The page a notice's one-click link opens (no session needed: the link is its own authority): what it stops,
 * whether it is on, and one button to stop it (or to have it again). Opening it changes nothing.
 */
export function unsubscribePage(options: {
  service: ServiceBrand;
  token: string;
  link: OpenedLink;
  flash?: Flash;
}): SafeHtml {
  const { link } = options;
  const words = text.unsubscribe;
  return consolePublicPage(
    options.service,
    words.title,
    html`${flashMessage(options.flash)}
      <p>${whatItStops(link)}</p>
      <p>${link.on ? words.isOn : words.isOff}</p>
      <form method="post" action="/console/notices/off/${options.token}">
        <input type="hidden" name="on" value="${link.on ? '0' : '1'}" />
        <button type="submit" ${link.on ? '' : html`class="button-secondary"`}>
          ${link.on ? words.stop : words.resume}
        </button>
      </form>
      ${link.subject.type === 'm' ? html`<p><a href="/console/account#notices">${words.choose}</a></p>` : ''}`,
  );
}
