import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { dashboardText as english } from '../dashboard.text.js';

/** The operator’s dashboard in Japanese (the English source is ../dashboard.text.ts). */
export const dashboardText: Translation<typeof english> = {
  dashboard: {
    title: 'ダッシュボード',
    awaitingReview: '{count, plural, other {審査待ちの証明書 <stat>#</stat> 件}}',
    accounts: '{count, plural, other {アカウント <stat>#</stat> 件}}',
    activeKeys: '{count, plural, other {有効なAPIキー <stat>#</stat> 件}}',
    byCategory: 'カテゴリー別の証明書',
    byCategoryCaption: 'カテゴリー・ステータス別の証明書',
    category: 'カテゴリー',
  },
};
