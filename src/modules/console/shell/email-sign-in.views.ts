import { html, type SafeHtml } from '../../../lib/html.js';
import type { ServiceBrand } from '../../../lib/service-brand.js';
import { flashMessage, type Flash } from '../../web-pages/page-document.views.js';
import { csrfField } from '../../web-pages/page-frame.views.js';
import { addressRequestForm, linkParagraph } from '../../web-pages/password-reset.views.js';
import { consolePublicPage } from './console-layout.views.js';
import { text } from '../text/index.js';

// Read on each use: the text answers in the language of the request being drawn.
const words = () => text.addresses;

/** The sign-in page's way to a link by e-mail (proven addresses only; docs/members.md). */
export function emailSignInLink(): SafeHtml {
  return html`<p><a href="/console/email-sign-in">${words().emailSignInLink}</a></p>`;
}

/** Ask for a sign-in link: one e-mail field; the answer is the same whoever the address is. */
export function emailSignInPage(options: {
  service: ServiceBrand;
  csrfToken: string;
  email?: string;
  flash?: Flash;
}): SafeHtml {
  return consolePublicPage(
    options.service,
    words().emailSignInTitle,
    addressRequestForm({
      ...options,
      action: '/console/email-sign-in',
      intro: words().emailSignInIntro,
      button: words().emailSignInButton,
      back: linkParagraph('/console/login', words().backToSignIn),
    }),
  );
}

/**
 * The page a sign-in link opens: a button that signs in (a mail client or scanner that opens the link signs nobody
 * in). A browser signed in as someone else is told that signing in here ends that.
 */
export function emailSignInOpenPage(options: {
  service: ServiceBrand;
  token: string;
  email: string;
  csrfToken: string;
  signedInAs?: string;
}): SafeHtml {
  return consolePublicPage(
    options.service,
    words().emailSignInTitle,
    html`${
        options.signedInAs === undefined
          ? ''
          : flashMessage({ kind: 'notice', message: words().emailSignInReplaces(options.signedInAs) })
      }
      <p>${words().emailSignInOpenIntro(options.email)}</p>
      <form method="post" action="/console/email-sign-in/${options.token}">
        ${csrfField(options.csrfToken)}
        <button type="submit">${words().emailSignInOpenButton}</button>
      </form>`,
  );
}
