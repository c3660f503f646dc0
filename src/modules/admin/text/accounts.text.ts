import { msg } from '../../../i18n/message.js';

/** The words of the operator's accounts pages: the list, creating one, an account's people (English; one place to translate). */
export const accountsText = {
  accounts: {
    title: 'Accounts',
    none: 'No accounts yet.',
    caption: 'Accounts',
    columns: { name: 'Name', id: 'ID', keys: 'Keys', assets: 'Assets', created: 'Created' },
    create: 'Create an account',
    name: 'Name',
    submit: 'Create account',
    created: msg('Account {name} created.', 'name'),
  },
  accountPeople: {
    allAccounts: 'All accounts',
    apiKeys: 'API keys',
    members: 'Members',
    noMembers: 'No members yet: invite the first owner below.',
    disable: 'Disable',
    disableMember: msg('Disable {email}', 'email'),
    invitations: 'Invitations',
    noInvitations: 'No invitations.',
    memberDisabled: 'Member disabled.',
    invitationRevoked: 'Invitation revoked.',
  },
} as const;
