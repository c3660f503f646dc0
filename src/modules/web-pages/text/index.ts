import { defineText } from '../../../i18n/text-catalogue.js';
import { assetPartsText } from './asset-parts.text.js';
import { formsText } from './forms.text.js';
import { fieldsText } from './fields.text.js';
import { frameText } from './frame.text.js';
import { keyFormText } from './key-form.text.js';
import { passwordResetText } from './password-reset.text.js';
import { peopleText } from './people.text.js';
import { valuesText } from './values.text.js';

/**
 * The words of the parts /admin and /console share (frame, forms, sign-in, the way back in, people lists, API key forms, asset parts and fields), in
 * English (`<area>.text.ts`) and each other language (`<lang>/<area>.json`), read in the language of the request.
 */
export const text = defineText(
  import.meta.url,
  formsText,
  valuesText,
  fieldsText,
  assetPartsText,
  frameText,
  peopleText,
  keyFormText,
  passwordResetText,
);
