import { AppError } from '../../errors/error-catalogue.js';
import { inLanguage } from '../../i18n/request-language.js';
import { LANGUAGES } from '../../i18n/locales.js';
import { planets, type PlanetId } from '../../planets/planets.js';
import { text as consoleText } from '../console/text/index.js';
import { text as pageText } from '../web-pages/text/index.js';
import { TRAILING_COLUMNS } from './inventory-export.service.js';

/** What a column of the file fills: a field of the asset by its API name, or nothing (an export-only column). */
export interface ImportColumn {
  header: string;
  index: number;
  /** The API field name; null for a column the import leaves aside. */
  field: string | null;
}

/** The field the file-name column fills: not a field of the asset, but the images in the import's ZIP to attach to it. */
export const IMAGES_FIELD = 'images';

/** Headers that name the file-name column, beside its label in the catalogue's languages. */
const IMAGE_COLUMN_NAMES = [IMAGES_FIELD, 'image', 'image_file', 'image_files', 'photo', 'photos'] as const;

/** The columns an export writes that the service keeps itself: a re-import leaves them aside. */
const EXPORT_ONLY_COLUMNS = ['certificate_number', ...TRAILING_COLUMNS] as const;

/** A header as it is compared: without case, spaces, underscores or hyphens ("Inventory number" = inventory_number). */
function comparable(header: string): string {
  return header
    .normalize('NFC')
    .toLowerCase()
    .replace(/[\s_-]+/g, '');
}

const namesByPlanet = new Map<PlanetId, Map<string, string | null>>();

/** Every name a header may give a field: its API name and its label in each language of the catalogue. */
function knownNames(planet: PlanetId): Map<string, string | null> {
  let names = namesByPlanet.get(planet);
  if (names) return names;
  names = new Map<string, string | null>();
  const fields = Object.keys(planets[planet].fields);
  for (const language of LANGUAGES) {
    inLanguage(language, () => {
      names.set(comparable(consoleText.assets.titleField), 'title');
      names.set(comparable(consoleText.assets.inventoryNumberField), 'inventory_number');
      names.set(comparable(consoleText.assets.imageFilesField), IMAGES_FIELD);
      for (const field of fields) {
        const label = pageText.fields.labels[field];
        if (label) names.set(comparable(label), field);
      }
    });
  }
  for (const name of IMAGE_COLUMN_NAMES) names.set(comparable(name), IMAGES_FIELD);
  // API names last: a field's own name wins over another field's label that reads the same.
  for (const field of ['title', 'inventory_number', ...fields]) names.set(comparable(field), field);
  for (const column of EXPORT_ONLY_COLUMNS) names.set(comparable(column), null);
  namesByPlanet.set(planet, names);
  return names;
}

/**
 * The file's columns matched to fields: the caller's mapping first (header → field, null to leave a column aside),
 * then the API names and the catalogue's labels in every language; any other header is a pass-through field, as on
 * create. Two columns filling one field are refused.
 */
export function importColumns(
  planet: PlanetId,
  header: readonly string[],
  mapping: Readonly<Record<string, string | null>>,
): ImportColumn[] {
  for (const named of Object.keys(mapping))
    if (!header.includes(named))
      throw new AppError('import_file_unreadable', 'unknown_column', { column: named });
  const names = knownNames(planet);
  const filled = new Set<string>();
  return header.map((name, index) => {
    let field: string | null;
    if (Object.hasOwn(mapping, name)) field = mapping[name] ?? null;
    else if (name === '') field = null;
    else {
      const known = names.get(comparable(name));
      field = known === undefined ? name : known;
    }
    if (field !== null) {
      if (filled.has(field)) throw new AppError('import_file_unreadable', 'column_twice', { field });
      filled.add(field);
    }
    return { header: name, index, field };
  });
}
