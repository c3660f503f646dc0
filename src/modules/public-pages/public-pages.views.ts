import type { PublicCertificate } from '../certificates/certificates.service.js';
import type { MediaRecordType } from '../media/media.schemas.js';
import { html, SafeHtml, showValue } from '../../lib/html.js';
import { fieldLabel } from '../../planets/field-labels.js';
import type { PageIssuer } from './public-pages.service.js';

export const STYLESHEET_PATH = '/c/static/certificate.css';
const EXAMPLE_NUMBER = 'ART-2026-000042';

type StatusKey = 'issued' | 'suspended' | 'revoked' | 'not-issued';

/** The status in words: a word a person reads at a glance, and a sentence that says what it means. */
const STATUS_WORDING: Record<StatusKey, { word: string; mark: string; meaning: string }> = {
  issued: {
    word: 'Issued',
    mark: '✓',
    meaning: 'This certificate is valid: it was issued and is neither suspended nor revoked.',
  },
  suspended: {
    word: 'Suspended',
    mark: '!',
    meaning:
      'This certificate is not valid while it is suspended: the issuer is reviewing it. Do not rely on it until it is reinstated.',
  },
  revoked: {
    word: 'Revoked',
    mark: '✕',
    meaning: 'This certificate is not valid: the issuer has withdrawn it for good. Do not rely on it.',
  },
  'not-issued': {
    word: 'Not issued',
    mark: '–',
    meaning:
      'No certificate has been issued under this number. Do not rely on any document that presents it as a certificate.',
  },
};

const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' });
const dateTimeFormat = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'UTC',
});

export function date(iso: string): SafeHtml {
  return html`<time datetime="${iso}">${dateFormat.format(new Date(iso))}</time>`;
}

/** The address, allowed to wrap before its /c/ path rather than inside the number. */
function urlWithBreak(url: string): SafeHtml {
  const cut = url.lastIndexOf('/c/');
  return html`${url.slice(0, cut)}<wbr />${url.slice(cut)}`;
}

type PageName = 'home' | 'look-up' | 'how-to-check' | 'other';

/** What a tag's tap puts on top of the certificate's page (docs/tags.md): its verdict, first in the title too. */
export interface TapVerdictPart {
  banner: SafeHtml;
  title: string;
}

/**
 * A public page: the site's header and footer around `main`. `top` goes above it: a tag's verdict on the tap page of
 * docs/tags.md, which is a certificate's page under it.
 */
