import { createRequire } from 'node:module';

// RFC 8785 (JSON Canonicalization Scheme). A CommonJS module whose typings claim an ES default export.
const canonicalize = createRequire(import.meta.url)('canonicalize') as (input: unknown) => string | undefined;

/** The RFC 8785 canonical JSON of a value: the same text whatever the key order. Throws for Infinity or NaN. */
export function canonicalJson(value: unknown): string | undefined {
  return canonicalize(value);
}
