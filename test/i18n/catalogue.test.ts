import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { isMessage } from '../../src/i18n/message.js';
import { LANGUAGES, PSEUDO_LANGUAGE, type PageLanguage } from '../../src/i18n/locales.js';
import { catalogues } from '../../src/i18n/text-catalogue.js';
import { packageRoot } from '../../src/lib/package-root.js';

// Every module's words: importing its text defines its catalogue.
const sourceRoot = path.join(packageRoot, 'src');
const textModules = readdirSync(sourceRoot, { recursive: true })
  .map(String)
  .filter((file) => /(^|\/)text\/index\.ts$/.test(file));
await Promise.all(textModules.map((file) => import(pathToFileURL(path.join(sourceRoot, file)).href)));

type Leaf = { path: string; source: string };

function leaves(tree: unknown, path = ''): Leaf[] {
  if (typeof tree === 'string') return [{ path, source: tree }];
  if (isMessage(tree)) return [{ path, source: tree.source }];
  if (tree && typeof tree === 'object')
    return Object.entries(tree).flatMap(([key, value]) => leaves(value, path ? `${path}.${key}` : key));
  return [];
}

function lookup(tree: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], tree);
}

/** The placeholders and tags a message uses (plural and select branches differ between languages; names do not). */
function namesIn(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (
      element.type === TYPE.argument ||
      element.type === TYPE.number ||
      element.type === TYPE.date ||
      element.type === TYPE.time
    )
      into.add(element.value);
    if (element.type === TYPE.tag) {
      into.add(`<${element.value}>`);
      namesIn(element.children, into);
    }
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      into.add(element.value);
      for (const option of Object.values(element.options)) namesIn(option.value, into);
    }
  }
  return into;
}

const translatedLanguages = LANGUAGES.filter((language) => language !== 'en');

describe('the message catalogue', () => {
  it('holds the text of every module that has one', () => {
    expect(textModules.length).toBeGreaterThan(4);
    expect(catalogues.length).toBeGreaterThanOrEqual(textModules.length);
  });

  it('has every English message valid ICU', () => {
    for (const { english } of catalogues)
      for (const leaf of leaves(english)) expect(() => parse(leaf.source), leaf.path).not.toThrow();
  });

  for (const language of translatedLanguages) {
    it(`translates every message into ${language}, with the same placeholders and tags as the English`, () => {
      const missing: string[] = [];
      const mismatched: string[] = [];
      for (const { english, translations } of catalogues) {
        for (const leaf of leaves(english)) {
          const translated = lookup(translations[language], leaf.path);
          if (typeof translated !== 'string') {
            missing.push(leaf.path);
            continue;
          }
          const expected = [...namesIn(parse(leaf.source))].sort();
          const actual = [...namesIn(parse(translated))].sort();
          if (JSON.stringify(expected) !== JSON.stringify(actual))
            mismatched.push(`${leaf.path}: ${actual.join(',')} instead of ${expected.join(',')}`);
        }
      }
      expect(missing, `untranslated in ${language}`).toEqual([]);
      expect(mismatched, `placeholders differ in ${language}`).toEqual([]);
    });

    it(`has no ${language} key the English does not have`, () => {
      const extra: string[] = [];
      for (const { english, translations } of catalogues) {
        const known = new Set(leaves(english).map((leaf) => leaf.path));
        for (const leaf of leaves(translations[language])) if (!known.has(leaf.path)) extra.push(leaf.path);
      }
      expect(extra).toEqual([]);
    });
  }

  it('compiles every language, the pseudo language too', () => {
    for (const catalogue of catalogues)
      for (const language of [...LANGUAGES, PSEUDO_LANGUAGE] as PageLanguage[])
        expect(() => catalogue.inLanguage(language)).not.toThrow();
  });
});
