import { msg } from '../../../i18n/message.js';

const ALERT = '{kind, select, stolen {stolen} other {lost}}';

/**
 * The notices members turn on or off on their account page, the daily digest that gathers them, and the operator's
 * daily summary of certificates waiting for review (docs/mail.md, "Notices").
 */
export const noticesText = {
  notices: {
    subject: msg('{account}: {headline}', 'account', 'headline'),
    work: msg('“{title}” by {artist}', 'title', 'artist'),
    workUntitled: msg('“{title}”', 'title'),
    openWork: 'Open the work in the console',
    reason: msg('The reason given: {reason}', 'reason'),
    certificateIssued: {
      headline: msg('Certificate {number} is issued', 'number'),
      body: msg('The certificate of {work} is issued: whoever checks it now finds it valid.', 'work'),
    },
    certificateSuspended: {
      headline: msg('Certificate {number} is suspended', 'number'),
      body: msg(
        'The certificate of {work} is suspended: whoever checks it is told it is not valid until it is reinstated.',
        'work',
      ),
    },
    certificateRevoked: {
      headline: msg('Certificate {number} is revoked', 'number'),
      body: msg(
        'The certificate of {work} is revoked: whoever checks it is told it is no longer valid, for good.',
        'work',
      ),
    },
    transferOffered: {
      headline: msg('{from} offers you certificate {number}', 'from', 'number'),
      body: msg(
        '{from} offers {account} the work {work} (certificate {number}). Accept or decline the offer before it expires.',
        'from',
        'account',
        'work',
        'number',
      ),
      action: 'See the offer',
    },
    transferAccepted: {
      headline: msg('{to} accepted certificate {number}', 'to', 'number'),
      body: msg(
        '{to} accepted the transfer of {work} (certificate {number}): the work is theirs now.',
        'to',
        'work',
        'number',
      ),
      action: 'See the certificate',
    },
    transferDeclined: {
      headline: msg('{to} declined certificate {number}', 'to', 'number'),
      body: msg(
        '{to} declined the transfer of {work} (certificate {number}): the work stays with {account}.',
        'to',
        'work',
        'number',
        'account',
      ),
    },
    watchAlert: {
      headline: msg(`Watched certificate {number} is reported ${ALERT}`, 'number', 'kind'),
      body: msg(
        `{work}, certificate {number} on the watch list of {account}, is reported ${ALERT} since {date}. Whoever checks the certificate is warned of it.`,
        'work',
        'number',
        'account',
        'kind',
        'date',
      ),
      action: 'Open the watch list',
    },
    assetAlert: {
      headline: msg(`Certificate {number} is reported ${ALERT}`, 'number', 'kind'),
      body: msg(
        `{work} (certificate {number}) is reported ${ALERT} since {date}. Whoever checks the certificate is warned of it.`,
        'work',
        'number',
        'kind',
        'date',
      ),
    },
    webhookFailing: {
      headline: 'A webhook endpoint has failed for a day',
      body: msg(
        'No delivery to {url} has succeeded since {since}. The events wait and are tried again; an endpoint that accepts none of a delivery’s attempts is disabled.',
        'url',
        'since',
      ),
      action: 'Open the delivery log',
    },
    newSignIn: {
      headline: msg('A new sign-in as {email}', 'email'),
      body: msg(
        'Someone signed in as {email} to {account} on {date}, from a browser that had never signed in as you before.',
        'email',
        'account',
        'date',
      ),
      after:
        'If it was you, there is nothing to do. If not, change your password and sign out everywhere on your account page.',
      action: 'Open your account page',
    },
    digest: {
      subject: msg(
        '{account}: {count, plural, one {# notice} other {# notices}} of the day',
        'account',
        'count',
      ),
      heading: msg('The day at {account}', 'account'),
      intro: 'The notices you chose, gathered once a day as you asked on your account page:',
      action: 'Open the console',
    },
    reviewSummary: {
      subject: msg(
        '{count, plural, one {# certificate waits} other {# certificates wait}} for review',
        'count',
      ),
      body: msg(
        '{count, plural, one {# certificate waits} other {# certificates wait}} for review; the oldest since {date}.',
        'count',
        'date',
      ),
      action: 'Review them',
    },
  },
} as const;
