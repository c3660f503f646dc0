import { msg } from '../../../i18n/message.js';

/** The words of the people lists and the invitation form that /admin's account page and /console/members share. */
export const peopleText = {
  people: {
    columns: {
      email: 'E-mail',
      name: 'Name',
      role: 'Role',
      status: 'Status',
      lastSignIn: 'Last sign-in',
      state: 'State',
      created: 'Created',
      expires: 'Expires',
      actions: 'Actions',
    },
    you: msg('{email} (you)', 'email'),
    roles: { owner: 'owner', editor: 'editor', viewer: 'viewer' },
    statuses: { invited: 'invited', active: 'active', disabled: 'disabled' },
    invitationStates: { pending: 'pending', used: 'used', expired: 'expired', revoked: 'revoked' },
    revoke: 'Revoke',
    revokeInvitationOf: msg('Revoke the invitation of {email}', 'email'),
    linkCreated: msg(
      'Invitation created. We have sent it to {email}; you may also pass this link on yourself. It is shown only now.',
      'email',
    ),
    inviteHeading: 'Invite someone',
    inviteEmail: 'E-mail',
    inviteName: 'Name (optional)',
    inviteRole: 'Role',
    inviteButton: 'Send the invitation',
  },
} as const;
