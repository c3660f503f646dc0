import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { transfersText as english } from '../transfers.text.js';

/** Transfers in German (the English source is ../transfers.text.ts). */
export const transfersText: Translation<typeof english> = {
  transfers: {
    title: 'Übertragungen',
    intro:
      'Ein Objekt wechselt den Eigentümer erst, wenn das empfangende Konto das Angebot annimmt. Unbeantwortete Angebote verfallen.',
    receivedHeading: 'Erhaltene Angebote',
    madeHeading: 'Abgegebene Angebote',
    noneReceived: 'Kein Angebot wartet auf Ihre Antwort.',
    noneMade: 'Das Konto hat kein offenes Angebot.',
    columns: {
      asset: 'Objekt',
      number: 'Zertifikatsnummer',
      from: 'Von',
      to: 'An',
      offered: 'Angeboten am',
      expires: 'Gültig bis',
      actions: 'Aktionen',
    },
    unnamed: 'ein Konto ohne Namen',
    accountId: 'Kontokennung',
    accept: 'Annehmen',
    decline: 'Ablehnen',
    cancel: 'Angebot zurückziehen',
    acceptLabel: 'Angebot für {number} annehmen',
    declineLabel: 'Angebot für {number} ablehnen',
    cancelLabel: 'Angebot für {number} zurückziehen',
    more: 'Ältere Angebote',
    accepted: 'Angenommen: {number} gehört jetzt zum Konto.',
    declined: 'Angebot abgelehnt; das Objekt bleibt bei seinem Eigentümer.',
    cancelled: 'Angebot zurückgezogen.',
    offerHint:
      'Um ein Objekt einem anderen Konto anzubieten, öffnen Sie das Objekt und verwenden Sie dort das Übertragungsformular (Sie benötigen die Kennung des anderen Kontos).',
  },
};
