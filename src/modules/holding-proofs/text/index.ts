import { defineText } from '../../../i18n/text-catalogue.js';
import { holdingProofPageText } from './holding-proof-page.text.js';

/**
 * The words of the page a holder shows to prove they hold an object (docs/collectors.md, "Proof of holding"), in
 * English (`<area>.text.ts`) and each other language (`<lang>/<area>.json`), read as `text.<area>.<key>`.
 */
export const text = defineText(import.meta.url, holdingProofPageText);
