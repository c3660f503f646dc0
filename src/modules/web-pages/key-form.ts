import { AppError } from '../../errors/error-catalogue.js';

/** What a key form (admin's or console's) sent: planets may come as one value or several. */
export interface KeyFormValues {
  name?: string;
  scope?: string;
  planets?: string[];
  expires_at?: string;
}

/** A datetime-local value ("2026-12-01T10:00") read as UTC; an explicit offset is kept. */
function parseExpiry(value: string | undefined): Date | null {
  const trimmed = value?.trim() ?? '';
  if (trimmed === '') return null;
  const date = new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(trimmed) ? trimmed : `${trimmed}Z`);
  if (Number.isNaN(date.getTime())) {
    throw new AppError('validation_failed', 'invalid_expiry');
  }
  return date;
}

/** The checked planets of a form, whether the browser sent none, one or several. */
export function formPlanets(planets: string | string[] | undefined): string[] {
  return typeof planets === 'string' ? [planets] : (planets ?? []);
}

/** The key form's fields as createApiKey takes them; "only these planets" with none ticked is refused. */
export function readKeyForm(values: KeyFormValues): {
  name: string | undefined;
  planetScope: string[];
  expiresAt: Date | null;
} {
  const planets = values.planets ?? [];
  if (values.scope === 'chosen' && planets.length === 0) {
    throw new AppError('validation_failed', 'choose_planets');
  }
  return {
    name: values.name,
    planetScope: values.scope === 'chosen' ? planets : [],
    expiresAt: parseExpiry(values.expires_at),
  };
}
