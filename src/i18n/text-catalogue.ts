import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import { formatPlain, formatRich, isMessage, type AnyMessage } from './message.js';
import { intlLocale, LANGUAGES, PSEUDO_LANGUAGE, type Language, type PageLanguage } from './locales.js';
import { pseudoMessage } from './pseudo-language.js';
import { currentLanguage } from './request-language.js';

/** A language's words for an English text tree: the same keys, each message an ICU source string. */
export type Translation<T> = T extends AnyMessage
  ? string
  : T extends string
    ? string
    : T extends readonly unknown[]
      ? readonly string[]
      : { readonly [K in keyof T]?: Translation<T[K]> };

/** The translations of a text tree, by language (English is the tree itself). */
export type Translations<T> = Partial<Record<Exclude<Language, 'en'>, Translation<T>>>;

type Tree = { readonly [key: string]: unknown };

/** The source of a leaf in `language`: its translation where there is one, else the English (listed by the catalogue test). */
function sourceIn(english: string | AnyMessage, translated: unknown): string {
  if (typeof translated === 'string') return translated;
  return typeof english === 'string' ? english : english.source;
}

function compile(english: unknown, translated: unknown, language: PageLanguage, path: string): unknown {
  if (typeof english === 'string' || isMessage(english)) {
    const source = sourceIn(english, translated);
    let formatter: IntlMessageFormat;
    try {
      formatter = new IntlMessageFormat(
        language === PSEUDO_LANGUAGE
          ? pseudoMessage(typeof english === 'string' ? english : english.source)
          : source,
        intlLocale(language),
      );
    } catch (error) {
      throw new Error(`The ${language} message ${path} is not valid ICU: ${(error as Error).message}`);
    }
    if (typeof english === 'string') return formatPlain(formatter, [], []);
    return english.rich
      ? (...values: unknown[]) => formatRich(formatter, english.names, values)
      : (...values: unknown[]) => formatPlain(formatter, english.names, values);
  }
  if (Array.isArray(english)) {
    const translatedList: unknown[] = Array.isArray(translated) ? translated : [];
    return english.map((value, index) => compile(value, translatedList[index], language, `${path}.${index}`));
  }
  if (english && typeof english === 'object') {
    const translatedTree = (translated && typeof translated === 'object' ? translated : {}) as Tree;
    return Object.fromEntries(
      Object.entries(english).map(([key, value]) => [
        key,
        compile(value, translatedTree[key], language, path ? `${path}.${key}` : key),
      ]),
    );
  }
  return english;
}

type CompiledTree = (language: PageLanguage) => Tree;

const isSubtree = (node: unknown): node is Tree =>
  typeof node === 'object' && node !== null && !Array.isArray(node);

/**
 * The tree at `path`, read live: a subtree answers another live subtree, a leaf (a word, a message, a list of words)
 * is read in the language of the request being served at the moment it is read. So a view may keep `text.area` in a
 * module constant (`const words = text.home`) and still speak each request's language.
 */
function liveTree(
  english: Tree,
  path: readonly string[],
  compiled: CompiledTree,
  views: Map<string, Tree>,
): Tree {
  const key = path.join('.');
  let view = views.get(key);
  if (!view) {
    view = new Proxy(english, {
      get: (target, name) => {
        if (typeof name === 'symbol') return Reflect.get(target, name) as unknown;
        const child = target[name];
        if (isSubtree(child)) return liveTree(child, [...path, name], compiled, views);
        return [...path, name].reduce<unknown>(
          (node, step) => (node as Tree | undefined)?.[step],
          compiled(currentLanguage()),
        );
      },
    });
    views.set(key, view);
  }
  return view;
}

/**
 * The translations kept beside a text tree's module: `<lang>/<area>.json` for each language but English, each file
 * holding its areas' keys (JSON, the format translators' tools read; `npm run build` copies them beside the build).
 */
function translationsBeside(moduleUrl: string): Translations<Tree> {
  const folder = path.dirname(fileURLToPath(moduleUrl));
  const translations: Record<string, Tree> = {};
  for (const language of LANGUAGES.filter((code) => code !== 'en')) {
    const files = readdirSync(path.join(folder, language)).filter((file) => file.endsWith('.json'));
    translations[language] = Object.assign(
      {},
      ...files
        .sort()
        .map((file) => JSON.parse(readFileSync(path.join(folder, language, file), 'utf8')) as Tree),
    ) as Tree;
  }
  return translations;
}

/** The areas' keys as one tree's (each area a `{ area: { … } }` object of its `<area>.text.ts`). */
type Gathered<Areas extends readonly Tree[]> = (
  Areas[number] extends infer Area ? (Area extends Tree ? (gather: Area) => void : never) : never
) extends (gather: infer All) => void
  ? All
  : never;

/** The English tree of a module's areas, each area's keys once: a key two areas both define is a mistake, said at start. */
function gatherAreas(moduleUrl: string, areas: readonly Tree[]): Tree {
  const english: Record<string, unknown> = {};
  for (const area of areas)
    for (const [key, value] of Object.entries(area)) {
      if (key in english) throw new Error(`Two text areas beside ${moduleUrl} define "${key}"`);
      english[key] = value;
    }
  return english;
}

/**
 * A module's words in every language, read as `text.area.key`, gathered from its areas (`<area>.text.ts`, English):
 * each read answers in the language of the request being served (request-language.ts), so views stay plain
 * functions. `moduleUrl` (the text tree's `import.meta.url`) says where its translations are (translationsBeside).
 * Each language's tree is compiled on its first use.
 */
export function defineText<Areas extends readonly Tree[]>(
  moduleUrl: string,
  ...areas: Areas
): Gathered<Areas> {
  type T = Gathered<Areas> & Tree;
  const english = gatherAreas(moduleUrl, areas) as T;
  const translations = translationsBeside(moduleUrl) as Translations<T>;
  const compiled = new Map<PageLanguage, T>();
  const inLanguage = (language: PageLanguage): T => {
    let tree = compiled.get(language);
    if (!tree) {
      const translated =
        language === 'en' || language === PSEUDO_LANGUAGE ? undefined : translations[language];
      tree = compile(english, translated, language, '') as T;
      compiled.set(language, tree);
    }
    return tree;
  };
  catalogues.push({ english, translations, inLanguage: inLanguage });
  return liveTree(english, [], inLanguage, new Map()) as T;
}

/** Every text tree defined, for the catalogue's own tests (completeness, placeholders, the pseudo language). */
export const catalogues: {
  english: Tree;
  translations: Translations<Tree>;
  inLanguage: (language: PageLanguage) => Tree;
}[] = [];
