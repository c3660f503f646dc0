import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { layoutText as english } from '../layout.text.js';

/** The operator’s frame’s words in Japanese (the English source is ../layout.text.ts). */
export const layoutText: Translation<typeof english> = {
  layout: {
    app: 'AVS 管理',
    nav: {
      dashboard: 'ダッシュボード',
      apiKeys: 'APIキー',
      accounts: 'アカウント',
      certificates: '証明書',
    },
    logOut: 'サインアウト',
    errorTitles: {
      refused: '拒否されました',
      notFound: '見つかりません',
      error: 'エラー',
      requestRefused: 'リクエストが拒否されました',
    },
    backToDashboard: 'ダッシュボードに戻る',
    backToLogIn: 'サインイン画面に戻る',
  },
};
