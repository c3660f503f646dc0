import { limits } from '../../limits.js';
import { AppError, type ErrorDetailArgs } from '../../errors/error-catalogue.js';
import { isStorableText } from '../../lib/text.js';
import { planets, type PlanetId } from '../../planets/planets.js';
import { reservedFieldNames, serviceFields } from './assets.schemas.js';

function invalid(...detail: ErrorDetailArgs<'validation_failed'>): AppError {
  return new AppError('validation_failed', ...detail);
}

function checkValue(value: unknown, path: string, depth: number): void {
  if (typeof value === 'string') {
    if (value.length > limits.stringLength) {
      throw invalid('too_long', { field: path, max: limits.stringLength });
    }
    if (!isStorableText(value)) throw invalid('unstorable', { field: path });
    return;
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw invalid('not_finite', { field: path });
    return;
  }
  if (value === null || typeof value !== 'object') return;
  if (depth >= limits.nestingDepth) {
    throw invalid('too_deep', { field: path, max: limits.nestingDepth });
  }
  const entries = Array.isArray(value)
    ? value.map((item, index) => [String(index), item] as const)
    : Object.entries(value);
  for (const [key, item] of entries) {
    checkKey(key, path);
    checkValue(item, `${path}.${key}`, depth + 1);
  }
}

function checkKey(key: string, parent?: string): void {
  if (key.length === 0 || key.length > limits.fieldNameLength) {
    throw invalid('field_name_length', { parent, min: 1, max: limits.fieldNameLength });
  }
  if (!isStorableText(key)) throw invalid('field_name_unstorable', { parent });
}

const ignored = new Set<string>([...serviceFields, 'title', 'inventory_number']);
const refused = new Set<string>(reservedFieldNames);

export interface AssetInput {
  /** Trimmed title; undefined on an update that does not change it. */
  title?: string;
  /** Trimmed stock number; null on an update that removes it; undefined when not sent. */
  inventoryNumber?: string | null;
  /** Planet fields and pass-through fields, as sent; on update, null means remove. */
  attributes: Record<string, unknown>;
}

/** A string field stored trimmed (`title`, `inventory_number`): 1 to `max` characters once trimmed. */
function normaliseTrimmed(value: unknown, field: string, max: number): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalid('wrong_type', { field, type: 'string' });
  const trimmed = value.trim();
  if (trimmed.length < 1 || trimmed.length > max) {
    throw invalid('trimmed_length', { field, min: 1, max });
  }
  if (!isStorableText(trimmed)) throw invalid('unstorable', { field });
  return trimmed;
}

/**
 * Checks a create or update body against the limits of docs/errors.md and splits it into title and
 * attributes. Its planet's schema (planetCreateBodies, planetUpdateBodies) is the route's body schema,
 * validated once, before the handler, by Fastify.
 */
export function parseAssetBody(body: unknown, mode: 'create' | 'update'): AssetInput {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw invalid('body_not_object');
  }
  const source = body as Record<string, unknown>;
  const title = normaliseTrimmed(source.title, 'title', limits.titleLength);
  // null removes the number on an update; a create without one is the same as null.
  const inventoryNumber =
    source.inventory_number === null
      ? null
      : normaliseTrimmed(source.inventory_number, 'inventory_number', limits.inventoryNumberLength);
  if (mode === 'create' && title === undefined) throw invalid('required', { field: 'title' });
  const attributes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(source)) {
    if (ignored.has(key)) continue;
    // null on an update removes a field: a reserved name stored before it was reserved can still go.
    if (refused.has(key) && !(mode === 'update' && value === null))
      throw invalid('reserved_field', { field: key });
    checkKey(key);
    checkValue(value, key, 0);
    attributes[key] = value;
  }
  return { title, inventoryNumber, attributes };
}

/** Pass-through fields are those that are neither planet fields nor service fields. */
export function assertPassThroughLimit(planet: PlanetId, attributes: Record<string, unknown>): void {
  const planetFields = planets[planet].fields as Record<string, unknown>;
  const count = Object.keys(attributes).filter((key) => !Object.hasOwn(planetFields, key)).length;
  if (count > limits.passThroughFields) {
    throw invalid('too_many_pass_through', { max: limits.passThroughFields, count });
  }
}

/** A number as a form's or a spreadsheet's text writes it: figures, a decimal point, an exponent. */
export const FIGURES = /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/;

/**
 * A number field's text as the API's JSON would carry it: a number when it reads as one, else the text itself,
 * which the planet's schema then refuses with the API's own message (the console's form and an import).
 */
export function typedValue(field: { kind: string }, value: string): unknown {
  if ((field.kind === 'integer' || field.kind === 'number') && FIGURES.test(value)) {
    return Number(value);
  }
  return value;
}
