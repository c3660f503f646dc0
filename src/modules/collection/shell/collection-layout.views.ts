import { html, type SafeHtml } from '../../../lib/html.js';
import { brandMark, type ServiceBrand } from '../../../lib/service-brand.js';
import type { Flash } from '../../web-pages/page-document.views.js';
import { languageLinks, outsidePage, signedInPage } from '../../web-pages/page-frame.views.js';
import { text } from '../text/index.js';
import { errorTitleOf } from '../../web-pages/error-title.js';
import type { CollectorSession } from './collector-sessions.service.js';

export type CollectionSection = 'collection' | 'details';

// The console's look and its passkey script, served again under /collection (its own path, its own cookie).
const CHROME = {
  stylesheet: '/collection/static/collection.css',
  script: ['/collection/static/simplewebauthn-browser.js', '/collection/static/collection.js'],
};

/** What every signed-in page is drawn in: whose session, the service, and the notice the last form left. */
export interface CollectionFrame {
  session: CollectorSession;
  service: ServiceBrand;
  flash?: Flash;
}

/** A page of a signed-in collector: their two places, sign-out, the languages at the foot. */
export function collectionPage(
  frame: CollectionFrame,
  page: { title: string; section?: CollectionSection; content: SafeHtml },
): SafeHtml {
  const words = text.collectionShell;
  return signedInPage(
    { ...CHROME, app: `${words.app} · ${frame.service.name}` },
    {
      ...page,
      flash: frame.flash,
      brand: html`<a href="/collection">${words.app}</a>`,
      nav: [
        { section: 'collection', href: '/collection', label: words.nav.collection },
        { section: 'details', href: '/collection/details', label: words.nav.details },
      ],
      signOut: { action: '/collection/sign-out', who: words.who(frame.session.email), label: words.signOut },
      csrfToken: frame.session.csrfToken,
      footer: languageLinks(),
    },
  );
}

/** A page outside a session (sign-in, a claim's first look, errors), under the service's name. */
export function collectionPublicPage(service: ServiceBrand, title: string, content: SafeHtml): SafeHtml {
  return outsidePage(
    { ...CHROME, app: `${text.collectionShell.app} · ${service.name}` },
    title,
    content,
    brandMark(service),
  );
}

/** An error as a plain page: what happened, and the way back. */
export function collectionErrorPage(
  service: ServiceBrand,
  status: number,
  message: string,
  signedIn: boolean,
): SafeHtml {
  const words = text.collectionShell;
  const title = errorTitleOf(status, words.errorTitles);
  return collectionPublicPage(
    service,
    title,
    html`<div class="flash flash-error" role="alert"><p>${message}</p></div>
      <p>
        <a href="${signedIn ? '/collection' : '/collection/sign-in'}"
          >${signedIn ? words.backToCollection : words.signIn}</a
        >
      </p>`,
  );
}
