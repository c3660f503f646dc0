import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { listsText as english } from '../lists.text.js';

/** The lists' shared words in Italian (the English source is ../lists.text.ts). */
export const listsText: Translation<typeof english> = {
  lists: {
    asset: 'Oggetto',
  },
};
