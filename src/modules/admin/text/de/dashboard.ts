import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { dashboardText as english } from '../dashboard.text.js';

/** The operator’s dashboard in German (the English source is ../dashboard.text.ts). */
export const dashboardText: Translation<typeof english> = {
  dashboard: {
    title: 'Übersicht',
    awaitingReview:
      '{count, plural, one {<stat>#</stat> Zertifikat wartet auf Prüfung} other {<stat>#</stat> Zertifikate warten auf Prüfung}}',
    accounts: '{count, plural, one {<stat>#</stat> Konto} other {<stat>#</stat> Konten}}',
    activeKeys:
      '{count, plural, one {<stat>#</stat> aktiver API-Schlüssel} other {<stat>#</stat> aktive API-Schlüssel}}',
    byCategory: 'Zertifikate nach Kategorie',
    byCategoryCaption: 'Zertifikate nach Kategorie und Status',
    category: 'Kategorie',
  },
};
