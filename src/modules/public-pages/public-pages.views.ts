import { formatDate, formatDateTime, formatMonthYear, formatTimeOfDay } from '../../i18n/formats.js';
import { currentLanguage } from '../../i18n/request-language.js';
import type { PublicCertificate } from '../certificates/certificates.service.js';
import type { PublicAmendment } from '../corrections/corrections.service.js';
import type { MediaRecordType } from '../media/media.schemas.js';
import type { RichTag } from '../../i18n/message.js';
import { html, type SafeHtml, showValue } from '../../lib/html.js';
import { labelledQrSvg } from '../../lib/qr-codes.js';
import { fieldLabel } from '../../planets/field-labels.js';
import type { AccountProfile } from '../accounts/account-profiles.service.js';
import { brandMark, type ServiceBrand } from '../../lib/service-brand.js';
import { languageNav } from '../web-pages/page-parts/language-nav.views.js';
import { photoField } from '../web-pages/page-parts/photo-field.views.js';
import { text as pageWords } from '../web-pages/text/index.js';
import type { PageIssuer } from './public-pages.service.js';
import type { ShownHolder } from './provenance.service.js';
import { text } from './text/index.js';

export const STYLESHEET_PATH = '/c/static/certificate.css';
/** The number the look-up's hint and its refusal show as an example. */
export const EXAMPLE_NUMBER = 'ART-2026-000042';

type StatusKey = 'issued' | 'suspended' | 'revoked' | 'not-issued';

/** The mark beside each status's words (text.certificate.statuses), read at a glance. */
const STATUS_MARKS: Record<StatusKey, string> = {
  issued: '✓',
  suspended: '!',
  revoked: '✕',
  'not-issued': '–',
};

/** A status's word and the sentence that says what it means, in the reader's language. */
function statusWording(key: StatusKey): { word: string; meaning: string } {
  return text.certificate.statuses[key === 'not-issued' ? 'notIssued' : key];
}

/** A day, in the reader's language. */
export function date(iso: string): SafeHtml {
  return html`<time datetime="${iso}">${formatDate(iso)}</time>`;
}

/** A category of objects (a planet) by its name in the reader's language. */
export function categoryName(planet: string): string {
  return pageWords.values.categories[planet] ?? fieldLabel(planet);
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
  /** Where the language switcher leads: a tap's link opened again reads as copied, so to the certificate's page. */
  languagePath: string;
}

/**
 * A public page: the site's header and footer around `main`. `top` goes above it: a tag's verdict on the tap page of
 * docs/tags.md, which is a certificate's page under it. `languagePath`: where the language switcher leads when this
 * page is no address to open again (the answer to a form).
 */
export function publicDocument(
  brand: ServiceBrand,
  title: string,
  main: SafeHtml,
  current: PageName = 'other',
  top?: TapVerdictPart,
  languagePath?: string,
): SafeHtml {
  const links = [
    current === 'look-up' ? undefined : html`<a href="/c">${text.page.checkACertificate}</a>`,
    current === 'how-to-check' ? undefined : html`<a href="/c/how-to-check">${text.page.howToCheck}</a>`,
  ].filter((link) => link !== undefined);
  return html`<!doctype html>
    <html lang="${currentLanguage()}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${top ? `${top.title} · ` : ''}${title}</title>
        <link rel="stylesheet" href="${STYLESHEET_PATH}" />
      </head>
      <body>
        <header class="site-header">
          <p class="brand"><a href="/">${brandMark(brand)}</a> <span>· ${text.page.brandTagline}</span></p>
        </header>
        <main id="main">${top?.banner ?? ''}${main}</main>
        <footer class="site-footer">
          <p>${links.map((link, index) => (index === 0 ? link : html` · ${link}`))}</p>
          ${languageNav(top?.languagePath ?? languagePath)}
        </footer>
      </body>
    </html>`;
}

