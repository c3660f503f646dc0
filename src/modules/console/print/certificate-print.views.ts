import { html, showValue, type SafeHtml } from '../../../lib/html.js';
import { labelledQrSvg } from '../../../lib/qr-codes.js';
import { LANGUAGE_NAMES, LANGUAGES } from '../../../i18n/locales.js';
import { currentLanguage } from '../../../i18n/request-language.js';
import type { Membership } from '../../members/members.service.js';
import type { MemberSession } from '../../members/member-sessions.service.js';
import { categoryName } from '../../web-pages/category-name.js';
import { dataTable, selectField, valueOptions } from '../../web-pages/form-parts.views.js';
import { formatTime } from '../../web-pages/page-document.views.js';
import type { ServiceBrand } from '../../../lib/service-brand.js';
import { consolePage } from '../shell/console-layout.views.js';
import { text } from '../text/index.js';
import type { AccountProfile } from '../../accounts/account-profiles.service.js';
import type { PrintableCertificate, PrintLabel } from './certificate-print.service.js';
import { printedFieldLabel } from './print-pdf.js';

interface Frame {
  session: MemberSession;
  memberships: readonly Membership[];
  service: ServiceBrand;
}

const words = text.print;
const registration = text.registration;

function qrCode(label: PrintLabel, className: string): SafeHtml {
  return labelledQrSvg(label.qrSvg, words.qrLabel(label.certificateNumber), className);
}

interface Link {
  href: string;
  label: string;
}

/** The language a PDF is drawn in (`?language=`, not the console's `?lang=`): the five by their own names, the page's first. */
export function pdfLanguageField(id: string, label: string): SafeHtml {
  const page = currentLanguage();
  return selectField(
    label,
    { id, name: 'language' },
    LANGUAGES.map(
      (language) =>
        html`<option value="${language}" lang="${language}" ${language === page ? html` selected` : ''}>
          ${LANGUAGE_NAMES[language]}
        </option>`,
    ),
  );
}

/** A page to print: on screen its hint, downloads and links first; printed, only its body (print.css). */
function printPage(
  frame: Frame,
  page: {
    title: string;
    hint: string;
    downloads: readonly Link[];
    /** A form that downloads, when the download takes a choice (the certificate's language and paper). */
    downloadForm?: SafeHtml;
    links: readonly Link[];
    body: SafeHtml;
  },
): SafeHtml {
  return consolePage({
    ...frame,
    title: page.title,
    section: 'assets',
    stylesheet: 'print.css',
    content: html`<div class="print-actions">
        <p>${page.hint}</p>
        ${page.downloadForm ?? ''}
        <p class="inline-actions">
          ${page.downloads.map((link) => html`<a class="button-link" href="${link.href}" download>${link.label}</a>`)}
          ${page.links.map((link) => html`<a href="${link.href}">${link.label}</a>`)}
        </p>
      </div>
      ${page.body}`,
  });
}

/** The printable certificate: on screen with its downloads; printed, the certificate alone on one sheet (print.css). */
export function certificatePrintPage(frame: Frame & { certificate: PrintableCertificate }): SafeHtml {
  const { certificate } = frame;
  const base = `/console/assets/${certificate.planet}/${certificate.assetId}`;
  const rows: [string, SafeHtml | string][] = [
    [words.number, html`<strong class="printed-number">${certificate.certificateNumber}</strong>`],
    [words.category, categoryName(certificate.planet)],
    ...certificate.fields.map(([name, value]): [string, string] => [
      printedFieldLabel(name),
      showValue(value),
    ]),
    [words.issuedAt, formatTime(certificate.issuedAt)],
  ];
  const gallery = certificate.registeredBy;
  return printPage(frame, {
    title: words.certificateTitle(certificate.certificateNumber),
    hint: words.printButtonHint,
    downloads: [],
    downloadForm: html`<form method="get" action="${base}/certificate.pdf" class="stacked">
      ${pdfLanguageField('certificate-language', words.language)}
      <p class="hint">${words.languageHint}</p>
      <p class="inline-actions">
        <button type="submit" name="paper" value="a4">${words.downloadA4}</button>
        <button type="submit" name="paper" value="letter" class="button-secondary">
          ${words.downloadLetter}
        </button>
      </p>
    </form>`,
    links: [
      { href: base, label: words.backToAsset },
      { href: `/console/labels?planet=${certificate.planet}`, label: words.labelsLink },
    ],
    body: html`<article class="printed-certificate" aria-labelledby="printed-title">
      <header>
        ${
          gallery.logo
            ? html`<img
                class="printed-gallery-logo"
                src="${gallery.logo.url}"
                alt="${text.profile.logoAlt(gallery.displayName)}"
                width="${gallery.logo.width ?? ''}"
                height="${gallery.logo.height ?? ''}"
              />`
            : ''
        }
        <p class="printed-kicker">${words.heading}</p>
        <h2 id="printed-title">${certificate.title}</h2>
        <p class="printed-issued-by">${registration.registeredBy(gallery.displayName)}</p>
      </header>
      ${
        certificate.image
          ? html`<figure class="printed-image">
              <img
                src="${certificate.image.url}"
                alt="${certificate.image.caption ?? words.imageAlt(certificate.title)}"
                width="${certificate.image.width ?? ''}"
                height="${certificate.image.height ?? ''}"
              />
            </figure>`
          : ''
      }
      <div class="printed-body">
        <table class="printed-details">
          <caption class="visually-hidden">
            ${words.detailsCaption}
          </caption>
          <tbody>
            ${rows.map(
              ([label, value]) =>
                html`<tr>
                  <th scope="row">${label}</th>
                  <td>${value}</td>
                </tr>`,
            )}
          </tbody>
        </table>
        <figure class="printed-qr">
          ${qrCode(certificate, 'qr')}
          <figcaption>${words.verify} <span class="printed-url">${certificate.pageUrl}</span></figcaption>
        </figure>
      </div>
      <footer class="printed-certified">
        <p>${registration.certifiedBy(certificate.service.name)}</p>
        <details class="printed-technical">
          <summary>${registration.technicalHeading}</summary>
          <dl>
            <dt>${words.issuer}</dt>
            <dd><code>${certificate.issuerDid}</code></dd>
            <dt>${words.keyId}</dt>
            <dd><code>${certificate.keyId}</code></dd>
          </dl>
        </details>
      </footer>
    </article>`,
  });
}

