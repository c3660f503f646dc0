import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { transfersText as english } from '../transfers.text.js';

/** Transfers in Italian (the English source is ../transfers.text.ts). */
export const transfersText: Translation<typeof english> = {
  transfers: {
    title: 'Trasferimenti',
    intro:
      'Un oggetto cambia proprietario solo quando l’account destinatario accetta l’offerta. Le offerte senza risposta scadono.',
    receivedHeading: 'Offerte ricevute',
    madeHeading: 'Offerte inviate',
    noneReceived: 'Nessuna offerta attende la Sua risposta.',
    noneMade: 'L’account non ha offerte aperte.',
    columns: {
      asset: 'Oggetto',
      number: 'Numero di certificato',
      from: 'Da',
      to: 'A',
      offered: 'Offerto il',
      expires: 'Scade il',
      actions: 'Azioni',
    },
    unnamed: 'un account senza nome',
    accountId: 'Identificativo dell’account',
    accept: 'Accetta',
    decline: 'Rifiuta',
    cancel: 'Ritira l’offerta',
    acceptLabel: 'Accetta l’offerta per {number}',
    declineLabel: 'Rifiuta l’offerta per {number}',
    cancelLabel: 'Ritira l’offerta per {number}',
    more: 'Offerte meno recenti',
    accepted: 'Offerta accettata: {number} appartiene ora all’account.',
    declined: 'Offerta rifiutata; l’oggetto resta al suo proprietario.',
    cancelled: 'Offerta ritirata.',
    offerHint:
      'Per offrire un oggetto a un altro account, apra la pagina dell’oggetto e usi il modulo di trasferimento (serve l’identificativo dell’altro account).',
  },
};
