import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { peopleText as english } from '../people.text.js';

/** The people lists’ and invitation form’s words in French (the English source is ../people.text.ts). */
export const peopleText: Translation<typeof english> = {
  people: {
    columns: {
      email: 'E-mail',
      name: 'Nom',
      role: 'Rôle',
      status: 'Statut',
      lastSignIn: 'Dernière connexion',
      state: 'État',
      created: 'Créée le',
      expires: 'Expire le',
      actions: 'Actions',
    },
    you: '{email} (vous)',
    roles: {
      owner: 'propriétaire',
      editor: 'éditeur',
      viewer: 'lecteur',
    },
    statuses: {
      invited: 'invité',
      active: 'actif',
      disabled: 'désactivé',
    },
    invitationStates: {
      pending: 'en attente',
      used: 'utilisée',
      expired: 'expirée',
      revoked: 'révoquée',
    },
    revoke: 'Révoquer',
    revokeInvitationOf: 'Révoquer l’invitation de {email}',
    linkCreated:
      'Invitation créée. Transmettez ce lien à la personne concernée : il n’est affiché qu’une seule fois, et nous ne l’envoyons nulle part.',
    inviteHeading: 'Inviter une personne',
    inviteEmail: 'E-mail',
    inviteName: 'Nom (facultatif)',
    inviteRole: 'Rôle',
    inviteButton: 'Créer le lien d’invitation',
  },
};
