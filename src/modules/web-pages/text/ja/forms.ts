import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { formsText as english } from '../forms.text.js';

/** The form parts’ and sign-in form’s words in Japanese (the English source is ../forms.text.ts). */
export const formsText: Translation<typeof english> = {
  forms: {
    email: 'メールアドレス',
    password: 'パスワード',
  },
  signIn: {
    refused: 'メールアドレスまたはパスワードが正しくありません。',
    throttled: '{minutes, plural, other {失敗した試行が多すぎます。#分後にもう一度お試しください。}}',
  },
};
