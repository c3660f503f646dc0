import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { loginText as english } from '../login.text.js';

/** The console’s sign-in page in Japanese (the English source is ../login.text.ts). */
export const loginText: Translation<typeof english> = {
  login: {
    title: 'サインイン',
    titleSwitch: '別のユーザーとしてサインインしますか？',
    button: 'サインイン',
    passkeyHeading: 'またはパスキーで',
    passkeyButton: 'パスキーでサインイン',
    passkeyFallback:
      'パスキーでのサインインには、JavaScriptとパスキーに対応したブラウザーが必要です。上のメールアドレスとパスワードでサインインしてください。',
  },
};
