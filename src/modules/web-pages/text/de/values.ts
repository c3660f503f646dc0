import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { valuesText as english } from '../values.text.js';

/** The names of statuses and categories in German (the English source is ../values.text.ts). */
export const valuesText: Translation<typeof english> = {
  values: {
    certificateStatuses: {
      pending: 'ausstehend',
      issued: 'ausgestellt',
      suspended: 'ausgesetzt',
      revoked: 'widerrufen',
      rejected: 'abgelehnt',
    },
    assetStatuses: {
      draft: 'Entwurf',
      active: 'aktiv',
      archived: 'archiviert',
    },
    categories: {
      artworks: 'Kunstwerke',
      collectibles: 'Sammlerstücke',
      watches: 'Uhren',
      jewelry: 'Schmuck',
    },
  },
};
