import { html, type SafeHtml } from '../../../lib/html.js';
import { csrfInput } from './console-layout.views.js';

/**
 * A console form with a file, under its heading: the CSRF token is its first part, which readMultipartForm checks
 * before it reads a file (console-uploads.ts). `attributes` adds to the form's own (a role, its name).
 */
export function uploadFormSection(options: {
  session: { csrfToken: string };
  id: string;
  heading: string;
  action: string;
  fields: SafeHtml;
  submit: string;
  attributes?: SafeHtml;
  sectionClass?: string;
}): SafeHtml {
  return html`<section
    aria-labelledby="${options.id}-heading"
    ${options.sectionClass ? html`class="${options.sectionClass}"` : ''}
  >
    <h2 id="${options.id}-heading">${options.heading}</h2>
    <form
      method="post"
      action="${options.action}"
      enctype="multipart/form-data"
      class="stacked"
      ${options.attributes ?? ''}
    >
      ${csrfInput(options.session)} ${options.fields}
      <button type="submit">${options.submit}</button>
    </form>
  </section>`;
}
