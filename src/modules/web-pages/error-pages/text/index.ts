import { defineText } from '../../../../i18n/text-catalogue.js';
import { errorsText } from './errors.text.js';
import { de } from './de/index.js';
import { fr } from './fr/index.js';
import { it } from './it/index.js';
import { ja } from './ja/index.js';

/** What error pages say, in the reader's language (docs/languages.md). */
export const text = defineText(errorsText, { fr, de, it, ja });
