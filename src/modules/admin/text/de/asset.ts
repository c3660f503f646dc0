import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { assetText as english } from '../asset.text.js';

/** The operator’s page of one asset in German (the English source is ../asset.text.ts). */
export const assetText: Translation<typeof english> = {
  asset: {
    backToQueue: '← {category}: Zertifikate mit dem Status „{status}“',
    certificate: 'Zertifikat',
    number: 'Nummer',
    certificateStatus: 'Zertifikatsstatus',
    assetStatus: 'Objektstatus',
    category: 'Kategorie',
    account: 'Konto',
    submitted: 'Eingereicht',
    issued: 'Ausgestellt',
    revoked: 'Widerrufen',
    reason: 'Grund',
    credential: 'Nachweis',
    signedCredential: 'Signierter Nachweis (JSON)',
    publicPage: 'Öffentliche Zertifikatsseite',
    noCredential: 'keiner, solange das Zertifikat nicht ausgestellt ist',
    certificateActions: 'Aktionen zum Zertifikat',
    fields: 'Angaben',
    title: 'Titel',
    assetId: 'Objekt-ID',
    media: 'Bilder und Dokumente',
    history: 'Verlauf',
    events: '{count, plural, one {# Ereignis} other {# Ereignisse}}',
    moreEvents: '{count, plural, one {#+ Ereignisse} other {#+ Ereignisse}}',
    verifications: 'Prüfungen',
    alerts: 'Gestohlen oder verloren',
    lookups: 'Abfragen während der Meldung',
    noLookups: 'Keine Abfragen erfasst.',
    lookupColumns: {
      when: 'Zeitpunkt',
      lookup: 'Abfrage',
      account: 'Konto',
      apiKey: 'API-Schlüssel',
      clientAddress: 'Client-Adresse',
    },
    lookupKinds: {
      get: 'API: Objekt',
      certificate: 'API: Zertifikat',
      credential: 'Nachweis',
      verify: 'API: Prüfung',
      public_page: 'Öffentliche Seite',
      tap: 'Tag-Lesevorgang',
      photo: 'Fotosuche',
    },
    exportLookups: 'Abfragen als CSV exportieren',
    reported:
      'Objekt als {kind, select, stolen {gestohlen} lost {verloren} other {{kind}}} gemeldet: Die Prüfung von {number} schlägt jetzt fehl.',
    resolved:
      'Meldung abgeschlossen ({outcome, select, recovered {wiedergefunden} withdrawn {zurückgezogen} other {{outcome}}}).',
  },
};
