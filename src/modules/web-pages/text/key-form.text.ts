import { rich } from '../../../i18n/message.js';

/** The words of the API key forms and lists that /admin and /console/keys share. */
export const keyFormText = {
  keyForm: {
    name: 'Name',
    nameHint: 'What the key is for, e.g. "Gallery website".',
    scopeLegend: 'Planet scope',
    scopeAll: 'All planets',
    scopeChosen: 'Only these planets:',
    expires: 'Expires (UTC, optional)',
    expiresHint: 'Leave empty for a key that does not expire.',
    secretWarning: rich(
      '<strong>Copy this key now. It will not be shown again.</strong> Only its hash is stored; if it is lost, revoke it and create another.',
      'strong',
    ),
    secretLabel: 'API key',
    copy: 'Copy key',
    columns: {
      prefix: 'Prefix',
      name: 'Name',
      scope: 'Planet scope',
      status: 'Status',
      created: 'Created',
      lastUsed: 'Last used',
      expires: 'Expires',
      actions: 'Actions',
    },
    statuses: { active: 'active', revoked: 'revoked', expired: 'expired' },
    revoke: rich('Revoke<hidden> key {prefix}</hidden>', 'hidden', 'prefix'),
    revokeQuestion: rich('Revoke the key {key}?', 'key'),
    revokeQuestionOf: rich('Revoke the key {key} of <strong>{owner}</strong>?', 'key', 'strong', 'owner'),
    revokeWarning: 'Every request made with it will be refused at once. This cannot be undone.',
    revokeButton: 'Revoke key',
    cancel: 'Cancel',
  },
} as const;
