import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { valuesText as english } from '../values.text.js';

/** The names of statuses and categories in Japanese (the English source is ../values.text.ts). */
export const valuesText: Translation<typeof english> = {
  values: {
    certificateStatuses: {
      pending: '保留中',
      issued: '発行済み',
      suspended: '一時停止中',
      revoked: '失効',
      rejected: '却下',
    },
    assetStatuses: {
      draft: '下書き',
      active: '有効',
      archived: 'アーカイブ済み',
    },
    categories: {
      artworks: '美術作品',
      collectibles: 'コレクターズアイテム',
      watches: '時計',
      jewelry: 'ジュエリー',
    },
  },
};
