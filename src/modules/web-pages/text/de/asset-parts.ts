import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { assetPartsText as english } from '../asset-parts.text.js';

/** The words of an asset’s media, verifications and alerts in German (the English source is ../asset-parts.text.ts). */
export const assetPartsText: Translation<typeof english> = {
  media: {
    none: 'Keine Bilder oder Dokumente.',
    image: 'Bild {number}',
    document: 'Dokument {number}',
    documentIcon: 'PDF',
    public: 'öffentlich',
    private: 'privat',
    bytes: '{size} B',
    kibibytes: '{size} KiB',
    mebibytes: '{size} MiB',
    imageFormat: '{format}-Bild',
    documentFormat: '{format}-Dokument',
  },
  verifications: {
    never: 'Noch nie geprüft.',
    caption: 'Prüfungen, neueste zuerst',
    captionWithTaps: 'Prüfungen und Tag-Lesevorgänge, neueste zuerst',
    columns: {
      when: 'Zeitpunkt',
      by: 'Durch',
      result: 'Ergebnis',
    },
    verified: 'bestätigt',
    notVerified: 'nicht bestätigt',
    tagTap: 'Tag-Lesevorgang',
    tapCounter: '(Lesevorgang {counter})',
  },
  certificateBadge: {
    issuedButReported:
      'ausgestellt, aber als {kind, select, stolen {gestohlen} lost {verloren} other {{kind}}} gemeldet',
  },
  alerts: {
    report: 'Als gestohlen oder verloren melden…',
    kind: 'Art',
    stolen: 'Gestohlen',
    lost: 'Verloren',
    missingSince: 'Vermisst seit',
    policeReference: 'Polizeiliches Aktenzeichen (optional)',
    note: 'Notiz (optional)',
    submit: 'Melden',
    resolveRecovered: 'Abschließen: wiedergefunden',
    resolveWithdrawn: 'Abschließen: zurückgezogen',
    open: '<strong>Als {kind, select, stolen {gestohlen} lost {verloren} other {{kind}}} gemeldet</strong>, vermisst seit {since} (gemeldet am {raised}). Solange die Meldung offen ist, schlägt die Prüfung fehl und die öffentliche Seite zeigt eine Warnung.',
    openWithReference:
      '<strong>Als {kind, select, stolen {gestohlen} lost {verloren} other {{kind}}} gemeldet</strong>, vermisst seit {since} (gemeldet am {raised}); polizeiliches Aktenzeichen {reference}. Solange die Meldung offen ist, schlägt die Prüfung fehl und die öffentliche Seite zeigt eine Warnung.',
    noneOpen: 'Keine offene Meldung.',
    earlier: 'Frühere Meldungen',
    earlierAlert:
      '{kind, select, stolen {gestohlen} lost {verloren} other {{kind}}} seit {since}: {outcome, select, recovered {wiedergefunden} withdrawn {zurückgezogen} other {{outcome}}} am {resolved}',
  },
};
