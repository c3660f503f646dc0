import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { ConsoleText } from '../index.js';

/** The console's words in Japanese, area by area (the English source is ../<area>.text.ts). */
export const ja: Translation<ConsoleText> = {};
