import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { shellText as english } from '../shell.text.js';

/** The console’s frame: account switcher, sign-out, language switcher, error pages in Japanese (the English source is ../shell.text.ts). */
export const shellText: Translation<typeof english> = {
  shell: {
    switchLabel: 'アカウント',
    switchButton: '切り替え',
    membership: '{account}（{role}）',
    who: '{email} · {role}',
    signOut: 'サインアウト',
    errorTitles: {
      notAllowed: '許可されていません',
      notFound: 'ページが見つかりません',
      gone: 'このリンクは無効です',
      failed: 'エラー',
      refused: 'リクエストが拒否されました',
    },
    noSuchPage: 'このページは存在しません。',
    backToConsole: 'コンソールに戻る',
    signIn: 'サインイン',
    language: {
      label: '言語',
      browser: 'ブラウザーの言語',
      button: '変更',
      saved: '言語の設定を保存しました。',
    },
  },
};
