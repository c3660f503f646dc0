import { html, type SafeHtml } from '../../../lib/html.js';
import type { ServiceBrand } from '../../../lib/service-brand.js';
import type { MailLinkState } from '../../members/proven-address.service.js';
import { consolePublicPage } from './console-layout.views.js';
import { text } from '../text/index.js';

/** What a link sent by mail (a sign-in link, a proof of address) says when it can no longer be used. */
export function closedLinkMessage(state: Exclude<MailLinkState, 'open'> | 'unknown'): string {
  switch (state) {
    case 'used':
      return text.addresses.linkUsed;
    case 'expired':
      return text.addresses.linkExpired;
    case 'unknown':
      return text.addresses.linkUnknown;
  }
}

/** A page that only says something about a link (closed, unknown) with the way to the sign-in page. */
export function linkMessagePage(service: ServiceBrand, title: string, message: string): SafeHtml {
  return consolePublicPage(
    service,
    title,
    html`<p>${message}</p>
      <p><a href="/console/login">${text.addresses.backToSignIn}</a></p>`,
  );
}

/** The page of a mailed link that is unknown (404) or no longer open (410), with its status; undefined when open. */
export function closedLinkPage(
  service: ServiceBrand,
  title: string,
  link: { state: MailLinkState } | undefined,
): { page: SafeHtml; status: 404 | 410 } | undefined {
  if (!link) return { page: linkMessagePage(service, title, closedLinkMessage('unknown')), status: 404 };
  if (link.state === 'open') return undefined;
  return { page: linkMessagePage(service, title, closedLinkMessage(link.state)), status: 410 };
}
