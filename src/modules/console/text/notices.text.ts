import { msg } from '../../../i18n/message.js';

/**
 * The account page's "Messages by e-mail" (each notice on or off, one message each or a daily digest) and the page
 * a notice's one-click link opens.
 */
export const noticeSettingsText = {
  notices: {
    heading: 'Messages by e-mail',
    intro: msg(
      'Which notices of {account} reach you at {email}. A link at the foot of each message also stops that kind.',
      'account',
      'email',
    ),
    legend: 'Tell me when',
    kinds: {
      certificate_issued: 'a certificate of the account is issued',
      certificate_suspended: 'a certificate of the account is suspended',
      certificate_revoked: 'a certificate of the account is revoked',
      transfer_offered: 'another account offers the account a work',
      transfer_accepted: 'an account accepts a work the account offered it',
      transfer_declined: 'an account declines a work the account offered it',
      watch_alert: 'a certificate on the watch list is reported stolen or lost',
      asset_alert: 'a work of the account is reported stolen or lost',
      webhook_failing: 'a webhook endpoint of the account has accepted nothing for a day',
      new_sign_in: 'someone signs in as you from a browser never used for it before',
    },
    deliveryLegend: 'How they come',
    each: 'One message for each, as it happens',
    digest: 'One message a day that gathers them (a new sign-in still comes at once)',
    defaults: msg(
      '{role, select, owner {Until you choose, an owner gets every notice.} other {Until you choose, you get none.}}',
      'role',
    ),
    save: 'Save my choices',
    saved: 'Your choice of messages is saved.',
  },
  unsubscribe: {
    title: 'Your messages',
    memberKind: msg('Messages to {email} from {account}, when {what}.', 'email', 'account', 'what'),
    memberAll: msg('Every notice of {account} to {email}.', 'account', 'email'),
    reviewSummary: msg('The daily summary of certificates waiting for review, to {email}.', 'email'),
    isOn: 'These messages are on.',
    isOff: 'These messages are off.',
    stop: 'Stop these messages',
    resume: 'Send them again',
    stopped: 'Done: these messages are stopped.',
    resumed: 'Done: these messages come again.',
    choose: 'Choose exactly which messages you get on your account page',
  },
} as const;
