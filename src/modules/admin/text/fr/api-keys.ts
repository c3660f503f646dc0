import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { apiKeysText as english } from '../api-keys.text.js';

/** The operator’s API key pages in French (the English source is ../api-keys.text.ts). */
export const apiKeysText: Translation<typeof english> = {
  apiKeys: {
    title: 'Clés d’API',
    none: 'Aucune clé d’API ne correspond.',
    caption: 'Clés d’API',
    account: 'Compte',
    chooseAccount: 'Choisissez un compte',
    accountFirst: 'Créez d’abord un <link>compte</link> : chaque clé appartient à un compte.',
    submit: 'Créer la clé',
    filters: 'Filtrer les clés',
    allAccounts: 'Tous les comptes',
    status: 'Statut',
    anyStatus: 'Tous les statuts',
    filter: 'Filtrer',
    statuses: {
      active: 'active',
      revoked: 'révoquée',
      expired: 'expirée',
    },
    create: 'Créer une clé',
    createdTitle: 'Clé d’API créée',
    prefix: 'Préfixe',
    name: 'Nom',
    categories: 'Catégories',
    expires: 'Expiration',
    neverExpires: 'jamais',
    back: 'Retour aux clés d’API',
    revokeTitle: 'Révoquer la clé d’API',
    revoked: 'Clé {prefix}… révoquée.',
  },
};
