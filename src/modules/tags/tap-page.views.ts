import { html, type SafeHtml } from '../../lib/html.js';
import type { CertificatePage } from '../public-pages/public-pages.service.js';
import {
  certificateView,
  notIssuedView,
  publicDocument,
  type TapVerdictPart,
} from '../public-pages/public-pages.views.js';
import type { TapResultType, TapVerdict } from './tags.schemas.js';

/** Each verdict in plain words (docs/tags.md): a word read at a glance, and what it means for the object in hand. */
const VERDICT_WORDING: Record<TapVerdict, { word: string; mark: string; tone: 'good' | 'warn' | 'bad' }> = {
  genuine: { word: 'Genuine tag', mark: '✓', tone: 'good' },
  copied: { word: 'Copied link', mark: '!', tone: 'bad' },
  forged: { word: 'Forged tag', mark: '✕', tone: 'bad' },
  unknown_tag: { word: 'Unknown tag', mark: '✕', tone: 'bad' },
  unbound: { word: 'Tag unbound', mark: '!', tone: 'warn' },
  tampered: { word: 'Tag tampered', mark: '!', tone: 'bad' },
};

/** A verdict in a word, as the tap page says it (the console's list of taps too). */
export function tapVerdictWord(verdict: TapVerdict): string {
  return VERDICT_WORDING[verdict].word;
}

function verdictMeaning(result: TapResultType): SafeHtml {
  const tap = result.counter === null ? '' : ` (tap ${result.counter})`;
  switch (result.verdict) {
    case 'genuine':
      return html`Tapped now${tap}: this is the tag bound to the certificate below, and the link it made is
      new.`;
    case 'copied':
      return html`This link${tap} was opened before. A genuine tag makes a new link at every tap, so this one
      was copied from an earlier tap: it proves nothing about the object in front of you. If you only reloaded
      this page, tap the tag again.`;
    case 'forged':
      return html`The link claims to come from the tag of the certificate below, but its signature does not
      match that tag's key: it was not made by that tag. Do not rely on the object it came from.`;
    case 'unknown_tag':
      return html`This link was not made by a tag this registry knows. It proves nothing about the object.`;
    case 'unbound':
      return html`This tag${tap} is genuine but no longer bound to the certificate below: it was unbound. It
      does not identify the object any more.`;
    case 'tampered':
      return html`The tag${tap} reports that its tamper loop was opened: the seal of the object was broken.
      Have the object checked before you rely on it.`;
  }
}

/** The certificate's own warnings in one line, for a genuine tag: the tag is right, the certificate may not be. */
function certificateCaveat(certificate: TapResultType['certificate']): SafeHtml | '' {
  if (!certificate) return '';
  if (certificate.alert)
    return html`<p class="tap-caveat">
      But the item is reported ${certificate.alert.kind}: read the warning below.
    </p>`;
  if (certificate.status !== 'issued')
    return html`<p class="tap-caveat">
      But the certificate is ${certificate.status === 'not_issued' ? 'not issued' : certificate.status}: do
      not rely on it.
    </p>`;
  return '';
}

function verdictPart(result: TapResultType): TapVerdictPart {
  const wording = VERDICT_WORDING[result.verdict];
  // A genuine tag on an item reported stolen or lost is no good news: red, the report before the tag's meaning.
  const reported =
    result.verdict === 'genuine' && result.certificate?.alert ? result.certificate.alert : null;
  const tone = reported ? 'bad' : wording.tone;
  return {
    title: wording.word,
    banner: html`<section
      class="tap-verdict tap-${tone}"
      role="${tone === 'good' ? 'status' : 'alert'}"
      aria-labelledby="tap-verdict-word"
    >
      <span class="status-mark" aria-hidden="true">${reported ? '!' : wording.mark}</span>
      <div class="tap-verdict-text">
        <p class="status-label">NFC tag</p>
        <p><strong class="status-word" id="tap-verdict-word">${wording.word}</strong></p>
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
  contactEmail?: string;
}): SafeHtml {
  const top = verdictPart(view.result);
  const { page } = view;
  if (page?.kind !== 'certificate')
    return publicDocument(
      'Certificate check',
      html`<section class="panel" aria-labelledby="page-title">
        <h1 id="page-title">Certificate check</h1>
        <p>To check a certificate, type its number on <a href="/c">the certificate check</a>.</p>
      </section>`,
      'other',
      top,
    );
  if (!page.certificate.issued) return notIssuedView(page.certificate.certificate_number, top);
  return certificateView({
    ...page,
    certificate: page.certificate,
    checkedAt: new Date(view.result.tapped_at),
    contactEmail: view.contactEmail,
    tap: top,
  });
}