/** Where a finder writes: the registering gallery by name when the address is its own, else the operator's address. */
function writeTo(contact: { email: string; gallery?: string }, subject: string): SafeHtml {
  const mail: RichTag = (words) =>
    html`<a href="mailto:${contact.email}?subject=${encodeURIComponent(subject)}">${words}</a>`;
  const words = text.registration;
  return contact.gallery
    ? words.writeToGallery(contact.gallery, mail, contact.email)
    : words.writeTo(mail, contact.email);
}

/**
 * The warning of an open stolen-or-lost alert (docs/alerts.md), above everything else on the card: the certificate may
 * still be genuine, but the object it describes is reported missing. role="alert" so a screen reader says it.
 */
function alertWarning(
  alert: { kind: 'stolen' | 'lost'; since: string },
  contact: { email: string; gallery?: string } | undefined,
): SafeHtml {
  const words = text.certificate.alert;
  return html`<div class="alert-warning" role="alert">
    <span class="status-mark" aria-hidden="true">!</span>
    <div>
      <strong class="alert-word">${text.certificate.reported(alert.kind)}</strong>
      <p>${words.reportedSince(alert.kind, date(alert.since))}</p>
      ${contact ? html`<p class="tell-the-issuer">${writeTo(contact, words.mailSubject(alert.kind))}</p>` : html`<p>${words.tellPoliceOrIssuer}</p>`}
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
      <span class="status-label">${text.certificate.status}</span>
      <strong class="status-word">${text.certificate.alert.statusWord(kind)}</strong>
      <span class="status-meaning">${text.certificate.alert.statusMeaning(kind)}</span>
    </p>
  </div>`;
}

function statusBanner(key: StatusKey): SafeHtml {
  const wording = statusWording(key);
  return html`<div class="status status-${key}">
    <span class="status-mark" aria-hidden="true">${STATUS_MARKS[key]}</span>
    <p class="status-text">
      <span class="status-label">${text.certificate.status}</span>
      <strong class="status-word">${wording.word}</strong>
      <span class="status-meaning">${wording.meaning}</span>
    </p>
  </div>`;
}

function lookUpForm(options: { value?: string; error?: string } = {}): SafeHtml {
  const describedBy = options.error ? 'number-hint number-error' : 'number-hint';
  const words = text.lookUp;
  return html`<form class="look-up" method="get" action="/c" role="search" aria-label="${words.formLabel}">
    <label for="number">${words.numberLabel}</label>
    <p id="number-hint" class="hint">${words.numberHint(EXAMPLE_NUMBER)}</p>
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
      <button type="submit">${words.check}</button>
    </div>
  </form>`;
}

/** The asset's first public image; its digest is in the signed credential, so a reader can check it. */
function certificateImage(image: MediaRecordType, title: string): SafeHtml {
  return html`<figure class="certificate-image">
    <img
      src="${image.url}"
      alt="${image.caption ?? text.certificate.photographOf(title)}"
      width="${image.width ?? ''}"
      height="${image.height ?? ''}"
    />
    ${image.caption ? html`<figcaption>${image.caption}</figcaption>` : ''}
  </figure>`;
}

/** Who registered the certificate (docs/public-page.md, "Whose name is on a certificate"): the gallery's own words. */
function registrationBlock(gallery: AccountProfile): SafeHtml {
  const place = [gallery.city, gallery.country].filter(Boolean).join(', ');
  return html`<section class="registered-by" aria-labelledby="registered-by-title">
    ${
      gallery.logo
        ? html`<img
            class="gallery-logo"
            src="${gallery.logo.url}"
            alt="${text.registration.logoAlt(gallery.displayName)}"
            width="${gallery.logo.width ?? ''}"
            height="${gallery.logo.height ?? ''}"
          />`
        : ''
    }
    <div>
      <h2 id="registered-by-title">${text.registration.registeredBy(gallery.displayName)}</h2>
      ${place ? html`<p>${place}</p>` : ''}
      ${
        gallery.website
          ? html`<p><a href="${gallery.website}" rel="noopener">${new URL(gallery.website).host}</a></p>`
          : ''
      }
      ${
        gallery.contactEmail
          ? html`<p><a href="mailto:${gallery.contactEmail}">${gallery.contactEmail}</a></p>`
          : ''
      }
    </div>
  </section>`;
}

