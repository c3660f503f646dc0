import { msg, rich } from '../../../i18n/message.js';

/** The words of the operator's API key pages: the list and its filters, creating a key, revoking one (English; one place to translate). */
export const apiKeysText = {
  apiKeys: {
    title: 'API keys',
    none: 'No API keys match.',
    caption: 'API keys',
    account: 'Account',
    chooseAccount: 'Choose an account',
    accountFirst: rich('Create an <link>account</link> first: every key belongs to one.', 'link'),
    submit: 'Create key',
    filters: 'Filter keys',
    allAccounts: 'All accounts',
    status: 'Status',
    anyStatus: 'Any status',
    filter: 'Filter',
    statuses: { active: 'active', revoked: 'revoked', expired: 'expired' } as Record<string, string>,
    create: 'Create a key',
    createdTitle: 'API key created',
    prefix: 'Prefix',
    name: 'Name',
    categories: 'Categories',
    expires: 'Expires',
    neverExpires: 'never',
    back: 'Back to API keys',
    revokeTitle: 'Revoke API key',
    revoked: msg('Key {prefix}… revoked.', 'prefix'),
  },
} as const;
