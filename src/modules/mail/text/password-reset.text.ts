import { msg } from '../../../i18n/message.js';

/** A way back in: the link to choose a new password, the operator's recovery link, and the notice of a change. */
export const passwordResetText = {
  passwordReset: {
    subject: msg('Choose a new password for {service}', 'service'),
    heading: 'Choose a new password',
    body: msg(
      'Someone, probably you, asked to choose a new password for {email} on {service}.',
      'email',
      'service',
    ),
    action: 'Choose a new password',
    expires: 'The link works once, within an hour of this message.',
    passkey:
      'If you sign in with a passkey, the link does not replace it: sign in with your passkey, then add a password on your account page.',
    notYou: 'If you did not ask, ignore this message: your password stays as it is.',
  },
  accountRecovery: {
    subject: msg('Sign in to {service} again', 'service'),
    heading: 'Choose a password to sign in again',
    body: msg(
      'The operator of {service} made this link at your request, so that you can sign in to {account} again as {email}: it lets you choose a new password.',
      'service',
      'account',
      'email',
    ),
    action: 'Choose a password',
    expires: 'The link works once, within 24 hours of this message.',
    notYou: 'If you did not ask the operator for help, tell them: nothing changes until the link is used.',
  },
  passwordChanged: {
    subject: msg('Your password for {service} was changed', 'service'),
    heading: 'Your password was changed',
    body: msg(
      'The password of {email} on {service} was changed on {date} with a link sent by e-mail.',
      'email',
      'service',
      'date',
    ),
    sessions:
      'Every session signed in before the change has ended: sign in again with the new password on each of your devices.',
    action: 'Not you? Choose another password',
    notYou:
      'If you did not change it, someone who can read your e-mail may have: choose another password at once and tell the administrator of your account.',
  },
} as const;
