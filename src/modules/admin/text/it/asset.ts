import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { assetText as english } from '../asset.text.js';

/** The operator’s page of one asset in Italian (the English source is ../asset.text.ts). */
export const assetText: Translation<typeof english> = {
  asset: {
    backToQueue: '← {category}: certificati con stato «{status}»',
    certificate: 'Certificato',
    number: 'Numero',
    certificateStatus: 'Stato del certificato',
    assetStatus: 'Stato dell’oggetto',
    category: 'Categoria',
    account: 'Account',
    submitted: 'Inviato il',
    issued: 'Emesso il',
    revoked: 'Revocato il',
    reason: 'Motivo',
    credential: 'Credenziale',
    signedCredential: 'Credenziale firmata (JSON)',
    publicPage: 'Pagina pubblica del certificato',
    noCredential: 'nessuna finché il certificato non è emesso',
    certificateActions: 'Azioni sul certificato',
    fields: 'Campi',
    title: 'Titolo',
    assetId: 'ID dell’oggetto',
    media: 'Immagini e documenti',
    history: 'Cronologia',
    events: '{count, plural, one {# evento} other {# eventi}}',
    moreEvents: '{count, plural, one {#+ eventi} other {#+ eventi}}',
    verifications: 'Verifiche',
    alerts: 'Furto o smarrimento',
    lookups: 'Consultazioni durante la segnalazione',
    noLookups: 'Nessuna consultazione registrata.',
    lookupColumns: {
      when: 'Quando',
      lookup: 'Consultazione',
      account: 'Account',
      apiKey: 'Chiave API',
      clientAddress: 'Indirizzo del client',
    },
    lookupKinds: {
      get: 'API: oggetto',
      certificate: 'API: certificato',
      credential: 'Credenziale',
      verify: 'API: verifica',
      public_page: 'Pagina pubblica',
      tap: 'Lettura del tag',
      photo: 'Ricerca per foto',
    },
    exportLookups: 'Esporta le consultazioni in CSV',
    reported:
      'Oggetto segnalato come {kind, select, stolen {rubato} lost {smarrito} other {{kind}}}: la verifica di {number} ora non riesce.',
    resolved:
      'Segnalazione chiusa ({outcome, select, recovered {ritrovato} withdrawn {segnalazione ritirata} other {{outcome}}}).',
  },
};
