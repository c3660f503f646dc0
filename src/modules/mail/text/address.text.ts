import { msg } from '../../../i18n/message.js';

/** The links mailed to a person's own address: the proof that it is theirs, and a sign-in without a password. */
export const addressText = {
  addressProof: {
    subject: msg('Confirm your address on {service}', 'service'),
    heading: 'Confirm that this address is yours',
    body: msg(
      'Someone signed in to {service} as {email} asked to confirm that this address is theirs. Open the link in the browser where you are signed in, and confirm there.',
      'service',
      'email',
    ),
    action: 'Confirm my address',
    expires: msg('The link works once, until {date}.', 'date'),
    notYou: 'If you did not ask for this, ignore this message: nothing changes without you.',
  },
  signInLink: {
    subject: msg('Your sign-in link for {service}', 'service'),
    heading: msg('Sign in to {service}', 'service'),
    body: msg(
      'Someone asked for a link to sign in to {service} as {email}. Open it to sign in, with no password.',
      'service',
      'email',
    ),
    action: 'Sign in',
    expires: msg('The link works once, until {date} (15 minutes).', 'date'),
    notYou:
      'If you did not ask for it, ignore this message: nobody signs in without the link, and it stops working by itself.',
  },
} as const;
