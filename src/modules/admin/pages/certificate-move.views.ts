import { limits } from '../../../limits.js';
import { html, type SafeHtml } from '../../../lib/html.js';
import { certificateMovesFrom, type CertificateMove } from '../../assets/asset-states.js';
import { adminText } from '../text/index.js';

/** The moves the review queue and the asset page offer for a certificate status, from the state table. */
export function offeredCertificateMoves(status: string): CertificateMove[] {
  const moves = certificateMovesFrom(status);
  // A certificate never issued is ended by rejecting it; the table's revoke-while-pending stays for the API.
  return moves.includes('reject') ? moves.filter((move) => move !== 'revoke') : moves;
}

/** A move's button: "Suspend". */
export function moveLabel(move: CertificateMove): string {
  return adminText.moves.labels[move];
}

/** Issue and reinstate are one button; the other moves take a reason (required for a revocation). */
export function moveTakesReason(move: CertificateMove): boolean {
  return move !== 'issue' && move !== 'reinstate';
}

/** The reason an operator gives for a move or an answer: required (a revocation, a refusal) or optional. */
export function reasonField(options: { fieldId: string; label: string; required: boolean }): SafeHtml {
  const { fieldId, label, required } = options;
  return html`<div class="field">
    <label for="${fieldId}">${label}</label>
    <input
      id="${fieldId}"
      name="reason"
      maxlength="${limits.stringLength}"
      ${required ? html` required` : ''}
    />
  </div>`;
}

/** A move that takes a reason, folded behind its label; the review queue and the asset page both show it. */
export function moveWithReasonForm(options: {
  action: string;
  hidden: SafeHtml;
  label: SafeHtml | string;
  move: CertificateMove;
  fieldId: string;
}): SafeHtml {
  const { action, hidden, label, move, fieldId } = options;
  const required = move === 'revoke';
  return html`<details class="move">
    <summary>${label}…</summary>
    <form method="post" action="${action}" class="stacked">
      ${hidden}
      ${reasonField({
        fieldId,
        label: required ? adminText.moves.reason : adminText.moves.reasonOptional,
        required,
      })}
      <button type="submit" class="${move === 'revoke' ? 'danger' : 'button-secondary'}">${label}</button>
    </form>
  </details>`;
}