/** Each approved correction: when, the fields it changed (old → new), images removed, its history entry. */
function correctionsBlock(corrections: readonly PublicAmendment[]): SafeHtml {
  const words = text.certificate;
  return html`<section class="corrections" aria-labelledby="corrections-title">
    <h2 id="corrections-title">${words.corrections}</h2>
    <ol>
      ${corrections.map(
        (correction) =>
          html`<li data-history-sequence="${correction.sequence}">
            <p>${words.correctionOn(date(correction.decidedAt))}</p>
            <dl class="facts">
              ${correction.changes.map(
                (change) =>
                  html`<div>
                    <dt>${fieldTerm(change.field)}</dt>
                    <dd>
                      <del>${change.old === null ? '—' : showValue(change.old)}</del> →
                      <ins>${change.new === null ? '—' : showValue(change.new)}</ins>
                    </dd>
                  </div>`,
              )}
            </dl>
            ${correction.imagesRemoved > 0 ? html`<p>${words.imagesRemoved(correction.imagesRemoved)}</p>` : ''}
            ${correction.imagesAdded > 0 ? html`<p>${words.imagesAdded(correction.imagesAdded)}</p>` : ''}
            <p class="hint">${words.historyEntry(correction.sequence)} · <code>${correction.hash}</code></p>
          </li>`,
      )}
    </ol>
  </section>`;
}

/** A month and year, in the reader's language: when a holder's holding began. */
function monthOf(iso: string): SafeHtml {
  return html`<time datetime="${iso}">${formatMonthYear(iso)}</time>`;
}

/** One holder in the reader's words: a gallery by its name, a collector by the name they chose or by none. */
function holderWords(holder: ShownHolder): SafeHtml | string {
  const words = text.provenance;
  const since = monthOf(holder.since);
  switch (holder.kind) {
    case 'registrant':
      return words.registrant(holder.name ?? '');
    case 'account':
      return words.account(holder.name ?? '', since);
    case 'former_collector':
      return words.erasedCollection(since);
    case 'collector':
      if (holder.name === undefined) return words.privateCollection(since);
      return holder.current
        ? words.namedCollection(holder.name, since)
        : words.namedFormerCollection(holder.name, since);
  }
}

/** The chain of holders, oldest first (docs/collectors.md, "Provenance"), shown once the object was handed over. */
function provenanceBlock(holders: readonly ShownHolder[]): SafeHtml {
  return html`<section class="provenance" aria-labelledby="provenance-title">
    <h2 id="provenance-title">${text.provenance.title}</h2>
    <p class="hint">${text.provenance.intro}</p>
    <ol class="provenance-chain">
      ${holders.map(
        (holder, index) =>
          html`<li>
            ${index > 0 ? html`<span class="provenance-arrow" aria-hidden="true">→</span>` : ''}
            ${holderWords(holder)}
          </li>`,
      )}
    </ol>
  </section>`;
}

/** A proof of holding as its page shows it: good (when it was checked, the receipt's address), or not good. */
export type ShownHoldingProof = { valid: true; checkedAt: Date; receiptPath: string } | { valid: false };

/** The verdict on a proof of holding shown on the certificate's page, in the status colours. */
function holdingProofBox(proof: ShownHoldingProof): SafeHtml {
  const words = text.holdingProof;
  if (!proof.valid)
    return html`<div class="holding-proof status-revoked" role="alert">
      <span class="status-mark" aria-hidden="true">✕</span>
      <div>
        <strong>${words.invalidTitle}</strong>
        <p>${words.invalid}</p>
      </div>
    </div>`;
  const checkedAt = proof.checkedAt.toISOString();
  return html`<div class="holding-proof status-issued" role="status">
    <span class="status-mark" aria-hidden="true">✓</span>
    <div>
      <strong>${words.validTitle}</strong>
      <p>${words.valid(html`<time datetime="${checkedAt}">${formatTimeOfDay(checkedAt)}</time>`)}</p>
      <p class="hint">${words.validHint}</p>
      <p><a href="${proof.receiptPath}" download="holding-proof-receipt.json">${words.receipt}</a></p>
    </div>
  </div>`;
}

