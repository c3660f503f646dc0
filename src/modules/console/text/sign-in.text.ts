import { msg } from '../../../i18n/message.js';
/** The words of the console's sign-in page (English; one place to translate). */
export const signInText = {
  signIn: {
    account: 'Account',
    chooseAccount:
      'This email and password open separate sign-ins in several accounts. Choose the account, and enter your password again.',
    confirmSwitch: msg(
      'This browser is signed in as {signedInAs}. To sign in as someone else instead, enter their password again and confirm; {signedInAs} is then signed out here.',
      'signedInAs',
    ),
    confirmSwitchButton: 'Sign in as this person instead',
    staySignedIn: msg('Stay signed in as {signedInAs}', 'signedInAs'),
    invitationReplaces: msg(
      'This browser is signed in as {signedInAs}. Accepting this invitation signs {signedInAs} out here and signs you in as {invitee}.',
      'signedInAs',
      'invitee',
    ),
  },
} as const;
