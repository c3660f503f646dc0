import { defineText } from '../../../i18n/text-catalogue.js';
import { certificateText } from './certificate.text.js';
import { howToCheckText } from './how-to-check.text.js';
import { landingText } from './landing.text.js';
import { lookUpText } from './look-up.text.js';
import { pageText } from './page.text.js';
import { photoSearchText } from './photo-search.text.js';
import { tapText } from './tap.text.js';
import { registrationText } from './registration.text.js';
import { provenanceText } from './provenance.text.js';

/**
 * Every word of the public pages (home, look-up, certificate pages, how to check, photo search, the tap page, their
 * error pages), in English (`<area>.text.ts`, the source) and each other language (`<lang>/<area>.json`), read as
 * `text.<area>.<key>` in the language of the request (docs/languages.md).
 */
export const text = defineText(
  import.meta.url,
  pageText,
  landingText,
  lookUpText,
  certificateText,
  howToCheckText,
  photoSearchText,
  tapText,
  registrationText,
  provenanceText,
);
