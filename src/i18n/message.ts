import { IntlMessageFormat } from 'intl-messageformat';
import { SafeHtml, html, type Interpolation } from '../lib/html.js';

/** A value a message's placeholder takes: text, a number (formatted for the language) or a date. */
export type MessageValue = string | number | Date;

/**
 * A message with placeholders, written in English as an ICU MessageFormat source; `names` says which argument fills
 * which placeholder, so views call it like a function: `text.assets.listTitle(category)`.
 */
export type Message<Names extends readonly string[] = readonly string[]> = ((
  ...values: { [K in keyof Names]: MessageValue }
) => string) & { readonly source: string; readonly names: Names; readonly rich: false };

/** A part a rich message wraps around its words: `<link>…</link>` in the source becomes `tag(words)`. */
export type RichTag = (words: SafeHtml) => SafeHtml;

/** A message whose words hold markup (a link, emphasis, a <time>): its values may be markup or tags. */
export type RichMessage<Names extends readonly string[] = readonly string[]> = ((
  ...values: { [K in keyof Names]: MessageValue | SafeHtml | RichTag }
) => SafeHtml) & { readonly source: string; readonly names: Names; readonly rich: true };

export type AnyMessage = Message | RichMessage;

export function isMessage(value: unknown): value is AnyMessage {
  return typeof value === 'function' && typeof (value as { source?: unknown }).source === 'string';
}

/** Named values for a formatter from positional arguments. */
function named(names: readonly string[], values: readonly unknown[]): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  names.forEach((name, index) => (record[name] = values[index]));
  return record;
}

/** Formats a plain message: its values are text, numbers or dates, the answer is text (escaped by html`` later). */
export function formatPlain(
  formatter: IntlMessageFormat,
  names: readonly string[],
  values: readonly unknown[],
): string {
  return String(formatter.format(named(names, values) as Record<string, MessageValue>));
}

/** Formats a rich message: the words are escaped, markup values and tags kept, so the answer is safe markup. */
export function formatRich(
  formatter: IntlMessageFormat,
  names: readonly string[],
  values: readonly unknown[],
): SafeHtml {
  const record = named(names, values);
  for (const [name, value] of Object.entries(record)) {
    // A tag gets its words as markup (already escaped) and answers markup.
    if (typeof value === 'function')
      record[name] = (parts: unknown[]) => (value as RichTag)(html`${toMarkup(parts)}`);
  }
  const parts = formatter.format(record as Record<string, never>);
  return html`${toMarkup([parts].flat())}`;
}

function toMarkup(parts: readonly unknown[]): Interpolation {
  return parts.map((part) =>
    part instanceof SafeHtml ? part : Array.isArray(part) ? toMarkup(part) : String(part),
  );
}

/** An English message with placeholders: `msg('Assets: {category}', 'category')`. */
export function msg<const Names extends readonly string[]>(source: string, ...names: Names): Message<Names> {
  const formatter = new IntlMessageFormat(source, 'en');
  const message = (...values: unknown[]): string => formatPlain(formatter, names, values);
  return Object.assign(message, { source, names, rich: false as const }) as unknown as Message<Names>;
}

/** An English message with markup: `rich('Write to <mail>{address}</mail>.', 'mail', 'address')`. */
export function rich<const Names extends readonly string[]>(
  source: string,
  ...names: Names
): RichMessage<Names> {
  const formatter = new IntlMessageFormat(source, 'en');
  const message = (...values: unknown[]): SafeHtml => formatRich(formatter, names, values);
  return Object.assign(message, { source, names, rich: true as const }) as unknown as RichMessage<Names>;
}
