import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { accountsText as english } from '../accounts.text.js';

/** The operator’s accounts pages in French (the English source is ../accounts.text.ts). */
export const accountsText: Translation<typeof english> = {
  accounts: {
    title: 'Comptes',
    none: 'Aucun compte pour l’instant.',
    caption: 'Comptes',
    columns: {
      name: 'Nom',
      id: 'ID',
      keys: 'Clés',
      assets: 'Objets',
      created: 'Créé le',
    },
    create: 'Créer un compte',
    name: 'Nom',
    submit: 'Créer le compte',
    created: 'Compte {name} créé.',
  },
  accountPeople: {
    allAccounts: 'Tous les comptes',
    apiKeys: 'Clés d’API',
    members: 'Membres',
    noMembers: 'Aucun membre pour l’instant : invitez ci-dessous le premier propriétaire.',
    disable: 'Désactiver',
    disableMember: 'Désactiver {email}',
    invitations: 'Invitations',
    noInvitations: 'Aucune invitation.',
    memberDisabled: 'Membre désactivé.',
    invitationRevoked: 'Invitation révoquée.',
  },
};
