import { intlLocale, PSEUDO_LANGUAGE } from './locales.js';
import { currentLanguage } from './request-language.js';

const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat>(
  key: string,
  make: (locale: string) => T,
): T {
  const locale = intlLocale(currentLanguage());
  let formatter = formatters.get(`${key}:${locale}`);
  if (!formatter) formatters.set(`${key}:${locale}`, (formatter = make(locale)));
  return formatter as T;
}

/** In the pseudo language a formatted date is marked as ours, like a message: a test then tells it from raw data. */
function marked(formatted: string): string {
  return currentLanguage() === PSEUDO_LANGUAGE ? `⟦${formatted}⟧` : formatted;
}

/** A day as the reader's language writes it ("27 Nov 2026", "2026/11/27"), in UTC as the service keeps dates. */
export function formatDate(value: Date | string): string {
  return marked(
    cached(
      'date',
      (locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }),
    ).format(new Date(value)),
  );
}

/** The time of day to the minute, on a 24-hour clock, in UTC and saying so. */
const TIME_OF_DAY: Intl.DateTimeFormatOptions = {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'UTC',
  timeZoneName: 'short',
};

/** A moment in the reader's language, to the minute, with its time zone (UTC) said. */
export function formatDateTime(value: Date | string): string {
  return marked(
    cached(
      'date-time',
      (locale) =>
        new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', day: 'numeric', ...TIME_OF_DAY }),
    ).format(new Date(value)),
  );
}

/** A month and its year in the reader's language ("March 2027", "März 2027", "2027年3月"), in UTC. */
export function formatMonthYear(value: Date | string): string {
  return marked(
    cached(
      'month-year',
      (locale) => new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', timeZone: 'UTC' }),
    ).format(new Date(value)),
  );
}

/** A time of day to the minute in the reader's language, with its time zone (UTC) said ("14:05 UTC"). */
export function formatTimeOfDay(value: Date | string): string {
  return marked(
    cached('time-of-day', (locale) => new Intl.DateTimeFormat(locale, TIME_OF_DAY)).format(new Date(value)),
  );
}
