import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { dashboardText as english } from '../dashboard.text.js';

/** The operator’s dashboard in Italian (the English source is ../dashboard.text.ts). */
export const dashboardText: Translation<typeof english> = {
  dashboard: {
    title: 'Pannello',
    awaitingReview:
      '{count, plural, one {<stat>#</stat> certificato in attesa di revisione} other {<stat>#</stat> certificati in attesa di revisione}}',
    accounts: '{count, plural, one {<stat>#</stat> account} other {<stat>#</stat> account}}',
    activeKeys:
      '{count, plural, one {<stat>#</stat> chiave API attiva} other {<stat>#</stat> chiavi API attive}}',
    byCategory: 'Certificati per categoria',
    byCategoryCaption: 'Certificati per categoria e stato',
    category: 'Categoria',
  },
};
