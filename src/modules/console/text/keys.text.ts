import { msg } from '../../../i18n/message.js';

/** The words of /console/keys around the shared key form and list (web-pages/text/key-form.text.ts). */
export const keysText = {
  apiKeys: {
    title: 'API keys',
    byOperator: 'operator',
    byFormerMember: 'a former member',
    empty: 'The account has no API keys yet.',
    createdBy: 'Created by',
    createdHeading: msg('Key {name} created', 'name'),
    keysOf: msg('Keys of {account}', 'account'),
    createHeading: 'Create a key',
    createButton: 'Create key',
    revokeTitle: 'Revoke API key',
    revoked: msg('Key {prefix}… revoked.', 'prefix'),
  },
} as const;
