import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { membersText as english } from '../members.text.js';

/** The members page in French (the English source is ../members.text.ts). */
export const membersText: Translation<typeof english> = {
  members: {
    title: 'Membres',
    membersHeading: 'Membres',
    invitationsHeading: 'Invitations en attente',
    noPendingInvitations: 'Aucune invitation en attente.',
    invitationPending: 'Invitation en attente',
    enable: 'Réactiver',
    disable: 'Désactiver',
    enableOf: 'Réactiver {email}',
    disableOf: 'Désactiver {email}',
    roleOf: 'Rôle de {email}',
    changeRole: 'Changer le rôle<hidden> de {email}</hidden>',
    roleChanged: 'Rôle modifié.',
    disabled: 'Accès de {email} désactivé.',
    disabledAndRevoked:
      '{count, plural, one {Accès de {email} désactivé ; # clé révoquée.} other {Accès de {email} désactivé ; # clés révoquées.}}',
    enabled: 'Membre réactivé.',
    invitationRevoked: 'Invitation révoquée.',
    disableTitle: 'Désactiver {email}',
    disableIntro:
      '<strong>{email}</strong> a créé {count, plural, one {# clé d’API active} other {# clés d’API actives}}. Désactiver ce membre ne les révoque pas : choisissez les clés à révoquer en même temps, ou conservez-les toutes.',
    keysLegend: 'Clés créées par {email}',
    revokeKey: 'Révoquer {key}, {scope}, dernière utilisation : {lastUsed}',
    disableTicked: 'Désactiver et révoquer les clés cochées',
    disableRevokeAll: 'Désactiver et révoquer toutes les clés',
    disableKeepAll: 'Désactiver et conserver toutes les clés',
    cancel: 'Annuler',
  },
};
