import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { accountText as english } from '../account.text.js';

/** “Your account”: password, passkeys, language, sign out everywhere in French (the English source is ../account.text.ts). */
export const accountText: Translation<typeof english> = {
  account: {
    title: 'Votre compte',
    signedInAs: 'Session ouverte au nom de <strong>{email}</strong>.',
    passwordHeading: 'Changer de mot de passe',
    currentPassword: 'Mot de passe actuel',
    newPassword: 'Nouveau mot de passe',
    passwordHint:
      'Au moins {min} caractères, et pas l’un des mots de passe les plus courants. Vos autres sessions seront fermées.',
    newPasswordAgain: 'Confirmez le nouveau mot de passe',
    changePassword: 'Changer le mot de passe',
    passwordChanged: 'Mot de passe changé ; vos autres sessions ont été fermées.',
    passkeysHeading: 'Clés d’accès',
    passkeysIntro:
      'Connectez-vous avec le verrouillage d’écran de votre appareil ou une clé de sécurité, plutôt qu’avec un mot de passe.',
    noPasskeys: 'Vous n’avez pas encore de clé d’accès.',
    columns: {
      name: 'Nom',
      added: 'Ajoutée le',
      lastUsed: 'Dernière utilisation',
      actions: 'Actions',
    },
    unnamedPasskey: 'Clé d’accès',
    removePasskey: 'Supprimer<hidden> la clé d’accès {name}</hidden>',
    addPasskey: 'Ajouter une clé d’accès',
    addPasskeyFallback:
      'L’ajout d’une clé d’accès nécessite JavaScript et un navigateur compatible avec les clés d’accès.',
    passkeyRemoved: 'Clé d’accès supprimée.',
    languageHeading: 'Langue',
    languageIntro:
      'La console s’adresse à vous dans cette langue, quel que soit l’appareil sur lequel vous vous connectez.',
    languageLabel: 'Langue de la console',
    saveLanguage: 'Enregistrer la langue',
    everywhereHeading: 'Se déconnecter partout',
    everywhereIntro:
      'Ferme toutes vos sessions, dans tous les comptes et sur tous les appareils, y compris celui-ci.',
    everywhereButton: 'Se déconnecter partout',
  },
};
