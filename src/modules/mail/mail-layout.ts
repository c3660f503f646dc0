import { html } from '../../lib/html.js';
import type { Language } from '../../i18n/locales.js';
import { mailText } from './text/index.js';

/** What a message says, in the recipient's language; the layout makes its plain-text and HTML versions. */
export interface MailContent {
  subject: string;
  heading: string;
  paragraphs: string[];
  /** Lines that each lead somewhere (a digest's notices): in HTML a list of links, in text each address spelled out. */
  links?: { text: string; url: string }[];
  /** The one thing to do, as a button and as the address spelled out. */
  action?: { label: string; url: string };
  /** Paragraphs after the action (how long the link works, what to do if it was not you). */
  after?: string[];
}

export interface MailFrame {
  language: Language;
  /** The service's name as people read it (AVS_SERVICE_NAME). */
  service: string;
  recipient: string;
  /** Notices only: the one-click way to stop this kind of message. */
  unsubscribeUrl?: string;
}

function footerLines(frame: MailFrame): string[] {
  return [
    mailText.layout.sentTo(frame.service, frame.recipient),
    mailText.layout.noReply,
    ...(frame.unsubscribeUrl ? [mailText.layout.choose] : []),
  ];
}

/** The plain-text version: every link spelled out on a line of its own. */
export function plainTextOf(content: MailContent, frame: MailFrame): string {
  const blocks = [content.heading, ...content.paragraphs];
  if (content.links?.length)
    blocks.push(content.links.map((link) => `- ${link.text}\n  ${link.url}`).join('\n'));
  if (content.action) blocks.push(`${content.action.label}:\n${content.action.url}`);
  blocks.push(...(content.after ?? []));
  const footer = footerLines(frame);
  if (frame.unsubscribeUrl) footer.push(`${mailText.layout.turnOff} ${frame.unsubscribeUrl}`);
  return `${blocks.join('\n\n')}\n\n-- \n${footer.join('\n')}\n`;
}

const BODY_STYLE =
  'margin:0;padding:24px;background:#f6f6f4;color:#1a1a1a;font-family:Helvetica,Arial,sans-serif;font-size:16px;line-height:1.5';
const CARD_STYLE = 'max-width:560px;margin:0 auto;background:#ffffff;padding:24px;border:1px solid #dddddd';
const BUTTON_STYLE =
  'display:inline-block;padding:12px 20px;background:#1f4e79;color:#ffffff;text-decoration:none;font-weight:bold';
const SMALL_STYLE = 'font-size:13px;color:#555555';

/** The HTML version: no remote images, no scripts, no tracking; styles inline, as mail clients need them. */
export function htmlOf(content: MailContent, frame: MailFrame): string {
  const action = content.action;
  return html`<!doctype html>
    <html lang="${frame.language}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${content.subject}</title>
      </head>
      <body style="${BODY_STYLE}">
        <div style="${CARD_STYLE}">
          <h1 style="font-size:22px;margin:0 0 16px">${content.heading}</h1>
          ${content.paragraphs.map((paragraph) => html`<p>${paragraph}</p> `)}${
            content.links?.length
              ? html`<ul>
                  ${content.links.map((link) => html`<li><a href="${link.url}">${link.text}</a></li> `)}
                </ul> `
              : ''
          }${
            action
              ? html`<p><a href="${action.url}" style="${BUTTON_STYLE}">${action.label}</a></p>
                  <p style="${SMALL_STYLE}">
                    ${mailText.layout.linkSpelledOut}<br /><a href="${action.url}">${action.url}</a>
                  </p> `
              : ''
          }${(content.after ?? []).map((paragraph) => html`<p>${paragraph}</p> `)}
          <hr style="border:0;border-top:1px solid #dddddd;margin:24px 0 12px" />
          ${footerLines(frame).map((line) => html`<p style="${SMALL_STYLE}">${line}</p> `)}${
            frame.unsubscribeUrl
              ? html`<p style="${SMALL_STYLE}">
                  <a href="${frame.unsubscribeUrl}">${mailText.layout.turnOff}</a>
                </p> `
              : ''
          }
        </div>
      </body>
    </html> `.toString();
}
