import { describe, expect, it } from 'vitest';
import { isDateTime, parseCalendarDate, parseDateTime } from '../../src/lib/date-time.js';

// The one reading of a client's date-time, so the databases never see one they refuse.
describe('parseDateTime', () => {
  it.each([
    ['2026-11-20T10:00:00Z', '2026-11-20T10:00:00.000Z'],
    ['2026-11-20t10:00:00z', '2026-11-20T10:00:00.000Z'],
    ['2026-11-20 10:00:00.123456+00', '2026-11-20T10:00:00.123Z'],
    ['2026-11-20T10:00:00.291Z', '2026-11-20T10:00:00.291Z'],
    ['2026-01-01T00:00:00+0100', '2025-12-31T23:00:00.000Z'],
    ['2026-01-01T00:00:00+01', '2025-12-31T23:00:00.000Z'],
    ['2026-01-01T00:00:00-05:30', '2026-01-01T05:30:00.000Z'],
    ['2024-02-29T00:00:00Z', '2024-02-29T00:00:00.000Z'],
    ['0001-01-01T00:00:00Z', '0001-01-01T00:00:00.000Z'],
    ['0050-06-01T12:00:00Z', '0050-06-01T12:00:00.000Z'],
    ['0001-01-01T10:00:00+10:00', '0001-01-01T00:00:00.000Z'],
    ['9999-12-31T23:59:59.999Z', '9999-12-31T23:59:59.999Z'],
  ])('reads %s as %s', (text, iso) => {
    expect(parseDateTime(text)?.toISOString()).toBe(iso);
    expect(isDateTime(text)).toBe(true);
  });

  it.each([
    '0000-01-01T00:00:00Z',
    '0001-01-01T00:00:00+14:00',
    '9999-12-31T23:00:00-05:00',
    '2026-12-31T23:59:60Z',
    '2026-02-29T00:00:00Z',
    '2026-13-01T00:00:00Z',
    '2026-01-01T24:00:00Z',
    '2026-01-01T00:00:00+24:00',
    '2026-01-01T00:00:00',
    '2026-01-01T00:00Z',
    '+275760-09-13T00:00:00.000Z',
    '2026-01-01T00:00:00Z\u0000',
    '',
  ])('refuses %j', (text) => {
    expect(parseDateTime(text)).toBeUndefined();
    expect(isDateTime(text)).toBe(false);
  });

  it('takes HH:MM only when asked (an alert always took it)', () => {
    expect(parseDateTime('2026-11-20T10:00Z', { secondsOptional: true })?.toISOString()).toBe(
      '2026-11-20T10:00:00.000Z',
    );
  });
});

describe('parseCalendarDate', () => {
  it('reads a date as midnight UTC, years 0001 to 9999, and refuses one that does not exist', () => {
    expect(parseCalendarDate('2026-11-20')?.toISOString()).toBe('2026-11-20T00:00:00.000Z');
    expect(parseCalendarDate('0050-03-01')?.toISOString()).toBe('0050-03-01T00:00:00.000Z');
    expect(parseCalendarDate('0000-01-01')).toBeUndefined();
    expect(parseCalendarDate('2026-02-30')).toBeUndefined();
    expect(parseCalendarDate('2026-11-20T00:00:00Z')).toBeUndefined();
  });
});
