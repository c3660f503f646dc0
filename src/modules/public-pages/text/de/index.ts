import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { PublicPagesText } from '../index.js';
import { certificateText } from './certificate.js';
import { howToCheckText } from './how-to-check.js';
import { landingText } from './landing.js';
import { lookUpText } from './look-up.js';
import { pageText } from './page.js';
import { photoSearchText } from './photo-search.js';
import { tapText } from './tap.js';
import { registrationText } from './registration.js';

/** The public pages' words in German, area by area (the English source is ../<area>.text.ts). */
export const de: Translation<PublicPagesText> = {
  ...pageText,
  ...landingText,
  ...lookUpText,
  ...certificateText,
  ...howToCheckText,
  ...photoSearchText,
  ...tapText,
  ...registrationText,
};
