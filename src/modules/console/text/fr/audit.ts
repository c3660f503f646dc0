import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { auditText as english } from '../audit.text.js';

/** The audit log page in French (the English source is ../audit.text.ts). */
export const auditText: Translation<typeof english> = {
  audit: {
    title: 'Journal d’audit',
    intro:
      'Qui a modifié les membres, les invitations et les clés du compte, des plus récentes aux plus anciennes modifications. Les clés d’API lisent le même journal sur {endpoint}.',
    empty: 'Rien n’a encore été enregistré.',
    caption: 'Entrées du journal d’audit, les plus récentes en premier',
    columns: {
      when: 'Date',
      who: 'Auteur',
      action: 'Action',
      target: 'Concerne',
    },
    pagesLabel: 'Pages du journal d’audit',
    older: 'Entrées plus anciennes',
    newest: 'Entrées les plus récentes',
    actors: {
      member: 'un membre',
      key: 'la clé {prefix}',
      anyKey: 'une clé',
      operator: 'l’opérateur',
    },
    actions: {
      member_invited: 'Membre invité',
      member_joined: 'Invitation acceptée',
      member_role_changed: 'Rôle modifié',
      member_disabled: 'Membre désactivé',
      member_enabled: 'Membre réactivé',
      invitation_revoked: 'Invitation révoquée',
      api_key_created: 'Clé d’API créée',
      api_key_revoked: 'Clé d’API révoquée',
      password_changed: 'Mot de passe changé',
      passkey_added: 'Clé d’accès ajoutée',
      passkey_removed: 'Clé d’accès supprimée',
      profile_updated: 'Profil de la galerie mis à jour',
    },
    targets: {
      member: 'membre {name}',
      invitation: 'invitation {id}',
      passkey: 'clé d’accès {id}',
      person: 'personne {id}',
      role: 'rôle : {role}',
      from: 'avant : {role}',
      to: 'après : {role}',
      name: 'nom : « {name} »',
      changed: 'modifié : {fields}',
      profileFields: {
        display_name: 'nom',
        city: 'ville',
        country: 'pays',
        website: 'site web',
        contact_email: 'e-mail de contact',
        logo: 'logo',
      },
    },
  },
};