export function publicDocument(
  title: string,
  main: SafeHtml,
  current: PageName = 'other',
  top?: TapVerdictPart,
): SafeHtml {
  const links = [
    current === 'look-up' ? undefined : html`<a href="/c">Check a certificate</a>`,
    current === 'how-to-check'
      ? undefined
      : html`<a href="/c/how-to-check">How to check a certificate yourself</a>`,
  ].filter((link) => link !== undefined);
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${top ? `${top.title} · ` : ''}${title}</title>
        <link rel="stylesheet" href="${STYLESHEET_PATH}" />
      </head>
      <body>
        <header class="site-header">
          <p class="brand"><a href="/">Asset Verification Service</a> <span>· certificate check</span></p>
        </header>
        <main id="main">${top?.banner ?? ''}${main}</main>
        <footer class="site-footer">
          <p>${links.map((link, index) => (index === 0 ? link : html` · ${link}`))}</p>
        </footer>
      </body>
    </html>`;
}

/**
 * The warning of an open stolen-or-lost alert (docs/alerts.md), above everything else on the card: the certificate may
 * still be genuine, but the object it describes is reported missing. role="alert" so a screen reader says it.
 */
function alertWarning(alert: { kind: 'stolen' | 'lost'; since: string }, contactEmail?: string): SafeHtml {
  const word = alert.kind === 'stolen' ? 'Reported stolen' : 'Reported lost';
  return html`<div class="alert-warning" role="alert">
    <span class="status-mark" aria-hidden="true">!</span>
    <div>
      <strong class="alert-word">${word}</strong>
      <p>
        The owner reported this ${alert.kind === 'stolen' ? 'item stolen' : 'item lost'} on or since
        ${date(alert.since)}. Do not buy, sell or lend against it. Every look-up of this page is recorded.
      </p>
      ${
        contactEmail
          ? html`<p>
              If you have seen it or are offered it, write to
              <a
                href="mailto:${contactEmail}?subject=${encodeURIComponent(`Certificate reported ${alert.kind}`)}"
                >${contactEmail}</a
              >.
            </p>`
          : html`<p>If you have seen it or are offered it, tell the police or the issuer.</p>`
      }
    </div>
  </div>`;
}

/**
 * The status of an issued certificate whose item is reported stolen or lost: red, never the issued green or its ✓, and
 * "valid" only beside the report (the certificate is still genuine; the object it describes is missing).
 */
function alertStatusBanner(kind: 'stolen' | 'lost'): SafeHtml {
  return html`<div class="status status-alert">
    <span class="status-mark" aria-hidden="true">!</span>
    <p class="status-text">
      <span class="status-label">Status</span>
      <strong class="status-word">Issued, but reported ${kind}</strong>
      <span class="status-meaning"
        >The certificate was issued and is still valid, but the item it describes is reported ${kind}. Do not
        rely on this certificate to buy, sell or lend against the item.</span
      >
    </p>
  </div>`;
}

function statusBanner(key: StatusKey): SafeHtml {
  const wording = STATUS_WORDING[key];
  return html`<div class="status status-${key}">
    <span class="status-mark" aria-hidden="true">${wording.mark}</span>
    <p class="status-text">
      <span class="status-label">Status</span>
      <strong class="status-word">${wording.word}</strong>
      <span class="status-meaning">${wording.meaning}</span>
    </p>
  </div>`;
}

function lookUpForm(options: { value?: string; error?: string } = {}): SafeHtml {
  const describedBy = options.error ? 'number-hint number-error' : 'number-hint';
  return html`<form class="look-up" method="get" action="/c" role="search" aria-label="Certificate look-up">
    <label for="number">Certificate number</label>
    <p id="number-hint" class="hint">As printed on the certificate, for example ${EXAMPLE_NUMBER}.</p>
    ${options.error ? html`<p id="number-error" class="field-error">${options.error}</p>` : ''}
    <div class="look-up-row">
      <input
        id="number"
        name="number"
        type="text"
        value="${options.value ?? ''}"
        autocomplete="off"
        autocapitalize="characters"
        spellcheck="false"
        maxlength="64"
        required
        aria-describedby="${describedBy}"
        ${options.error ? html`aria-invalid="true"` : ''}
      />
      <button type="submit">Check</button>
    </div>
  </form>`;
}

/** The asset's first public image; its digest is in the signed credential, so a reader can check it. */
function certificateImage(image: MediaRecordType, title: string): SafeHtml {
  return html`<figure class="certificate-image">
    <img
      src="${image.url}"
      alt="${image.caption ?? `Photograph of ${title}`}"
      width="${image.width ?? ''}"
      height="${image.height ?? ''}"
    />
    ${image.caption ? html`<figcaption>${image.caption}</figcaption>` : ''}
  </figure>`;
}

/** The page of an issued, suspended or revoked certificate: what it certifies, its status, who issued it. */
export function certificateView(view: {
  certificate: Extract<PublicCertificate, { issued: true }>;
  image?: MediaRecordType;
  pageUrl: string;
  qrSvg: string;
  issuer: PageIssuer;
  checkedAt: Date;
  /** AVS_CONTACT_EMAIL: where a person who has seen a reported asset writes. */
  contactEmail?: string;
  tap?: TapVerdictPart;
}): SafeHtml {
  const { certificate, issuer } = view;
  const number = certificate.certificate_number;
  const planet = fieldLabel(certificate.planet);
  return publicDocument(
    `${certificate.alert ? `Reported ${certificate.alert.kind} · ` : ''}${STATUS_WORDING[certificate.status].word}: ${certificate.title} · ${number}`,
    html`<article
      class="card ${certificate.alert ? 'card-alert' : `card-${certificate.status}`}"
      aria-labelledby="certificate-title"
    >
      <p class="eyebrow">Certificate of authenticity · ${planet}</p>
      <h1 id="certificate-title">${certificate.title}</h1>
      ${certificate.alert ? alertWarning(certificate.alert, view.contactEmail) : ''}
      ${
        certificate.alert && certificate.status === 'issued'
          ? alertStatusBanner(certificate.alert.kind)
          : statusBanner(certificate.status)
      }
      ${view.image ? certificateImage(view.image, certificate.title) : ''}
      <div class="card-body">
        <div class="card-facts">
          <dl class="facts">
            <div>
              <dt>Certificate number</dt>
              <dd class="number">${number}</dd>
            </div>
            <div>
              <dt>Planet</dt>
              <dd>${planet}</dd>
            </div>
            <div>
              <dt>Issued on</dt>
              <dd>${date(certificate.issued_at)}</dd>
            </div>
            ${
              certificate.revoked_at
                ? html`<div>
                    <dt>Revoked on</dt>
                    <dd>${date(certificate.revoked_at)}</dd>
                  </div>`
                : ''
            }
            ${certificate.fields.map(
              ([name, value]) =>
                html`<div>
                  <dt>${fieldLabel(name)}</dt>
                  <dd>${showValue(value)}</dd>
                </div>`,
            )}
          </dl>
          <h2>Issuer</h2>
          <dl class="facts issuer">
            <div>
              <dt>Issued by</dt>
              <dd><a href="${issuer.baseUrl}">${issuer.baseUrl}</a></dd>
            </div>
            <div>
              <dt>Issuer identifier (DID)</dt>
              <dd><code>${issuer.did}</code></dd>
            </div>
          </dl>
        </div>
        <figure class="qr-figure">
          ${new SafeHtml(view.qrSvg)}
          <figcaption>
            Scan to open this page:<br /><span class="url">${urlWithBreak(view.pageUrl)}</span>
          </figcaption>
        </figure>
      </div>
      <nav class="check-links" aria-label="Check this certificate">
        <ul>
          <li><a href="/c/${number}/credential">The signed credential (JSON)</a></li>
          <li><a href="/c/how-to-check">How to check this yourself</a></li>
        </ul>
      </nav>
      <p class="checked-at">
        Status as of
        <time datetime="${view.checkedAt.toISOString()}">${dateTimeFormat.format(view.checkedAt)} UTC</time>.
      </p>
    </article>`,
    'other',
    view.tap,
  );
}

/** Pending, rejected, or revoked before issue: the page says only that no certificate was issued. */
export function notIssuedView(certificateNumber: string, tap?: TapVerdictPart): SafeHtml {
  return publicDocument(
    `Not issued · ${certificateNumber}`,
    html`<article class="card card-not-issued" aria-labelledby="certificate-title">
      <p class="eyebrow">Certificate check</p>
      <h1 id="certificate-title">${certificateNumber}</h1>
      ${statusBanner('not-issued')}
    </article>`,
    'other',
    tap,
  );
}

/**
 * Any address the service has no page at, asked for by a browser (docs/public-page.md, "Browsers get pages"): it never
 * repeats the address, and offers the look-up form and the home page. A wrong method (`wrongMethod`) says so instead.
 */
export function pageNotFoundView(wrongMethod = false): SafeHtml {
  const title = wrongMethod ? 'This page cannot be opened this way' : 'Page not found';
  return publicDocument(
    title,
    html`<section class="panel" aria-labelledby="page-title">
      <h1 id="page-title">${title}</h1>
      <p>
        ${
          wrongMethod
            ? 'This address is used by programs, not opened in a browser.'
            : 'There is no page at this address. The link may be broken, or the address mistyped.'
        }
        To check a certificate, type its number here.
      </p>
      ${lookUpForm()}
      <p><a href="/">Go to the home page</a></p>
    </section>`,
  );
}

/**
 * The home page at `/` for a person (docs/public-page.md): what the service is, in a buyer's and a seller's words, the
 * look-up form, and where the console and the API's documentation are. Nothing about the running service.
 */
export function landingView(): SafeHtml {
  return publicDocument(
    'Check a certificate of authenticity',
    html`<section class="panel" aria-labelledby="page-title">
        <h1 id="page-title">Is this certificate genuine?</h1>
        <p>
          A gallery, a watchmaker or a dealer registers here the artworks, watches, jewellery and collectibles
          it sells, and gives each one a certificate of authenticity. Anyone can check such a certificate,
          free and without an account: a collector before buying, an heir, an insurer. You see whether it was
          issued, whether it still stands, and whether its owner reported the object stolen or lost.
        </p>
        ${lookUpForm()}
      </section>
      <section class="panel landing-more" aria-labelledby="more-title">
        <h2 id="more-title">More ways in</h2>
        <ul>
          <li>
            <a href="/c">Search by photograph</a>: offered an object without its papers? See whether it looks
            like one reported stolen or lost.
          </li>
          <li>
            <a href="/c/how-to-check">How to check a certificate yourself</a>, without having to trust this
            site.
          </li>
          <li>
            <a href="/console">Sign in to the console</a>: for galleries, makers and collectors who register
            their pieces.
          </li>
          <li>
            <a href="/docs">The API documentation</a>: for developers connecting a shop, a catalogue or an
            inventory.
          </li>
        </ul>
      </section>`,
    'home',
  );
}

export function notFoundView(shown: string): SafeHtml {
  return publicDocument(
    'Certificate not found',
    html`<section class="panel" aria-labelledby="page-title">
      <h1 id="page-title">Certificate not found</h1>
      <p>No certificate has this number:</p>
      <p class="shown-number">${shown}</p>
      <p>Check the number and try again.</p>
      ${lookUpForm()}
    </section>`,
  );
}

/**
 * The photo search's form (docs/media.md, "Photo search"): a plain multipart form, no script, posted to /c/search,
 * which answers a page of cards.
 */
function photoSearchForm(): SafeHtml {
  return html`<form
    class="look-up photo-search"
    method="post"
    action="/c/search"
    enctype="multipart/form-data"
    role="search"
    aria-label="Search by photograph"
  >
    <label for="photo">Photograph of the object</label>
    <p id="photo-hint" class="hint">
      A JPEG, PNG or WebP picture. It is not kept; a search that finds a reported asset is recorded with your
      address, as every look-up of one is.
    </p>
    <div class="look-up-row">
      <input
        id="photo"
        name="photo"
        type="file"
        accept="image/jpeg,image/png,image/webp"
        required
        aria-describedby="photo-hint"
      />
      <button type="submit">Search</button>
    </div>
  </form>`;
}

/** The look-up page's second way in: a photograph, searched among the assets reported stolen or lost. */
export function photoSearchSection(): SafeHtml {
  return html`<section class="panel photo-search-panel" aria-labelledby="photo-search-title">
    <h2 id="photo-search-title">Offered an object? Search by photograph</h2>
    <p>
      Upload a photograph of it to see whether it looks like an asset whose owner reported it stolen or lost.
      The same picture is found resized, re-compressed or slightly cropped; a different photograph of the
      object is not.
    </p>
    ${photoSearchForm()}
  </section>`;
}

export function lookUpView(options: { value?: string; error?: string } = {}): SafeHtml {
  return publicDocument(
    'Check a certificate',
    html`<section class="panel" aria-labelledby="page-title">
        <h1 id="page-title">Check a certificate</h1>
        <p>
          Type the number of a paper certificate or label to see whether it was issued and whether it is still
          valid. The QR code on the certificate opens the same page.
        </p>
        ${lookUpForm(options)}
      </section>
      ${photoSearchSection()}`,
    'look-up',
  );
}

export function howToCheckView(issuer: PageIssuer): SafeHtml {
  return publicDocument(
    'How to check a certificate yourself',
    html`<section class="panel prose" aria-labelledby="page-title">
      <h1 id="page-title">How to check a certificate yourself</h1>
      <p>
        You do not have to trust this page. Every issued certificate is also a W3C Verifiable Credential
        signed by the issuer, which anyone can check with standard tools, without an account.
      </p>
      <ol>
        <li>
          <strong>Fetch the credential.</strong> On the certificate's page, follow “The signed credential
          (JSON)” and save it, or fetch it by its number:
          <pre><code>curl -o certificate.json ${issuer.baseUrl}/c/NUMBER/credential</code></pre>
        </li>
        <li>
          <strong>Verify its signature and status</strong> with any verifier of Data Integrity proofs using
          the <code class="token">eddsa-jcs-2022</code> cryptosuite, or with this service's command-line tool:
          <pre><code>avs verify-credential certificate.json</code></pre>
          The issuer is <code>${issuer.did}</code>; its keys are published in its DID document at
          <a href="${issuer.didDocumentUrl}">${issuer.didDocumentUrl}</a>.
        </li>
        <li>
          <strong>Read the answer.</strong> <em>VALID</em>: signed by the issuer and neither suspended nor
          revoked. <em>SUSPENDED</em> or <em>REVOKED</em>: the issuer's status list says so. <em>INVALID</em>:
          the document was changed or not signed by the issuer. <em>UNCHECKED</em>: the issuer's keys or
          status lists could not be fetched, so nothing was proved either way.
        </li>
      </ol>
    </section>`,
    'how-to-check',
  );
}

export function errorView(status: number, message: string): SafeHtml {
  const title = status === 429 ? 'Too many requests' : status === 503 ? 'Try again shortly' : 'Error';
  return publicDocument(
    title,
    html`<section class="panel" aria-labelledby="page-title">
      <h1 id="page-title">${title}</h1>
      <p>${message}</p>
    </section>`,
  );
}
