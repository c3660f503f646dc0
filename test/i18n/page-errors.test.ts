import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/errors/error-catalogue.js';
import { pageErrorMessage } from '../../src/modules/web-pages/error-pages/page-error-message.js';
import { inLanguage } from '../../src/i18n/request-language.js';

describe('an error as a page says it', () => {
  it('says a too-large upload in the reader’s units and language, never the setting', () => {
    const error = new AppError('payload_too_large', 'media_limit', { max: 40 * 1024 * 1024 });
    expect(inLanguage('en', () => pageErrorMessage(error))).toBe('The file is larger than 40 MB.');
    expect(inLanguage('fr', () => pageErrorMessage(error))).toBe('Le fichier dépasse 40\u202fMo.');
    expect(inLanguage('de', () => pageErrorMessage(error))).toBe('Die Datei ist größer als 40 MB.');
    // The JSON body's message stays English whatever the page's language.
    expect(error.message).toBe('The file is larger than 40 MB.');
  });

  it('counts the seconds to wait with the language’s plural', () => {
    const error = new AppError('rate_limited', 'client_address', { retryAfterSeconds: 1 });
    expect(inLanguage('en', () => pageErrorMessage(error))).toContain('Try again in 1 second.');
    expect(inLanguage('it', () => pageErrorMessage(error))).toContain('Riprovi tra 1 secondo.');
    const later = new AppError('rate_limited', 'client_address', { retryAfterSeconds: 30 });
    expect(inLanguage('ja', () => pageErrorMessage(later))).toContain('30秒後');
  });

  it('falls back to the code’s sentence where a template has none of its own, English keeping the specific one', () => {
    const error = new AppError('validation_failed', 'too_long', { field: 'title', max: 200 });
    expect(inLanguage('fr', () => pageErrorMessage(error))).toBe(
      'Le formulaire n’a pas été rempli comme prévu\u202f; vérifiez-le et envoyez-le à nouveau.',
    );
    expect(inLanguage('en', () => pageErrorMessage(error))).toBe(error.message);
    expect(inLanguage('ja', () => pageErrorMessage(new AppError('route_not_found')))).toBe(
      'このページは存在しません。',
    );
  });
});
