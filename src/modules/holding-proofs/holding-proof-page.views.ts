import { formatTimeOfDay } from '../../i18n/formats.js';
import { html, type SafeHtml } from '../../lib/html.js';
import { labelledQrSvg, qrCodeSvgOnce } from '../../lib/qr-codes.js';
import type { HoldingProof } from './holding-proofs.service.js';
import { text } from './text/index.js';

/**
 * Where a holder acts on the object (/collection, the console's hand-over page): the offer to make a proof of
 * holding, a form posting to `action` with the host's form check (`csrf`).
 */
export function holdingProofOffer(action: string, csrf: SafeHtml): SafeHtml {
  const words = text.holdingProofOffer;
  return html`<h3>${words.title}</h3>
    <p>${words.intro}</p>
    <form method="post" action="${action}">${csrf}<button type="submit">${words.button}</button></form>`;
}

/**
 * A proof just made, as its page shows it (the host's frame around it, `no-store`): its QR code of the proof's
 * address under `baseUrl` (AVS_PUBLIC_URL), drawn for this page alone since the code is the holder's secret.
 */
export async function madeHoldingProofContent(proof: HoldingProof, baseUrl: string): Promise<SafeHtml> {
  const absoluteUrl = `${baseUrl}${proof.url}`;
  return holdingProofContent({ ...proof, absoluteUrl, qrSvg: await qrCodeSvgOnce(absoluteUrl) });
}

/** The page of a new proof of holding (docs/collectors.md): its QR code, its address and code, until when. */
function holdingProofContent(view: {
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
