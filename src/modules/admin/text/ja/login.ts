import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { loginText as english } from '../login.text.js';

/** The operator’s log-in and set-up pages in Japanese (the English source is ../login.text.ts). */
export const loginText: Translation<typeof english> = {
  login: {
    title: 'サインイン',
    submit: 'サインイン',
    switchTitle: '別の管理者としてサインインしますか？',
    switchSubmit: 'この管理者としてサインインし直す',
    switchNotice:
      'このブラウザは {signedInAs} としてサインインしています。別の管理者としてサインインするには、その方のパスワードをもう一度入力して確定してください。確定すると、このブラウザでの {signedInAs} のサインインは終了します。',
    stay: '{signedInAs} のままサインインを続ける',
    throttled: '{minutes, plural, other {サインインの失敗が多すぎます。#分後にもう一度お試しください。}}',
  },
  setup: {
    title: '最初の管理者を設定',
    intro: 'このリンクは一度だけ有効です。サインインに使うメールアドレスとパスワードを決めてください。',
    password: 'パスワード',
    passwordAgain: 'パスワード（確認）',
    submit: '管理者を作成',
    passwordsDiffer: '2つのパスワードが一致しません。',
  },
};
