// NUL and lone surrogates cannot be stored in PostgreSQL text or jsonb: refused up front, not with a 500.
// eslint-disable-next-line no-control-regex -- NUL is exactly what this pattern looks for.
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when PostgreSQL can store the string as text (no NUL, no lone surrogate). */
export function isStorableText(value: string): boolean {
  return !UNSTORABLE.test(value);
}
