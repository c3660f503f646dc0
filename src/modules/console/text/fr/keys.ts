import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { keysText as english } from '../keys.text.js';

/** The API keys page in French (the English source is ../keys.text.ts). */
export const keysText: Translation<typeof english> = {
  apiKeys: {
    title: 'Clés d’API',
    byOperator: 'l’opérateur',
    byFormerMember: 'un ancien membre',
    empty: 'Ce compte n’a pas encore de clé d’API.',
    createdBy: 'Créée par',
    createdHeading: 'Clé {name} créée',
    keysOf: 'Clés de {account}',
    createHeading: 'Créer une clé',
    createButton: 'Créer la clé',
    revokeTitle: 'Révoquer une clé d’API',
    revoked: 'Clé {prefix}… révoquée.',
  },
};
