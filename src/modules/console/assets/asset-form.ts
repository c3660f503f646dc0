import type { TSchema } from '@sinclair/typebox';
import { AppError } from '../../../errors/error-catalogue.js';
import { limits } from '../../../limits.js';
import { showValue } from '../../../lib/html.js';
import { isStorableText } from '../../../lib/text.js';
import { planets, type PlanetId } from '../../../planets/planets.js';
import { reservedFieldNames, serviceFields } from '../../assets/assets.schemas.js';
import { FIGURES, typedValue } from '../../assets/asset-input.js';

/** What an asset form holds, as typed: the title, the planet's fields by name, the other fields as name/value rows. */
export interface AssetFormValues {
  title: string;
  /** The gallery's own stock number; empty for none. */
  inventoryNumber: string;
  fields: Record<string, string>;
  extras: [string, string][];
  /** A refused correction request's reason, as typed (shown again with the form). */
  reason?: string;
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
    inventoryNumber: one(body.inventory_number).trim(),
    fields: Object.fromEntries(planetFields(planet).map(({ name }) => [name, one(body[name]).trim()])),
    extras: names
      .map((name, index): [string, string] => [name.trim(), values[index] ?? ''])
      .filter(([name]) => name.length > 0),
  };
}

const RECORD_FIELDS = new Set<string>([...serviceFields, 'title', 'alert', 'inventory_number']);

/**
 * A field of the record the service keeps (id, statuses, times, title, alert, the inventory number), not one of
 * the other fields the account sent.
 */
export function isRecordField(name: string): boolean {
  return RECORD_FIELDS.has(name);
}

/** The form's values of a stored asset: planet fields and other fields as text (JSON for what is not a string). */
export function assetFormValues(planet: PlanetId, asset: Record<string, unknown>): AssetFormValues {
  const typed = new Set(planetFields(planet).map(({ name }) => name));
  const text = (value: unknown) => (value === undefined || value === null ? '' : showValue(value));
  return {
    title: typeof asset.title === 'string' ? asset.title : '',
    inventoryNumber: typeof asset.inventory_number === 'string' ? asset.inventory_number : '',
    fields: Object.fromEntries([...typed].map((name) => [name, text(asset[name])])),
    extras: Object.entries(asset)
      .filter(([name]) => !typed.has(name) && !isRecordField(name))
      .map(([name, value]) => [name, text(value)]),
  };
}

/** What is wrong with one control of the form, as the rule it breaks; the form's view says it in words. */
export type FieldProblem =
  | { rule: 'required' }
  | { rule: 'too_long'; max: number; length: number }
  | { rule: 'not_a_number'; typed: string }
  | { rule: 'not_whole' }
  | { rule: 'out_of_range' }
  | { rule: 'not_a_choice' }
  | { rule: 'unstorable' }
  | { rule: 'name_too_long'; max: number }
  | { rule: 'reserved_name' }
  | { rule: 'name_of_a_field'; field: string }
  | { rule: 'not_an_image' };

/**
 * The form's problems by control: `title`, a planet field's name, `extra-name-<row>` or `extra-value-<row>`, and a
 * correction's `images`.
 */
export type FormProblems = ReadonlyMap<string, FieldProblem>;

/** A form the API's schema would refuse, refused first with each problem beside its field (400 validation_failed). */
export class AssetFormRefused extends AppError<'validation_failed'> {
  constructor(readonly problems: FormProblems) {
    super('validation_failed');
  }
}

// maxLength counts characters (code points), as the schema's validator does; the stored limit counts UTF-16 units.
const characters = (value: string) => [...value].length;

function planetFieldProblem(field: FieldKind, value: string): FieldProblem | undefined {
  if (!isStorableText(value)) return { rule: 'unstorable' };
  if (field.kind === 'choice') return field.values.includes(value) ? undefined : { rule: 'not_a_choice' };
  if (field.kind === 'text') {
    const max = field.maxLength ?? limits.stringLength;
    return characters(value) > max || value.length > limits.stringLength
      ? { rule: 'too_long', max, length: characters(value) }
      : undefined;
  }
  const number = Number(value);
  if (!FIGURES.test(value) || !Number.isFinite(number)) return { rule: 'not_a_number', typed: value };
  if (field.kind === 'integer' && !Number.isInteger(number)) return { rule: 'not_whole' };
  const below = field.minimum !== undefined && number < field.minimum;
  const above = field.maximum !== undefined && number > field.maximum;
  return below || above ? { rule: 'out_of_range' } : undefined;
}

