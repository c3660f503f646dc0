import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { transfersText as english } from '../transfers.text.js';

/** Transfers in French (the English source is ../transfers.text.ts). */
export const transfersText: Translation<typeof english> = {
  transfers: {
    title: 'Transferts',
    intro:
      'Un objet ne change de propriétaire que lorsque le compte destinataire accepte l’offre. Les offres restées sans réponse expirent.',
    receivedHeading: 'Offres reçues',
    madeHeading: 'Offres envoyées',
    noneReceived: 'Aucune offre n’attend votre réponse.',
    noneMade: 'Le compte n’a aucune offre en cours.',
    columns: {
      asset: 'Objet',
      number: 'Numéro de certificat',
      from: 'De',
      to: 'À',
      offered: 'Proposé le',
      expires: 'Expire le',
      actions: 'Actions',
    },
    unnamed: 'un compte sans nom',
    accountId: 'Identifiant du compte',
    accept: 'Accepter',
    decline: 'Refuser',
    cancel: 'Annuler l’offre',
    acceptLabel: 'Accepter l’offre pour {number}',
    declineLabel: 'Refuser l’offre pour {number}',
    cancelLabel: 'Annuler l’offre pour {number}',
    more: 'Offres plus anciennes',
    accepted: 'Offre acceptée : {number} appartient désormais au compte.',
    declined: 'Offre refusée ; l’objet reste à son propriétaire.',
    cancelled: 'Offre annulée.',
    offerHint:
      'Pour proposer un objet à un autre compte, ouvrez la page de l’objet et utilisez son formulaire de transfert (il vous faut l’identifiant de l’autre compte).',
  },
};