/** The choice of labels: a planet, then its issued certificates by checkbox; the sheet as a page or a PDF. */
export function labelChoicePage(
  frame: Frame & {
    planets: readonly string[];
    planet: string;
    assets: readonly { id: string; certificate_number: string; title: string; updated_at: string }[];
    nextCursor: string | null;
  },
): SafeHtml {
  const labels = words.labels;
  const table =
    frame.assets.length === 0
      ? html`<p class="empty">${labels.none}</p>`
      : dataTable({
          caption: labels.caption(categoryName(frame.planet)),
          responsive: true,
          columns: [labels.choose, labels.number, labels.titleColumn],
          rows: frame.assets.map(
            (asset) =>
              html`<tr>
                <td data-label="${labels.choose}">
                  <input
                    type="checkbox"
                    name="ids"
                    value="${asset.id}"
                    id="label-${asset.id}"
                    aria-label="${labels.chooseOne(asset.certificate_number)}"
                  />
                </td>
                <td data-label="${labels.number}"><code>${asset.certificate_number}</code></td>
                <td data-label="${labels.titleColumn}">${asset.title}</td>
              </tr>`,
          ),
        });
  return consolePage({
    ...frame,
    title: labels.title,
    section: 'assets',
    content: html`<p>${labels.intro}</p>
      <form method="get" action="/console/labels" class="filters" aria-label="${labels.category}">
        ${selectField(
          labels.category,
          { id: 'labels-planet', name: 'planet' },
          valueOptions(
            frame.planets,
            frame.planet,
            undefined,
            Object.fromEntries(frame.planets.map((planet) => [planet, categoryName(planet)])),
          ),
        )}
        <button type="submit" class="button-secondary">${labels.show}</button>
      </form>
      <form method="get" action="/console/labels/sheet" id="labels-form">
        <input type="hidden" name="planet" value="${frame.planet}" />
        ${table}
        ${
          frame.assets.length === 0
            ? ''
            : html`${selectField(
                  labels.paper,
                  { id: 'labels-paper', name: 'paper' },
                  html`<option value="a4">${labels.a4}</option>
                    <option value="letter">${labels.letter}</option>`,
                )}
                ${pdfLanguageField('labels-language', labels.language)}
                <p class="inline-actions">
                  <button type="submit">${labels.printSheet}</button>
                  <button type="submit" class="button-secondary" formaction="/console/labels.pdf">
                    ${labels.downloadPdf}
                  </button>
                </p>`
        }
      </form>
      ${
        frame.nextCursor
          ? html`<p>
              <a
                href="/console/labels?planet=${frame.planet}&amp;cursor=${encodeURIComponent(frame.nextCursor)}"
                >${labels.next}</a
              >
            </p>`
          : ''
      }`,
  });
}

/** The label sheet to print: 3 across, 8 down a page (print.css), each the QR code with the number under it. */
export function labelSheetPage(
  frame: Frame & {
    planet: string;
    labels: readonly PrintLabel[];
    registeredBy: AccountProfile;
    pdfHref: string;
  },
): SafeHtml {
  const labels = words.labels;
  const gallery = frame.registeredBy;
  return printPage(frame, {
    title: labels.sheetTitle(frame.labels.length),
    hint: labels.sheetHint,
    downloads: [{ href: frame.pdfHref, label: labels.downloadPdf }],
    links: [{ href: `/console/labels?planet=${frame.planet}`, label: labels.backToChoice }],
    body: html`<ul class="label-sheet">
      ${frame.labels.map(
        (label) =>
          html`<li class="print-label">
            ${qrCode(label, 'qr')}
            <span class="print-label-number">${label.certificateNumber}</span>
            <span class="print-label-title">${label.title}</span>
            <span class="print-label-gallery"
              >${gallery.logo ? html`<img src="${gallery.logo.url}" alt="" />` : ''}${registration.registeredBy(
                gallery.displayName,
              )}</span
            >
          </li>`,
      )}
    </ul>`,
  });
}
