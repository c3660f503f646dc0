import { formatTimeOfDay } from '../../i18n/formats.js';
import { html, type SafeHtml } from '../../lib/html.js';
import { labelledQrSvg } from '../../lib/qr-codes.js';
import { text } from './text/index.js';

/** The page of a new proof of holding (docs/collectors.md): its QR code, its address and code, until when. */
export function holdingProofContent(view: {
  title: string;
  certificateNumber: string;
  /** The proof's absolute address (under AVS_PUBLIC_URL), which the QR code holds. */
  absoluteUrl: string;
  qrSvg: string;
  code: string;
  expiresAt: Date;
}): SafeHtml {
  const words = text.holdingProofPage;
  const until = view.expiresAt.toISOString();
  // A fixed size: the QR code is read from a phone held out to someone, not stretched across a wide screen.
  const sized = view.qrSvg.replace('<svg ', '<svg width="240" height="240" ');
  return html`<section class="holding-proof-page" aria-labelledby="holding-proof-title">
    <p class="eyebrow">${words.eyebrow(view.certificateNumber)}</p>
    <h1 id="holding-proof-title">${view.title}</h1>
    <p>${words.intro}</p>
    <figure class="qr-figure">${labelledQrSvg(sized, words.qrLabel, 'qr')}</figure>
    <dl class="facts">
      <div>
        <dt>${words.code}</dt>
        <dd><code class="proof-code">${view.code}</code></dd>
      </div>
      <div>
        <dt>${words.address}</dt>
        <dd><span class="url">${view.absoluteUrl}</span></dd>
      </div>
    </dl>
    <p class="valid-until">
      <strong>${words.validUntil(html`<time datetime="${until}">${formatTimeOfDay(until)}</time>`)}</strong>
    </p>
    <p class="hint">${words.once}</p>
  </section>`;
}
