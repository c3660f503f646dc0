/** The languages pages, PDFs and mail speak (docs/languages.md). English is the source every other is translated from. */
export const LANGUAGES = ['en', 'fr', 'de', 'it', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];

/** A made-up language for tests: English with accents and ⟦brackets⟧, so any word left outside the catalogue shows. */
export const PSEUDO_LANGUAGE = 'en-XA';
export type PageLanguage = Language | typeof PSEUDO_LANGUAGE;

export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language's name in itself, as a switcher offers it. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  fr: 'Français',
  de: 'Deutsch',
  it: 'Italiano',
  ja: '日本語',
};

export function isPageLanguage(value: unknown): value is PageLanguage {
  return value === PSEUDO_LANGUAGE || (LANGUAGES as readonly unknown[]).includes(value);
}

/** The locale Intl formats a language's numbers and dates with (the pseudo language formats as English). */
export function intlLocale(language: PageLanguage): string {
  return language === PSEUDO_LANGUAGE ? 'en' : language;
}
