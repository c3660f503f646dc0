import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { ConsoleText } from '../index.js';

/** The console's words in Italian, area by area (the English source is ../<area>.text.ts). */
export const it: Translation<ConsoleText> = {};
