import { html, type SafeHtml } from '../../../lib/html.js';
import { imageTypes } from '../../media/media-types.js';

/**
 * The photograph a photo search looks for (docs/media.md, "Photo search"): its label, the hint read with it, and the
 * file input, required, taking the types the search takes; `row` places the input (the public look-up puts it in a row
 * with its button).
 */
export function photoField(
  id: string,
  words: { label: string; hint: string },
  row: (input: SafeHtml) => SafeHtml = (input) => input,
): SafeHtml {
  return html`<label for="${id}">${words.label}</label>
    <p id="${id}-hint" class="hint">${words.hint}</p>
    ${row(
      html`<input
        id="${id}"
        name="photo"
        type="file"
        accept="${imageTypes.join(',')}"
        required
        aria-describedby="${id}-hint"
      />`,
    )}`;
}
