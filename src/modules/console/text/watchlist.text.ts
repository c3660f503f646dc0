import { msg } from '../../../i18n/message.js';
/** The words of /console/watchlist: watched certificates and what fired (English; one place to translate). */
export const watchlistText = {
  watchlist: {
    title: 'Watch-list',
    intro:
      'Watch any certificate by its number: when it is suspended, reinstated or revoked, or reported stolen or lost, the change is listed below and sent to the account’s webhooks that ask for watch-list events.',
    webhookEvent: 'Webhook event type',
    addHeading: 'Watch a certificate',
    numberLabel: 'Certificate number',
    numberHint: 'As printed on the certificate, for example ART-2026-000042.',
    add: 'Watch',
    added: msg('Now watching {number}.', 'number'),
    removed: msg('No longer watching {number}.', 'number'),
    watchedHeading: 'Watched certificates',
    noneWatched: 'The account watches no certificate.',
    columns: { number: 'Certificate number', since: 'Watched since', actions: 'Actions' },
    remove: 'Stop watching',
    removeLabel: msg('Stop watching {number}', 'number'),
    more: 'More watched certificates',
    firedHeading: 'What fired',
    firedIntro: msg('Changes to watched certificates in the last {days} days, newest first.', 'days'),
    noneFired: 'Nothing has fired.',
    firedColumns: {
      when: 'When',
      number: 'Certificate number',
      change: 'Change',
      status: 'Certificate status',
    },
    changes: {
      certificate_suspended: 'Certificate suspended',
      certificate_reinstated: 'Certificate reinstated',
      certificate_revoked: 'Certificate revoked',
      alert_raised: 'Reported stolen or lost',
      alert_resolved: 'Alert resolved',
    } as Record<string, string>,
    alertNote: msg(' ({kind, select, stolen {stolen} lost {lost} other {{kind}}})', 'kind'),
    moreFired: 'Older events',
  },
} as const;
