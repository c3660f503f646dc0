import { msg } from '../../../i18n/message.js';

/** The claim a holder mails to the buyer of a work (docs/collectors.md): one link that makes the buyer its holder. */
export const handoverText = {
  handoverClaim: {
    subject: msg('{from} hands on to you the certificate of {work}', 'from', 'work'),
    heading: 'A certificate is waiting for you',
    body: msg(
      '{from} hands on to you the certificate of {work} (certificate {number}) on {service}.',
      'from',
      'work',
      'number',
      'service',
    ),
    keeps:
      'Accept it to hold the certificate yourself: you can show it, prove that the work is yours, and report it if it is ever lost or stolen. Your name stays private unless you choose to show it.',
    action: 'Accept the certificate',
    expires: msg('The link works once, until {date}. You confirm this address when you open it.', 'date'),
    notYou: msg(
      'If you did not acquire a work from {from}, ignore this message: nothing changes without you.',
      'from',
    ),
    /** The giver when a private collector hands the work on: never their name. */
    aCollector: 'A private collector',
  },
} as const;
