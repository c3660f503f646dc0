import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { apiKeysText as english } from '../api-keys.text.js';

/** The operator’s API key pages in Japanese (the English source is ../api-keys.text.ts). */
export const apiKeysText: Translation<typeof english> = {
  apiKeys: {
    title: 'APIキー',
    none: '該当するAPIキーはありません。',
    caption: 'APIキー',
    account: 'アカウント',
    chooseAccount: 'アカウントを選択',
    accountFirst: '先に<link>アカウント</link>を作成してください。キーは必ずいずれかのアカウントに属します。',
    submit: 'キーを作成',
    filters: 'キーを絞り込む',
    allAccounts: 'すべてのアカウント',
    status: 'ステータス',
    anyStatus: 'すべてのステータス',
    filter: '絞り込む',
    statuses: {
      active: '有効',
      revoked: '失効',
      expired: '期限切れ',
    },
    create: 'キーを作成する',
    createdTitle: 'APIキーを作成しました',
    prefix: 'プレフィックス',
    name: '名前',
    categories: 'カテゴリー',
    expires: '有効期限',
    neverExpires: 'なし',
    back: 'APIキー一覧に戻る',
    revokeTitle: 'APIキーを失効させる',
    revoked: 'キー {prefix}… を失効させました。',
  },
};
