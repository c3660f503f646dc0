import { AppError, type ErrorCode } from './error-catalogue.js';

/** The codes of a thing that is not there, or not the caller's to see (404). */
type NotFoundCode = Extract<ErrorCode, `${string}_not_found`>;

/** The thing looked up, or the AppError `code` when the look-up found none. */
export function foundOr404<T>(thing: T | undefined, code: NotFoundCode): T {
  if (!thing) throw new AppError(code);
  return thing;
}
