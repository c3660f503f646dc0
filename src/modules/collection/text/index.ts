import { defineText } from '../../../i18n/text-catalogue.js';
import { collectionText } from './collection.text.js';

/**
 * Every word of the collector's place, in English (`collection.text.ts`) and each other language
 * (`<lang>/collection.json`), read as `text.<area>.<key>` in the language of the request (docs/languages.md).
 */
export const text = defineText(import.meta.url, collectionText);
