import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { valuesText as english } from '../values.text.js';

/** The names of statuses and categories in French (the English source is ../values.text.ts). */
export const valuesText: Translation<typeof english> = {
  values: {
    certificateStatuses: {
      pending: 'en attente',
      issued: 'émis',
      suspended: 'suspendu',
      revoked: 'révoqué',
      rejected: 'rejeté',
    },
    assetStatuses: {
      draft: 'brouillon',
      active: 'actif',
      archived: 'archivé',
    },
    categories: {
      artworks: 'Œuvres d’art',
      collectibles: 'Objets de collection',
      watches: 'Montres',
      jewelry: 'Joaillerie',
    },
  },
};
