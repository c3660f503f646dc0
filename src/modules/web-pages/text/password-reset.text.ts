import { msg } from '../../../i18n/message.js';

/** The words /admin's and /console's "Forgot your password?" say alike; each app's own voice stays in its tree. */
export const passwordResetText = {
  passwordReset: {
    forgotLink: 'Forgot your password?',
    requestTitle: 'Forgot your password?',
    requestButton: 'Send me a link',
    sentTitle: 'Check your email',
    sentNothing:
      'Nothing after a few minutes? Look in your spam folder and check the address you typed, then ask again.',
    askAgain: 'Ask again',
    chooseTitle: 'Choose a new password',
    passwordHint: msg('At least {min} characters, and not one of the most used passwords.', 'min'),
    save: 'Save the new password',
    doneTitle: 'Your password is changed',
    closedTitle: 'This link does not work',
    used: 'This link has already been used: each link works once.',
    expired: 'This link has expired: a link works for an hour after it is sent.',
    unknown: 'This link is not valid: it may be incomplete, or no longer needed.',
    askNew: 'Ask for a new link',
  },
} as const;
