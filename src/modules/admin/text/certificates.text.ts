import { msg, rich } from '../../../i18n/message.js';

/** The words of the operator's review queue and of the certificate moves it and an asset's page offer (English; one place to translate). */
export const certificatesText = {
  certificates: {
    title: 'Certificates',
    filters: 'Choose certificates',
    status: 'Status',
    category: 'Category',
    allCategories: 'All categories',
    show: 'Show',
    count: msg('{count} {status}', 'count', 'status'),
    none: msg('No {status} certificates.', 'status'),
    columns: {
      certificate: 'Certificate',
      title: 'Title',
      account: 'Account',
      details: 'Details',
      submitted: 'Submitted',
      verified: 'Verified',
      issued: 'Issued',
      reason: 'Reason',
      actions: 'Actions',
    },
    neverVerified: 'never',
    verifiedTimes: rich('{count, plural, one {# time} other {# times}}, last {when}', 'count', 'when'),
    verifiedBy: msg('by {names}', 'names'),
    refusedMove: msg('{number}: {message}', 'number', 'message'),
  },
  moves: {
    labels: {
      issue: 'Issue',
      reject: 'Reject',
      suspend: 'Suspend',
      reinstate: 'Reinstate',
      revoke: 'Revoke',
    },
    reason: 'Reason',
    reasonOptional: 'Reason (optional)',
    done: {
      issue: msg('Certificate {number} issued.', 'number'),
      reject: msg('Certificate {number} rejected.', 'number'),
      suspend: msg('Certificate {number} suspended.', 'number'),
      reinstate: msg('Certificate {number} reinstated.', 'number'),
      revoke: msg('Certificate {number} revoked.', 'number'),
    },
  },
} as const;
