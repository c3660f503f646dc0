/** The titles of a page app's error pages, in its own words. */
export interface ErrorTitles {
  notAllowed: string;
  notFound: string;
  gone: string;
  failed: string;
  refused: string;
}

/** The title an error page of this status has (403, 404, 410, 5xx, any other refusal). */
export function errorTitleOf(status: number, titles: ErrorTitles): string {
  if (status === 403) return titles.notAllowed;
  if (status === 404) return titles.notFound;
  if (status === 410) return titles.gone;
  return status >= 500 ? titles.failed : titles.refused;
}
