import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { layoutText as english } from '../layout.text.js';

/** The console's frame in Japanese (the English source is ../layout.text.ts). */
export const layoutText: Translation<typeof english> = {
  nav: {
    home: 'ホーム',
    assets: '登録品',
    transfers: '移転',
    watchlist: 'ウォッチリスト',
    search: '写真検索',
    developers: '開発者向け',
    members: 'メンバー',
    keys: 'APIキー',
    audit: '監査ログ',
    profile: 'ギャラリーのプロフィール',
    account: 'マイアカウント',
  },
  technical: { summary: '技術的な詳細' },
};
