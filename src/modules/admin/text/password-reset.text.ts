import { msg } from '../../../i18n/message.js';

/** The words of /admin's way back in: "Forgot your password?" and the link's page (docs/admin.md). */
export const passwordResetText = {
  passwordReset: {
    requestIntro: 'Enter the email address you log in with. We will send it a link to choose a new password.',
    backToLogIn: 'Back to log-in',
    sent: msg(
      'If {email} is the address of an administrator here, a link to choose a new password is on its way to it. The link works once, within an hour.',
      'email',
    ),
    chooseIntro:
      'Choose the password you will log in with from now on. Every session logged in with the old one ends.',
    newPassword: 'New password',
    newPasswordAgain: 'New password again',
    done: 'Log in with your new password. Every session logged in with the old one has ended, and we have sent you a message saying so.',
    logIn: 'Log in',
  },
} as const;
