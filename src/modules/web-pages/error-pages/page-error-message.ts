import type { AppError, ErrorCode } from '../../../errors/error-catalogue.js';
import { currentLanguage } from '../../../i18n/request-language.js';
import { text } from './text/index.js';

const MIB = 1024 * 1024;
type Said = string | ((...values: (string | number)[]) => string);
/** What a page needs of an error (any AppError, whatever its code's type). */
type PageError = Pick<AppError, 'detail' | 'params' | 'message'> & { code: ErrorCode };

/** The values a template's page sentence takes, from the error's own (sizes in people's units, seconds to wait). */
function pageValues(error: PageError): (string | number)[] {
  const params = error.params as Record<string, number | string | undefined>;
  switch (`${error.code}.${error.detail}`) {
    case 'payload_too_large.media_limit':
      return [Math.round((Number(params.max) / MIB) * 10) / 10];
    case 'invalid_media.too_many_pixels':
      return [Math.round(Number(params.max) / 100_000) / 10];
    case 'rate_limited.client_address':
    case 'rate_limited.failed_authentications':
      return [Number(params.retryAfterSeconds)];
    case 'rate_limited.mail_account':
    case 'rate_limited.mail_recipient':
      return [Math.ceil(Number(params.retryAfterSeconds) / 60)];
    case 'unsupported_media_type.media_mismatch':
      return [String(params.detected), String(params.declared)];
    case 'validation_failed.not_an_email':
      return [String(params.email).slice(0, 100)];
    case 'validation_failed.password_too_short':
      return [Number(params.min)];
    case 'validation_failed.too_many_certificates':
      return [Number(params.max)];
    case 'import_not_startable.has_errors':
      return [Number(params.count)];
    default:
      return [Number(params.limit)];
  }
}

/**
 * What a page says for an error, in the reader's language: the sentence for its template where a person meets it,
 * else the sentence for its code. (The JSON error body keeps the English `message`.)
 */
export function pageErrorMessage(error: PageError): string {
  const details = text.errors.details as Record<string, Record<string, Said> | undefined>;
  const said = error.detail === undefined ? undefined : details[error.code]?.[error.detail];
  if (typeof said === 'string') return said;
  if (said) return said(...pageValues(error));
  // A template with no page sentence yet keeps its specific English for an English reader; others get the code's.
  if (error.detail !== undefined && currentLanguage() === 'en') return error.message;
  return text.errors.codes[error.code];
}
