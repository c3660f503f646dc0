import { defineText } from '../../../../i18n/text-catalogue.js';
import { errorsText } from './errors.text.js';

/** What error pages say, in the reader's language (docs/languages.md). */
export const text = defineText(import.meta.url, errorsText);
