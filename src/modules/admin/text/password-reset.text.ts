import { msg } from '../../../i18n/message.js';

/** The words of /admin's way back in: "Forgot your password?" and the link's page (docs/admin.md). */
export const passwordResetText = {
  passwordReset: {
    forgotLink: 'Forgot your password?',
    requestTitle: 'Forgot your password?',
    requestIntro: 'Enter the email address you log in with. We will send it a link to choose a new password.',
    requestButton: 'Send me a link',
    backToLogIn: 'Back to log-in',
    sentTitle: 'Check your email',
    sent: msg(
      'If {email} is the address of an administrator here, a link to choose a new password is on its way to it. The link works once, within an hour.',
      'email',
    ),
    sentNothing:
      'Nothing after a few minutes? Look in your spam folder and check the address you typed, then ask again.',
    askAgain: 'Ask again',
    chooseTitle: 'Choose a new password',
    chooseIntro:
      'Choose the password you will log in with from now on. Every session logged in with the old one ends.',
    newPassword: 'New password',
    newPasswordAgain: 'New password again',
    passwordHint: msg('At least {min} characters, and not one of the most used passwords.', 'min'),
    save: 'Save the new password',
    doneTitle: 'Your password is changed',
    done: 'Log in with your new password. Every session logged in with the old one has ended, and we have sent you a message saying so.',
    logIn: 'Log in',
    closedTitle: 'This link does not work',
    used: 'This link has already been used: each link works once.',
    expired: 'This link has expired: a link works for an hour after it is sent.',
    unknown: 'This link is not valid: it may be incomplete, or no longer needed.',
    askNew: 'Ask for a new link',
  },
} as const;
