import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { PageText } from '../index.js';
import { frameText } from './frame.js';
import { formsText } from './forms.js';
import { valuesText } from './values.js';
import { peopleText } from './people.js';
import { assetPartsText } from './asset-parts.js';
import { keyFormText } from './key-form.js';

/** The words /admin and /console share in German, area by area (the English source is ../<area>.text.ts). */
export const de: Translation<PageText> = {
  ...frameText,
  ...formsText,
  ...valuesText,
  ...peopleText,
  ...assetPartsText,
  ...keyFormText,
};
