import { createHash, timingSafeEqual } from 'node:crypto';

/** Constant-time comparison of two secrets of any length (hashing first equalises the lengths). */
export function secretsMatch(presented: unknown, expected: string): boolean {
  if (typeof presented !== 'string' || presented.length === 0) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(presented), digest(expected));
}
