import { msg, rich } from '../../../i18n/message.js';

/** The words of /console/members: the members, their roles, the invitations, and disabling a member who made keys. */
export const membersText = {
  members: {
    title: 'Members',
    membersHeading: 'Members',
    invitationsHeading: 'Pending invitations',
    noPendingInvitations: 'No pending invitations.',
    invitationPending: 'Invitation pending',
    enable: 'Enable',
    disable: 'Disable',
    enableOf: msg('Enable {email}', 'email'),
    disableOf: msg('Disable {email}', 'email'),
    roleOf: msg('Role of {email}', 'email'),
    changeRole: rich('Change role<hidden> of {email}</hidden>', 'hidden', 'email'),
    roleChanged: 'Role changed.',
    disabled: msg('{email} disabled.', 'email'),
    disabledAndRevoked: msg(
      '{count, plural, one {{email} disabled; # key revoked.} other {{email} disabled; # keys revoked.}}',
      'email',
      'count',
    ),
    enabled: 'Member enabled.',
    invitationRevoked: 'Invitation revoked.',
    disableTitle: msg('Disable {email}', 'email'),
    disableIntro: rich(
      '<strong>{email}</strong> made {count, plural, one {# active API key} other {# active API keys}}. Disabling the member does not revoke them: choose the keys to revoke with it, or keep them all.',
      'strong',
      'email',
      'count',
    ),
    keysLegend: msg('Keys made by {email}', 'email'),
    revokeKey: rich('Revoke {key}, {scope}, last used {lastUsed}', 'key', 'scope', 'lastUsed'),
    disableTicked: 'Disable and revoke the ticked keys',
    disableRevokeAll: 'Disable and revoke them all',
    disableKeepAll: 'Disable and keep every key',
    cancel: 'Cancel',
  },
} as const;
