import type { FastifyReply } from 'fastify';
import { formatDateTime } from '../../i18n/formats.js';
import { currentLanguage } from '../../i18n/request-language.js';
import { html, type SafeHtml } from '../../lib/html.js';
import { text } from './text/index.js';

export interface Flash {
  kind: 'notice' | 'error';
  message: string | SafeHtml;
}

/** The whole HTML document of a page of /admin or /console: its own title suffix, stylesheet and script. */
export function pageDocument(options: {
  title: string;
  app: string;
  /** Stylesheets, applied in this order (a page's own after the app's). */
  stylesheet: string | readonly string[];
  /** Scripts, run in this order once the page is parsed. */
  script?: string | readonly string[];
  body: SafeHtml;
  csrfToken?: string;
}): SafeHtml {
  return html`<!doctype html>
    <html lang="${currentLanguage()}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${options.title} · ${options.app}</title>
        ${options.csrfToken ? html`<meta name="csrf-token" content="${options.csrfToken}" />` : ''}
        ${[options.stylesheet].flat().map((href) => html`<link rel="stylesheet" href="${href}" />`)}
        ${[options.script ?? []].flat().map((src) => html`<script src="${src}" defer></script>`)}
      </head>
      <body>
        <a class="skip-link" href="#main">${text.frame.skipLink}</a>
        ${options.body}
      </body>
    </html> `;
}

export function flashMessage(flash: Flash | undefined): SafeHtml {
  if (!flash) return html``;
  return flash.kind === 'error'
    ? html`<div class="flash flash-error" role="alert"><p>${flash.message}</p></div>`
    : html`<div class="flash flash-notice" role="status"><p>${flash.message}</p></div>`;
}

/** A moment as the reader's language writes it, machine-readable in its datetime. */
export function formatTime(value: string | null | undefined, empty = '—'): SafeHtml {
  if (!value) return html`${empty}`;
  return html`<time datetime="${value}">${formatDateTime(value)}</time>`;
}

export function sendPage(reply: FastifyReply, page: SafeHtml, status = 200): FastifyReply {
  return reply.code(status).type('text/html; charset=utf-8').send(page.value);
}