/** A field of the certificate, named and valued in the reader's words where they are ours (a fixed choice). */
function fieldTerm(name: string): string {
  if (name === 'title') return text.certificate.titleField;
  return text.certificate.fieldLabels[name] ?? pageWords.fields.labels[name] ?? fieldLabel(name);
}

function fieldFact(name: string, value: unknown): SafeHtml {
  const shown =
    name === 'origin' && typeof value === 'string'
      ? (pageWords.fields.choices[value] ?? value)
      : showValue(value);
  return html`<div>
    <dt>${fieldTerm(name)}</dt>
    <dd>${shown}</dd>
  </div>`;
}

/** The page of an issued, suspended or revoked certificate: what it certifies, its status, who issued it. */
export function certificateView(view: {
  certificate: Extract<PublicCertificate, { issued: true }>;
  image?: MediaRecordType;
  pageUrl: string;
  qrSvg: string;
  issuer: PageIssuer;
  brand: ServiceBrand;
  /** The gallery that holds the registration, by its public profile. */
  registeredBy?: AccountProfile;
  /** The approved corrections, oldest first (docs/corrections.md). */
  corrections?: readonly PublicAmendment[];
  /** Who has held the object, once it was handed over (docs/collectors.md). */
  provenance?: readonly ShownHolder[];
  /** A proof of holding shown with the page's address (`?proof=`), checked now. */
  holdingProof?: ShownHoldingProof;
  /** Where the language switcher leads when the page's own query must stay (a proof's code). */
  languagePath?: string;
  checkedAt: Date;
  /** AVS_CONTACT_EMAIL: where a person who has seen a reported asset writes when the gallery gave no address. */
  contactEmail?: string;
  tap?: TapVerdictPart;
}): SafeHtml {
  const { certificate, issuer, registeredBy } = view;
  const number = certificate.certificate_number;
  const planet = categoryName(certificate.planet);
  const words = text.certificate;
  const contact = registeredBy?.contactEmail
    ? { email: registeredBy.contactEmail, gallery: registeredBy.displayName }
    : view.contactEmail
      ? { email: view.contactEmail }
      : undefined;
  return publicDocument(
    view.brand,
    `${certificate.alert ? `${words.reported(certificate.alert.kind)} · ` : ''}${words.pageTitle(statusWording(certificate.status).word, certificate.title)} · ${number}`,
    html`<article
      class="card ${certificate.alert ? 'card-alert' : `card-${certificate.status}`}"
      aria-labelledby="certificate-title"
    >
      <p class="eyebrow">${words.eyebrow(planet)}</p>
      <h1 id="certificate-title">${certificate.title}</h1>
      ${certificate.alert ? alertWarning(certificate.alert, contact) : ''}
      ${
        certificate.alert && certificate.status === 'issued'
          ? alertStatusBanner(certificate.alert.kind)
          : statusBanner(certificate.status)
      }
      ${view.holdingProof ? holdingProofBox(view.holdingProof) : ''}
      ${view.image ? certificateImage(view.image, certificate.title) : ''}
      <div class="card-body">
        <div class="card-facts">
          <dl class="facts">
            <div>
              <dt>${words.number}</dt>
              <dd class="number">${number}</dd>
            </div>
            <div>
              <dt>${words.category}</dt>
              <dd>${planet}</dd>
            </div>
            <div>
              <dt>${words.issuedOn}</dt>
              <dd>${date(certificate.issued_at)}</dd>
            </div>
            ${
              registeredBy?.showsInventoryNumber && certificate.inventory_number
                ? html`<div>
                    <dt>${words.inventoryNumber}</dt>
                    <dd>${certificate.inventory_number}</dd>
                  </div>`
                : ''
            }
            ${
              view.corrections?.length
                ? html`<div>
                    <dt>${words.correctedOn}</dt>
                    <dd>${date(view.corrections.at(-1)!.decidedAt)}</dd>
                  </div>`
                : ''
            }
            ${
              certificate.revoked_at
                ? html`<div>
                    <dt>${words.revokedOn}</dt>
                    <dd>${date(certificate.revoked_at)}</dd>
                  </div>`
                : ''
            }
            ${certificate.fields.map(([name, value]) => fieldFact(name, value))}
          </dl>
          ${view.corrections?.length ? correctionsBlock(view.corrections) : ''}
          ${registeredBy ? registrationBlock(registeredBy) : ''}
          ${view.provenance?.length ? provenanceBlock(view.provenance) : ''}
          <div class="issuer">
            <p>
              ${text.registration.certifiedBy((name) => html`<a href="${issuer.baseUrl}">${name}</a>`, view.brand.name)}
            </p>
            <details class="technical-details">
              <summary>${text.registration.technicalDetails}</summary>
              <dl class="facts">
                <div>
                  <dt>${text.registration.issuerIdentifier}</dt>
                  <dd><code>${issuer.did}</code></dd>
                </div>
              </dl>
            </details>
          </div>
        </div>
        <figure class="qr-figure">
          ${labelledQrSvg(view.qrSvg, words.qrLabel, 'qr')}
          <figcaption>
            ${words.scanToOpen}<br /><span class="url">${urlWithBreak(view.pageUrl)}</span>
          </figcaption>
        </figure>
      </div>
      <nav class="check-links" aria-label="${words.checkLinks}">
        <ul>
          <li><a href="/c/${number}/credential">${words.credential}</a></li>
          <li><a href="/c/how-to-check">${words.howToCheck}</a></li>
        </ul>
      </nav>
      <p class="checked-at">
        ${words.statusAsOf(
          html`<time datetime="${view.checkedAt.toISOString()}">${formatDateTime(view.checkedAt)}</time>`,
        )}
      </p>
    </article>`,
    'other',
    view.tap,
    view.languagePath,
  );
}

