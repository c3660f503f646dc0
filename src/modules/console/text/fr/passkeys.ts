import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { passkeysText as english } from '../passkeys.text.js';

/** The passkey buttons and their script in French (the English source is ../passkeys.text.ts). */
export const passkeysText: Translation<typeof english> = {
  passkeys: {
    nameLabel: 'Nom de la clé d’accès (facultatif)',
    nameHint: 'Par exemple « ordinateur du bureau », pour distinguer vos clés d’accès.',
    added: 'Clé d’accès ajoutée.',
    script: {
      waiting: 'En attente de votre clé d’accès…',
      done: 'Terminé.',
      cancelled: 'La demande de clé d’accès a été annulée ou a expiré ; veuillez réessayer.',
      alreadyHere: 'Cet appareil contient déjà l’une de vos clés d’accès.',
      failed: 'La clé d’accès n’a pas pu être utilisée ; veuillez réessayer.',
      requestFailed: 'La demande a échoué ; rechargez la page et réessayez.',
    },
  },
};
