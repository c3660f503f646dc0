import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { AppError } from '../../errors/error-catalogue.js';
import { planets, type PlanetId } from '../../planets/planets.js';
import { planetCreateBodies, planetUpdateBodies, serviceFields } from './assets.schemas.js';

export const TITLE_MAX_LENGTH = 500;
export const STRING_MAX_LENGTH = 2000;
export const PASS_THROUGH_MAX_FIELDS = 50;
export const NESTING_MAX_DEPTH = 5;

// Bodies are validated as sent, as Fastify does: a string "1999" is not an integer year.
const ajv = new Ajv({ allErrors: false, coerceTypes: false, strict: false });
addFormats.default(ajv);
const validators = new Map<string, ValidateFunction>();

function validatorFor(planet: PlanetId, mode: 'create' | 'update'): ValidateFunction {
  const key = `${mode}:${planet}`;
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(mode === 'create' ? planetCreateBodies[planet] : planetUpdateBodies[planet]);
    validators.set(key, validate);
  }
  return validate;
}

function invalid(message: string): AppError {
  return new AppError('validation_failed', message);
}

function describe(error: ErrorObject): string {
  const field = error.instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (error.keyword === 'required') return `\`${String(error.params.missingProperty)}\` is required.`;
  if (error.keyword === 'anyOf' || error.keyword === 'enum')
    return `\`${field}\` has a value that is not allowed.`;
  return field
    ? `\`${field}\` ${error.message ?? 'is invalid'}.`
    : `The body ${error.message ?? 'is invalid'}.`;
}

// NUL and lone surrogates cannot be stored in PostgreSQL text or jsonb: refuse them up front, not with a 500.
// eslint-disable-next-line no-control-regex -- NUL is exactly what this pattern looks for.
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function checkValue(value: unknown, path: string, depth: number): void {
  if (typeof value === 'string') {
    if (value.length > STRING_MAX_LENGTH) {
      throw invalid(`\`${path}\` must be at most ${STRING_MAX_LENGTH} characters.`);
    }
    if (UNSTORABLE.test(value)) throw invalid(`\`${path}\` contains a character that cannot be stored.`);
    return;
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw invalid(`\`${path}\` is not a finite number.`);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  if (depth >= NESTING_MAX_DEPTH) {
    throw invalid(`\`${path}\` is nested more than ${NESTING_MAX_DEPTH} levels deep.`);
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
  const where = parent ? ` in \`${parent}\`` : '';
  if (key.length === 0 || key.length > 200) throw invalid(`Field names${where} must be 1 to 200 characters.`);
  if (UNSTORABLE.test(key)) throw invalid(`A field name${where} contains a character that cannot be stored.`);
}

const reserved = new Set<string>([...serviceFields, 'title']);

export interface AssetInput {
  /** Trimmed title; undefined on an update that does not change it. */
  title?: string;
  /** Planet fields and pass-through fields, as sent; on update, null means remove. */
  attributes: Record<string, unknown>;
}

function normaliseTitle(title: unknown): string | undefined {
  if (title === undefined) return undefined;
  if (typeof title !== 'string') throw invalid('`title` must be string.');
  const trimmed = title.trim();
  if (trimmed.length < 1 || trimmed.length > TITLE_MAX_LENGTH) {
    throw invalid(`\`title\` must be 1 to ${TITLE_MAX_LENGTH} characters after trimming.`);
  }
  if (UNSTORABLE.test(trimmed)) throw invalid('`title` contains a character that cannot be stored.');
  return trimmed;
}

/** Validates a create or update body against its planet's schema and the limits of DESIGN.md section 8. */
export function parseAssetBody(planet: PlanetId, body: unknown, mode: 'create' | 'update'): AssetInput {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw invalid('The body must be a JSON object.');
  }
  const validate = validatorFor(planet, mode);
  if (!validate(body)) throw invalid(describe(validate.errors![0]!));
  const source = body as Record<string, unknown>;
  const title = normaliseTitle(source.title);
  if (mode === 'create' && title === undefined) throw invalid('`title` is required.');
  const attributes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(source)) {
    if (reserved.has(key)) continue;
    checkKey(key);
    checkValue(value, key, 0);
    attributes[key] = value;
  }
  return { title, attributes };
}

/** Pass-through fields are those that are neither planet fields nor service fields. */
export function assertPassThroughLimit(planet: PlanetId, attributes: Record<string, unknown>): void {
  const planetFields = planets[planet].fields as Record<string, unknown>;
  const count = Object.keys(attributes).filter((key) => !Object.hasOwn(planetFields, key)).length;
  if (count > PASS_THROUGH_MAX_FIELDS) {
    throw invalid(
      `At most ${PASS_THROUGH_MAX_FIELDS} pass-through fields are allowed; the asset would have ${count}.`,
    );
  }
}
