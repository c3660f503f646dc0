import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { accountText as english } from '../account.text.js';

/** “Your account”: password, passkeys, language, sign out everywhere in Japanese (the English source is ../account.text.ts). */
export const accountText: Translation<typeof english> = {
  account: {
    title: 'マイアカウント',
    signedInAs: '<strong>{email}</strong> としてサインインしています。',
    passwordHeading: 'パスワードの変更',
    currentPassword: '現在のパスワード',
    newPassword: '新しいパスワード',
    passwordHint: '{min}文字以上で、よく使われるパスワードは使用できません。ほかのセッションは終了します。',
    newPasswordAgain: '新しいパスワード（確認）',
    changePassword: 'パスワードを変更',
    passwordChanged: 'パスワードを変更しました。ほかのセッションは終了しました。',
    passkeysHeading: 'パスキー',
    passkeysIntro: 'パスワードの代わりに、デバイスの画面ロックやセキュリティキーでサインインできます。',
    noPasskeys: 'パスキーはまだありません。',
    columns: {
      name: '名前',
      added: '追加日時',
      lastUsed: '最終使用',
      actions: '操作',
    },
    unnamedPasskey: 'パスキー',
    removePasskey: '削除<hidden>（パスキー {name}）</hidden>',
    addPasskey: 'パスキーを追加',
    addPasskeyFallback: 'パスキーの追加には、JavaScriptとパスキーに対応したブラウザーが必要です。',
    passkeyRemoved: 'パスキーを削除しました。',
    languageHeading: '言語',
    languageIntro: 'どのデバイスでサインインしても、コンソールはこの言語で表示されます。',
    languageLabel: 'コンソールの言語',
    saveLanguage: '言語を保存',
    everywhereHeading: 'すべてのデバイスからサインアウト',
    everywhereIntro: 'このデバイスを含む、すべてのアカウント・すべてのデバイスでのセッションを終了します。',
    everywhereButton: 'すべてサインアウト',
  },
};
