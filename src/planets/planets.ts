import { Type, type TSchema } from '@sinclair/typebox';
import { limits } from '../limits.js';

const text = () => Type.String({ maxLength: limits.stringLength });
const year = () => Type.Integer({ minimum: 0, maximum: 9999 });
const positiveNumber = () => Type.Number({ minimum: 0 });
// SPEC.md fixes `year` as an integer; how the art market writes a date ("ca. 1975", "1970s") goes beside it.
const dateAsWritten = () =>
  Type.String({
    maxLength: limits.dateTextLength,
    description:
      'The date as written, e.g. "ca. 1975", "1970s" or "1890–95", shown beside `year` (which stays a whole number).',
  });

/**
 * The planets (verticals) of the registry. Adding a planet is one entry here plus a migration that
 * creates its store partition and certificate sequence.
 */
export const planets = {
  artworks: {
    prefix: 'ART',
    fields: {
      artist: text(),
      medium: text(),
      dimensions: text(),
      year: year(),
      date_text: dateAsWritten(),
      edition: text(),
    },
  },
  collectibles: {
    prefix: 'COL',
    fields: {
      category: text(),
      year: year(),
      publisher: text(),
      set_name: text(),
      item_number: text(),
      subject: text(),
      grader: text(),
      grade: positiveNumber(),
    },
  },
  watches: {
    prefix: 'WAT',
    fields: {
      brand: text(),
      model: text(),
      reference_number: text(),
      serial_number: text(),
      movement: text(),
      case_material: text(),
      case_diameter_mm: positiveNumber(),
      year: year(),
    },
  },
  jewelry: {
    prefix: 'JWL',
    fields: {
      lab: text(),
      report_number: text(),
      stone: text(),
      origin: Type.Union([Type.Literal('natural'), Type.Literal('lab_grown')]),
      shape: text(),
      carat: positiveNumber(),
      color: text(),
      clarity: text(),
      metal: text(),
    },
  },
} as const satisfies Record<string, { prefix: string; fields: Record<string, TSchema> }>;

export type PlanetId = keyof typeof planets;

export const planetIds = Object.keys(planets) as PlanetId[];

/**
 * The field a list shows under an asset's title: who made it, or what names it best in its category (the jewel's
 * grading lab, as a card's grader or publisher would be). docs/console.md, "Lists".
 */
export const bylineFields: { [P in PlanetId]: keyof (typeof planets)[P]['fields'] & string } = {
  artworks: 'artist',
  collectibles: 'publisher',
  watches: 'brand',
  jewelry: 'lab',
};

export function isPlanetId(value: unknown): value is PlanetId {
  return typeof value === 'string' && Object.hasOwn(planets, value);
}

/** PREFIX-YYYY-NNNNNN: three letters, the year, a sequence of at least six digits (docs/api.md). */
export const CERTIFICATE_NUMBER = /^[A-Z]{3}-\d{4}-\d{6,18}$/;

/** The planet of a well-formed certificate number; undefined for any other text (answered 404 like an unknown one). */
export function planetOfWellFormedNumber(certificateNumber: string): PlanetId | undefined {
  return CERTIFICATE_NUMBER.test(certificateNumber)
    ? planetOfCertificateNumber(certificateNumber)
    : undefined;
}

/** The planet a certificate number belongs to, from its prefix ("ART-2026-000001" → artworks). */
export function planetOfCertificateNumber(certificateNumber: string): PlanetId | undefined {
  const prefix = certificateNumber.split('-', 1)[0];
  return planetIds.find((planet) => planets[planet].prefix === prefix);
}
