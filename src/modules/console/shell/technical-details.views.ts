import { html, type SafeHtml } from '../../../lib/html.js';
import { text } from '../text/index.js';

/**
 * What only a developer needs (an id, an API request) behind a closed "Technical details" disclosure: a person reads
 * the page without meeting it (#47, people's words).
 */
export function technicalDetails(rows: readonly (readonly [label: string, value: string])[]): SafeHtml {
  return html`<details class="technical-details">
    <summary>${text.technical.summary}</summary>
    <dl>
      ${rows.map(
        ([label, value]) =>
          html`<dt>${label}</dt>
            <dd><code>${value}</code></dd>`,
      )}
    </dl>
  </details>`;
}
