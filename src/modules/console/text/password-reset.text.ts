import { msg } from '../../../i18n/message.js';

/** The words of the console's way back in: "Forgot your password?", the link's page, and adding a first password. */
export const passwordResetText = {
  passwordReset: {
    requestIntro:
      'Enter the email address you sign in with. We will send it a link to choose a new password.',
    backToSignIn: 'Back to sign-in',
    sent: msg(
      'If {email} is the address of a sign-in here, a link to choose a new password is on its way to it. The link works once, within an hour.',
      'email',
    ),
    chooseIntro:
      'Choose the password you will sign in with from now on. Every session signed in with the old one ends.',
    done: 'Sign in with your new password. Every session signed in with the old one has ended, and we have sent you a message saying so.',
    signIn: 'Sign in',
    passkeyTitle: 'Sign in with your passkey',
    passkeyOnly:
      'You sign in with a passkey, not a password, and this link cannot replace it. Sign in with your passkey; then add a password on your account page if you want one.',
    passkeyLost:
      'Lost your passkey? Ask the administrator of this service: they can make a link that lets you back in.',
    addHeading: 'Add a password',
    addIntro:
      'You sign in with passkeys only. Add a password to sign in with your email address too, or if you lose your passkeys.',
    addButton: 'Add password',
    added: 'Password added: you can sign in with it too.',
  },
} as const;
