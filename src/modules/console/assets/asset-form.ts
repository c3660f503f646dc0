import type { TSchema } from '@sinclair/typebox';
import { showValue } from '../../../lib/html.js';
import { planets, type PlanetId } from '../../../planets/planets.js';
import { serviceFields } from '../../assets/assets.schemas.js';

/** What an asset form holds, as typed: the title, the planet's fields by name, the other fields as name/value rows. */
export interface AssetFormValues {
  title: string;
  fields: Record<string, string>;
  extras: [string, string][];
}

/** A planet field as a form shows it: text, a number with its bounds, or one of a few values. */
export type FieldKind =
  | { kind: 'text'; maxLength?: number }
  | { kind: 'integer' | 'number'; minimum?: number; maximum?: number }
  | { kind: 'choice'; values: string[] };

/** The form's view of a schema of planets.ts. */
function kindOf(schema: TSchema): FieldKind {
  if (Array.isArray(schema.anyOf)) {
    return { kind: 'choice', values: (schema.anyOf as TSchema[]).map((option) => String(option.const)) };
  }
  const type = schema.type as unknown;
  if (type === 'integer' || type === 'number') {
    return { kind: type, minimum: schema.minimum as number, maximum: schema.maximum as number };
  }
  return { kind: 'text', maxLength: schema.maxLength as number | undefined };
}

/** The planet's typed fields in the order planets.ts gives them. */
export function planetFields(planet: PlanetId): { name: string; field: FieldKind }[] {
  return Object.entries(planets[planet].fields as Record<string, TSchema>).map(([name, schema]) => ({
    name,
    field: kindOf(schema),
  }));
}

/** A form field's text: a form body holds strings (or, for a repeated name, a list of them). */
const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');
const one = (value: unknown): string => textOf(Array.isArray(value) ? value[0] : value);
const many = (value: unknown): string[] =>
  value === undefined ? [] : (Array.isArray(value) ? value : [value]).map(textOf);

/** The values a posted form carries (`extra_name`/`extra_value` repeated for the rows). */
export function readAssetForm(planet: PlanetId, body: Record<string, unknown>): AssetFormValues {
  const names = many(body.extra_name);
  const values = many(body.extra_value);
  return {
    title: one(body.title),
    fields: Object.fromEntries(planetFields(planet).map(({ name }) => [name, one(body[name]).trim()])),
    extras: names
      .map((name, index): [string, string] => [name.trim(), values[index] ?? ''])
      .filter(([name]) => name.length > 0),
  };
}

const RECORD_FIELDS = new Set<string>([...serviceFields, 'title', 'alert']);

/** A field of the record the service keeps (id, statuses, times, title, alert), not one the account sent. */
export function isRecordField(name: string): boolean {
  return RECORD_FIELDS.has(name);
}

/** The form's values of a stored asset: planet fields and other fields as text (JSON for what is not a string). */
export function assetFormValues(planet: PlanetId, asset: Record<string, unknown>): AssetFormValues {
  const typed = new Set(planetFields(planet).map(({ name }) => name));
  const text = (value: unknown) => (value === undefined || value === null ? '' : showValue(value));
  return {
    title: typeof asset.title === 'string' ? asset.title : '',
    fields: Object.fromEntries([...typed].map((name) => [name, text(asset[name])])),
    extras: Object.entries(asset)
      .filter(([name]) => !typed.has(name) && !isRecordField(name))
      .map(([name, value]) => [name, text(value)]),
  };
}

/**
 * A number field's text as the API's JSON would carry it: a number when it reads as one, else the text itself,
 * which the planet's schema then refuses with the API's own message.
 */
function typedValue(field: FieldKind, value: string): unknown {
  if ((field.kind === 'integer' || field.kind === 'number') && /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(value)) {
    return Number(value);
  }
  return value;
}

/** The body of POST /api/v1/assets/{planet} the form stands for: empty fields are left out. */
export function createBody(planet: PlanetId, values: AssetFormValues): Record<string, unknown> {
  const body: Record<string, unknown> = { title: values.title };
  for (const { name, field } of planetFields(planet)) {
    const value = values.fields[name] ?? '';
    if (value !== '') body[name] = typedValue(field, value);
  }
  for (const [name, value] of values.extras) if (value !== '') body[name] = value;
  return body;
}

/**
 * The body of PATCH /api/v1/assets/{planet}/{id} the form stands for: only what differs from the asset as shown;
 * a field emptied is null (removed).
 */
export function updateBody(
  planet: PlanetId,
  values: AssetFormValues,
  current: AssetFormValues,
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (values.title !== current.title) body.title = values.title;
  for (const { name, field } of planetFields(planet)) {
    const value = values.fields[name] ?? '';
    if (value === (current.fields[name] ?? '')) continue;
    body[name] = value === '' ? null : typedValue(field, value);
  }
  const before = new Map(current.extras);
  for (const [name, value] of values.extras) {
    if (value === (before.get(name) ?? '')) continue;
    body[name] = value === '' ? null : value;
  }
  return body;
}
