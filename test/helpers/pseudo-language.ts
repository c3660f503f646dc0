import { LANGUAGE_NAMES } from '../../src/i18n/locales.js';

/** What a page may show in Latin letters outside ⟦ ⟧ in the pseudo language: data, not words of ours. */
const NOT_WORDS = [
  /[\w.+-]+@[\w-]+(\.[\w-]+)+/g, // e-mail addresses
  /\bhttps?:\/\/\S+/g, // addresses
  /\b[A-Z]{3}-\d{4}-\d{6}\b/g, // certificate numbers
  /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, // ids
  /\b[0-9a-f]{16,}\b/gi, // hashes
  /\bpk_svc_[\w-]+/g, // API keys and their shown prefixes
  /\bdid:web:\S+/g,
];

/**
 * The runs of English a page shows outside the catalogue: in the pseudo language every word of ours is between ⟦ ⟧,
 * so any run of three Latin letters left outside (after taking out `data` the test put there, language names, and
 * addresses, numbers and hashes) is a word written without the catalogue. Each run comes with its surroundings.
 */
export function englishOutsideCatalogue(visibleText: string, data: readonly string[] = []): string[] {
  let text = visibleText.replace(/⟦[^⟦⟧]*⟧/g, ' ');
  // Messages inside messages (a sentence holding a label) nest their brackets: take the inner ones out first.
  while (/⟦[^⟦⟧]*⟧/.test(text)) text = text.replace(/⟦[^⟦⟧]*⟧/g, ' ');
  for (const value of [...data, ...Object.values(LANGUAGE_NAMES)].sort((a, b) => b.length - a.length))
    text = text.split(value).join(' ');
  for (const pattern of NOT_WORDS) text = text.replace(pattern, ' ');
  const found: string[] = [];
  for (const match of text.matchAll(/[A-Za-z]{3,}/g)) {
    const at = match.index;
    found.push(
      text
        .slice(Math.max(0, at - 20), at + match[0].length + 20)
        .replace(/\s+/g, ' ')
        .trim(),
    );
  }
  return found;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', nbsp: '\u00a0' };

/**
 * What a page's HTML gives a person to read, for englishOutsideCatalogue without a browser: the title and the body's
 * text (tags, scripts and styles taken out, entities read), then the names screen readers announce (aria-label, alt,
 * title, placeholder).
 */
export function textOfPage(page: string): string {
  const named = [...page.matchAll(/\s(?:aria-label|alt|title|placeholder)="([^"]*)"/g)].map(
    (match) => match[1],
  );
  const shown = page.replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]*>/g, ' ');
  return [shown, ...named]
    .join('\n')
    .replace(/&(#\d+|[a-z]+);/g, (entity, name: string) =>
      name.startsWith('#') ? String.fromCodePoint(Number(name.slice(1))) : (ENTITIES[name] ?? entity),
    );
}
