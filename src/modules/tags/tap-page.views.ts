import { html, type SafeHtml } from '../../lib/html.js';
import { text } from '../public-pages/text/index.js';
import type { CertificatePage } from '../public-pages/public-pages.service.js';
import type { ServiceBrand } from '../../lib/service-brand.js';
import {
  certificateView,
  linkTo,
  notIssuedView,
  publicDocument,
  titledPanel,
  type TapVerdictPart,
} from '../public-pages/public-pages.views.js';
import type { TapResultType, TapVerdict } from './tags.schemas.js';

/** Each verdict at a glance (docs/tags.md): its mark and tone; its word and meaning are in text.tap. */
const VERDICT_LOOK: Record<TapVerdict, { mark: string; tone: 'good' | 'warn' | 'bad' }> = {
  genuine: { mark: '✓', tone: 'good' },
  copied: { mark: '!', tone: 'bad' },
  forged: { mark: '✕', tone: 'bad' },
  unknown_tag: { mark: '✕', tone: 'bad' },
  unbound: { mark: '!', tone: 'warn' },
  tampered: { mark: '!', tone: 'bad' },
};

/** A verdict in a word, as the tap page says it (the console's list of taps too), in the reader's language. */
export function tapVerdictWord(verdict: TapVerdict): string {
  return text.tap.verdicts[verdict];
}

/** What the verdict means for the object in hand, with the tap's number when the link carries one. */
function verdictMeaning(result: TapResultType): string {
  const meanings = text.tap.meanings;
  // Passed as text: a tap's number is shown as it is, never grouped like an amount.
  const counter = result.counter === null ? 'none' : String(result.counter);
  switch (result.verdict) {
    case 'genuine':
    case 'copied':
    case 'unbound':
    case 'tampered':
      return meanings[result.verdict](counter);
    case 'forged':
    case 'unknown_tag':
      return meanings[result.verdict];
  }
}

/** The certificate's own warnings in one line, for a genuine tag: the tag is right, the certificate may not be. */
function certificateCaveat(certificate: TapResultType['certificate']): SafeHtml | '' {
  if (!certificate) return '';
  if (certificate.alert)
    return html`<p class="tap-caveat">${text.tap.reportedCaveat(certificate.alert.kind)}</p>`;
  if (certificate.status !== 'issued')
    return html`<p class="tap-caveat">${text.tap.statusCaveat(certificate.status)}</p>`;
  return '';
}

function verdictPart(result: TapResultType): TapVerdictPart {
  const look = VERDICT_LOOK[result.verdict];
  const word = tapVerdictWord(result.verdict);
  // A genuine tag on an item reported stolen or lost is no good news: red, the report before the tag's meaning.
  const reported =
    result.verdict === 'genuine' && result.certificate?.alert ? result.certificate.alert : null;
  const tone = reported ? 'bad' : look.tone;
  return {
    title: word,
    // Opening the tap's link again would read as a copied link: the switcher leads to the certificate's page instead.
    languagePath: result.certificate ? `/c/${result.certificate.number}` : '/c',
    banner: html`<section
      class="tap-verdict tap-${tone}"
      role="${tone === 'good' ? 'status' : 'alert'}"
      aria-labelledby="tap-verdict-word"
    >
      <span class="status-mark" aria-hidden="true">${reported ? '!' : look.mark}</span>
      <div class="tap-verdict-text">
        <p class="status-label">${text.tap.nfcTag}</p>
        <p><strong class="status-word" id="tap-verdict-word">${word}</strong></p>
        ${reported ? certificateCaveat(result.certificate) : ''}
        <p class="tap-meaning">${verdictMeaning(result)}</p>
        ${result.verdict === 'genuine' && !reported ? certificateCaveat(result.certificate) : ''}
      </div>
    </section>`,
  };
}

/** The tap page: the verdict on top of the certificate's public page (a page of its own for an unknown tag). */
export function tapView(view: {
  result: TapResultType;
  page: CertificatePage | undefined;
  brand: ServiceBrand;
  contactEmail?: string;
}): SafeHtml {
  const top = verdictPart(view.result);
  const { page } = view;
  if (page?.kind !== 'certificate')
    return publicDocument(
      view.brand,
      text.tap.unknownTitle,
      titledPanel(text.tap.unknownTitle, html`<p>${text.tap.unknownIntro(linkTo('/c'))}</p>`),
      'other',
      top,
    );
  if (!page.certificate.issued) return notIssuedView(view.brand, page.certificate.certificate_number, top);
  return certificateView({
    ...page,
    certificate: page.certificate,
    checkedAt: new Date(view.result.tapped_at),
    brand: view.brand,
    contactEmail: view.contactEmail,
    tap: top,
  });
}
