import { rich } from '../../../i18n/message.js';

/** The words of the operator's dashboard (English; one place to translate). */
export const dashboardText = {
  dashboard: {
    title: 'Dashboard',
    awaitingReview: rich(
      '{count, plural, one {<stat>#</stat> certificate awaiting review} other {<stat>#</stat> certificates awaiting review}}',
      'stat',
      'count',
    ),
    accounts: rich(
      '{count, plural, one {<stat>#</stat> account} other {<stat>#</stat> accounts}}',
      'stat',
      'count',
    ),
    activeKeys: rich(
      '{count, plural, one {<stat>#</stat> active API key} other {<stat>#</stat> active API keys}}',
      'stat',
      'count',
    ),
    byCategory: 'Certificates by category',
    byCategoryCaption: 'Certificates by category and status',
    category: 'Category',
  },
} as const;
