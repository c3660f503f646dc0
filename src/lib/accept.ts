/**
 * The weight an Accept header gives a media type (RFC 9110, 12.5.1): the q of its most specific matching range
 * (`text/html` before `text/*` before `*\/*`), 1 when that range names no q, 0 when none matches. An absent or
 * empty header accepts everything alike.
 */
export function acceptWeight(accept: string | undefined, mediaType: string): number {
  if (accept === undefined || accept.trim() === '') return 1;
  const [type, subtype] = mediaType.toLowerCase().split('/');
  let best = { specificity: -1, q: 0 };
  for (const range of accept.split(',')) {
    const [media = '', ...parameters] = range.split(';').map((part) => part.trim().toLowerCase());
    const [rangeType, rangeSubtype] = media.split('/');
    const specificity =
      rangeType === type && rangeSubtype === subtype
        ? 2
        : rangeType === type && rangeSubtype === '*'
          ? 1
          : rangeType === '*' && rangeSubtype === '*'
            ? 0
            : -1;
    if (specificity <= best.specificity) continue;
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    best = { specificity, q: Number.isFinite(weight) ? Math.min(Math.max(weight, 0), 1) : 0 };
  }
  return best.q;
}

/**
 * A person's browser rather than a program: the header weighs text/html above application/json. A browser's
 * `text/html,…,*\/*;q=0.8` does; `application/json`, `*\/*`, `application/problem+json` and no header do not.
 */
export function prefersHtml(accept: string | undefined): boolean {
  return acceptWeight(accept, 'text/html') > acceptWeight(accept, 'application/json');
}
