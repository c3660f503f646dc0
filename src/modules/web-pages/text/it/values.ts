import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { valuesText as english } from '../values.text.js';

/** The names of statuses and categories in Italian (the English source is ../values.text.ts). */
export const valuesText: Translation<typeof english> = {
  values: {
    certificateStatuses: {
      pending: 'in attesa',
      issued: 'emesso',
      suspended: 'sospeso',
      revoked: 'revocato',
      rejected: 'respinto',
    },
    assetStatuses: {
      draft: 'bozza',
      active: 'attivo',
      archived: 'archiviato',
    },
    categories: {
      artworks: 'Opere d’arte',
      collectibles: 'Oggetti da collezione',
      watches: 'Orologi',
      jewelry: 'Gioielli',
    },
  },
};