function inventoryNumberProblem(inventoryNumber: string): FieldProblem | undefined {
  if (characters(inventoryNumber) > limits.inventoryNumberLength) {
    return { rule: 'too_long', max: limits.inventoryNumberLength, length: characters(inventoryNumber) };
  }
  return isStorableText(inventoryNumber) ? undefined : { rule: 'unstorable' };
}

function titleProblem(title: string): FieldProblem | undefined {
  const trimmed = title.trim();
  if (trimmed.length === 0) return { rule: 'required' };
  if (trimmed.length > limits.titleLength) {
    return { rule: 'too_long', max: limits.titleLength, length: characters(trimmed) };
  }
  return isStorableText(trimmed) ? undefined : { rule: 'unstorable' };
}

const RESERVED = new Set<string>(reservedFieldNames);

function extraProblems(
  planet: PlanetId,
  [name, value]: [string, string],
  removes: boolean,
): { name?: FieldProblem; value?: FieldProblem } {
  if (name.length > limits.fieldNameLength)
    return { name: { rule: 'name_too_long', max: limits.fieldNameLength } };
  if (!isStorableText(name)) return { name: { rule: 'unstorable' } };
  if (name === 'title' || Object.hasOwn(planets[planet].fields, name)) {
    return { name: { rule: 'name_of_a_field', field: name } };
  }
  // A removal may name a reserved field: one stored before its name was reserved can still go.
  if (removes) return {};
  if (RESERVED.has(name)) return { name: { rule: 'reserved_name' } };
  if (value.length > limits.stringLength) {
    return { value: { rule: 'too_long', max: limits.stringLength, length: value.length } };
  }
  return isStorableText(value) ? {} : { value: { rule: 'unstorable' } };
}

/**
 * The problems of what the form sends (on an edit, only what changed: `current` is the asset as shown), found
 * before the API's schema so that each is said beside its field; the schema still checks the body after.
 */
function assetFormProblems(
  planet: PlanetId,
  values: AssetFormValues,
  current?: AssetFormValues,
): Map<string, FieldProblem> {
  const problems = new Map<string, FieldProblem>();
  const note = (control: string, problem: FieldProblem | undefined) => {
    if (problem) problems.set(control, problem);
  };
  if (!current || values.title !== current.title) note('title', titleProblem(values.title));
  if (values.inventoryNumber !== (current?.inventoryNumber ?? '')) {
    note('inventory_number', inventoryNumberProblem(values.inventoryNumber));
  }
  for (const { name, field } of planetFields(planet)) {
    const value = values.fields[name] ?? '';
    if (value === '' || value === (current?.fields[name] ?? '')) continue;
    note(name, planetFieldProblem(field, value));
  }
  const before = new Map(current?.extras ?? []);
  values.extras.forEach((row, index) => {
    const [name, value] = row;
    if (value === (before.get(name) ?? '')) return;
    const found = extraProblems(planet, row, value === '');
    note(`extra-name-${index}`, found.name);
    note(`extra-value-${index}`, found.value);
  });
  return problems;
}

/** Refuses the form (AssetFormRefused) when any of what it sends breaks a rule. */
export function assertAssetForm(planet: PlanetId, values: AssetFormValues, current?: AssetFormValues): void {
  const problems = assetFormProblems(planet, values, current);
  if (problems.size > 0) throw new AssetFormRefused(problems);
}

/** The body of POST /api/v1/assets/{planet} the form stands for: empty fields are left out. */
export function createBody(planet: PlanetId, values: AssetFormValues): Record<string, unknown> {
  const body: Record<string, unknown> = { title: values.title };
  if (values.inventoryNumber !== '') body.inventory_number = values.inventoryNumber;
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
  if (values.inventoryNumber !== current.inventoryNumber) {
    body.inventory_number = values.inventoryNumber === '' ? null : values.inventoryNumber;
  }
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
