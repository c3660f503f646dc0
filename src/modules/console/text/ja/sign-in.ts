import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { signInText as english } from '../sign-in.text.js';

/** The console's sign-in page in Japanese (the English source is ../sign-in.text.ts). */
export const signInText: Translation<typeof english> = {
  signIn: {
    account: 'アカウント',
    chooseAccount:
      'このメールアドレスとパスワードは、複数のアカウントでそれぞれ別のサインインに使われています。アカウントを選び、パスワードをもう一度入力してください。',
    confirmSwitch:
      'このブラウザは{signedInAs}としてサインインしています。別の人としてサインインする場合は、その人のパスワードをもう一度入力して確定してください。このブラウザでの{signedInAs}のサインインは解除されます。',
    confirmSwitchButton: '代わりにこの人としてサインイン',
    staySignedIn: '{signedInAs}のままにする',
    invitationReplaces:
      'このブラウザは{signedInAs}としてサインインしています。この招待を承諾すると、このブラウザでの{signedInAs}のサインインは解除され、{invitee}としてサインインします。',
  },
};
