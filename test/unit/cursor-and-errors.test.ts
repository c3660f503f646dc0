import { describe, expect, it } from 'vitest';
import { AppError, errorMessage } from '../../src/errors/error-catalogue.js';
import { decodeCursor, encodeCursor } from '../../src/lib/cursor.js';
import { isUuid } from '../../src/lib/uuid.js';
import { planetIds } from '../../src/planets/planets.js';

const readNumber = ([value, ...rest]: readonly unknown[]) =>
  rest.length === 0 && typeof value === 'number' ? value : undefined;

describe('the cursor codec', () => {
  it('gives back the keys it encoded', () => {
    const cursor = encodeCursor(['2026-01-01T00:00:00.000Z', 'b4f1c1a2-0000-4000-8000-000000000000']);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor, (keys) => keys)).toEqual([
      '2026-01-01T00:00:00.000Z',
      'b4f1c1a2-0000-4000-8000-000000000000',
    ]);
  });

  it('refuses a malformed cursor, or keys its reader does not accept, with 400 validation_failed', () => {
    for (const cursor of ['garbage', '%00', '', encodeCursor(['one']), encodeCursor([1, 2]), 'e30']) {
      expect(() => decodeCursor(cursor, readNumber), cursor).toThrow(AppError);
      try {
        decodeCursor(cursor, readNumber);
      } catch (error) {
        expect(error).toMatchObject({ code: 'validation_failed', statusCode: 400 });
        expect((error as Error).message).toBe('`cursor` is not a cursor this service returned.');
      }
    }
  });
});

describe('the error catalogue', () => {
  it('fills a template with the values the throw site passes', () => {
    expect(new AppError('invalid_planet', 'unknown', { planet: 'ships', expected: planetIds }).message).toBe(
      'Unknown planet "ships"; expected one of artworks, collectibles, watches, jewelry.',
    );
    expect(errorMessage('invalid_state', 'asset_is', { move: 'transfer', state: 'archived' })).toBe(
      'Cannot transfer an asset that is archived.',
    );
    expect(new AppError('validation_failed', 'too_long', { field: 'reason', max: 2000 })).toMatchObject({
      code: 'validation_failed',
      statusCode: 400,
      message: '`reason` must be at most 2000 characters.',
    });
  });

  it('uses the default message without a template, and cuts long values short', () => {
    expect(new AppError('asset_not_found').message).toBe('Asset not found.');
    expect(
      errorMessage('invalid_planet', 'unknown', { planet: 'x'.repeat(5_000), expected: planetIds }).length,
    ).toBeLessThan(200);
  });
});

describe('isUuid', () => {
  it('accepts a UUID in either case and nothing else', () => {
    expect(isUuid('B4F1C1A2-0000-4000-8000-000000000000')).toBe(true);
    expect(isUuid('b4f1c1a2-0000-4000-8000-00000000000')).toBe(false);
    expect(isUuid("b4f1c1a2-0000-4000-8000-000000000000' OR 1=1")).toBe(false);
  });
});
