import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { invitationText as english } from '../invitation.text.js';

/** The invitation page in Japanese (the English source is ../invitation.text.ts). */
export const invitationText: Translation<typeof english> = {
  invitation: {
    title: '{account} に参加',
    invited: '<strong>{account}</strong> に <strong>{role}</strong> として招待されています。',
    email: 'メールアドレス',
    accept: '招待を承諾',
    withPassword: 'パスワードで参加',
    choosePassword: 'パスワードを設定',
    passwordHint: '{min}文字以上で、よく使われるパスワードは使用できません。',
    passwordAgain: '同じパスワードをもう一度入力',
    orPasskey: 'またはパスワードの代わりにパスキーで参加',
    acceptNewPasskey: '新しいパスキーで承諾',
    newPasskeyFallback:
      'パスキーの登録には、JavaScriptとパスキーに対応したブラウザーが必要です。代わりに上でパスワードを設定してください。',
    havePassword:
      'すでにパスワードをお持ちです（別のアカウントのメンバーです）。承諾するにはパスワードを入力してください。',
    yourPassword: 'パスワード',
    withYourPasskey: 'お持ちのパスキーで参加',
    havePasskey:
      'パスキーでサインインしています（別のアカウントのメンバーです）。承諾するにはパスキーを使用してください。',
    acceptYourPasskey: 'お持ちのパスキーで承諾',
    yourPasskeyFallback: 'パスキーの使用には、JavaScriptとパスキーに対応したブラウザーが必要です。',
    incorrectPassword: 'パスワードが正しくありません。',
  },
};