/** Pending, rejected, or revoked before issue: the page says only that no certificate was issued. */
export function notIssuedView(
  brand: ServiceBrand,
  certificateNumber: string,
  tap?: TapVerdictPart,
): SafeHtml {
  return publicDocument(
    brand,
    `${statusWording('not-issued').word} · ${certificateNumber}`,
    html`<article class="card card-not-issued" aria-labelledby="certificate-title">
      <p class="eyebrow">${text.certificate.notIssuedEyebrow}</p>
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
export function pageNotFoundView(brand: ServiceBrand, wrongMethod = false): SafeHtml {
  const words = text.page.notFound;
  const title = wrongMethod ? words.wrongMethodTitle : words.title;
  return panelPage(
    brand,
    title,
    html`<p>${wrongMethod ? words.wrongMethod : words.noPage} ${words.typeTheNumber}</p>
      ${lookUpForm()}
      <p><a href="/">${words.home}</a></p>`,
  );
}

/** A rich message's link: its words, to `href`. */
export function linkTo(href: string): RichTag {
  return (words) => html`<a href="${href}">${words}</a>`;
}

/** The panel a public page opens with, named by its heading (the page's h1); an eyebrow, when given, above it. */
export function titledPanel(
  heading: string,
  body: SafeHtml,
  options: { eyebrow?: string; className?: string } = {},
): SafeHtml {
  return html`<section class="${options.className ?? 'panel'}" aria-labelledby="page-title">
    ${options.eyebrow ? html`<p class="eyebrow">${options.eyebrow}</p>` : ''}
    <h1 id="page-title">${heading}</h1>
    ${body}
  </section>`;
}

/** A public page that is one titledPanel, its heading the page's title. */
function panelPage(
  brand: ServiceBrand,
  title: string,
  body: SafeHtml,
  options: { className?: string; current?: PageName } = {},
): SafeHtml {
  return publicDocument(
    brand,
    title,
    titledPanel(title, body, { className: options.className }),
    options.current,
  );
}

/**
 * The home page at `/` for a person (docs/public-page.md): what the service is, in a buyer's and a seller's words, the
 * look-up form, and where the console and the API's documentation are. Nothing about the running service.
 */
export function landingView(brand: ServiceBrand): SafeHtml {
  const words = text.landing;
  return publicDocument(
    brand,
    words.title,
    html`${titledPanel(
        words.heading,
        html`<p>${words.intro}</p>
          ${lookUpForm()}`,
      )}
      <section class="panel landing-more" aria-labelledby="more-title">
        <h2 id="more-title">${words.moreTitle}</h2>
        <ul>
          <li>${words.photoSearch(linkTo('/c'))}</li>
          <li>${words.howToCheck(linkTo('/c/how-to-check'))}</li>
          <li>${words.console(linkTo('/console'))}</li>
          <li>${words.api(linkTo('/docs'))}</li>
        </ul>
      </section>`,
    'home',
  );
}

export function notFoundView(brand: ServiceBrand, shown: string): SafeHtml {
  const words = text.certificate.notFound;
  return panelPage(
    brand,
    words.title,
    html`<p>${words.noSuchNumber}</p>
      <p class="shown-number">${shown}</p>
      <p>${words.checkAgain}</p>
      ${lookUpForm()}`,
  );
}

/**
 * The photo search's form (docs/media.md, "Photo search"): a plain multipart form, no script, posted to /c/search,
 * which answers a page of cards.
 */
function photoSearchForm(): SafeHtml {
  const words = text.photoSearch;
  return html`<form
    class="look-up photo-search"
    method="post"
    action="/c/search"
    enctype="multipart/form-data"
    role="search"
    aria-label="${words.title}"
  >
    ${photoField(
      'photo',
      { label: words.photoLabel, hint: words.photoHint },
      (input) => html`<div class="look-up-row">${input} <button type="submit">${words.search}</button></div>`,
    )}
  </form>`;
}

/** The look-up page's second way in: a photograph, searched among the assets reported stolen or lost. */
export function photoSearchSection(): SafeHtml {
  return html`<section class="panel photo-search-panel" aria-labelledby="photo-search-title">
    <h2 id="photo-search-title">${text.photoSearch.sectionTitle}</h2>
    <p>${text.photoSearch.sectionIntro}</p>
    ${photoSearchForm()}
  </section>`;
}

export function lookUpView(brand: ServiceBrand, options: { value?: string; error?: string } = {}): SafeHtml {
  return publicDocument(
    brand,
    text.lookUp.title,
    html`${titledPanel(
      text.lookUp.title,
      html`<p>${text.lookUp.intro}</p>
        ${lookUpForm(options)}`,
    )}
    ${photoSearchSection()}`,
    'look-up',
  );
}

export function howToCheckView(brand: ServiceBrand, issuer: PageIssuer): SafeHtml {
  const words = text.howToCheck;
  const strong: RichTag = (said) => html`<strong>${said}</strong>`;
  // What the verifier prints, as it prints it.
  const answer = (word: string) => html`<em>${word}</em>`;
  return panelPage(
    brand,
    words.title,
    html`<p>${words.intro}</p>
      <ol>
        <li>
          ${words.fetch(strong, text.certificate.credential)}
          <pre><code>curl -o certificate.json ${issuer.baseUrl}/c/NUMBER/credential</code></pre>
        </li>
        <li>
          ${words.verify(strong, html`<code class="token">eddsa-jcs-2022</code>`)}
          <pre><code>avs verify-credential certificate.json</code></pre>
          ${words.issuerKeys(
            html`<code>${issuer.did}</code>`,
            html`<a href="${issuer.didDocumentUrl}">${issuer.didDocumentUrl}</a>`,
          )}
        </li>
        <li>
          ${words.answers(
            strong,
            answer('VALID'),
            answer('SUSPENDED'),
            answer('REVOKED'),
            answer('INVALID'),
            answer('UNCHECKED'),
          )}
        </li>
      </ol>`,
    { className: 'panel prose', current: 'how-to-check' },
  );
}

export function errorView(brand: ServiceBrand, status: number, message: string): SafeHtml {
  const words = text.page.error;
  const title = status === 429 ? words.tooManyRequests : status === 503 ? words.tryAgainShortly : words.error;
  return panelPage(brand, title, html`<p>${message}</p>`);
}
