import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { tapText as english } from '../tap.text.js';

/** A tag's tap in German (the English source is ../tap.text.ts). A tap is a "Lesevorgang" of the tag. */
export const tapText: Translation<typeof english> = {
  tap: {
    nfcTag: 'NFC-Tag',
    verdicts: {
      genuine: 'Echter Tag',
      copied: 'Kopierter Link',
      forged: 'Gefälschter Tag',
      unknown_tag: 'Unbekannter Tag',
      unbound: 'Tag getrennt',
      tampered: 'Tag manipuliert',
    },
    meanings: {
      genuine:
        'Soeben ausgelesen{counter, select, none {} other { ({counter}. Lesevorgang)}}: Dies ist der Tag, der mit dem Zertifikat unten verbunden ist, und der Link, den er erzeugt hat, ist neu.',
      copied:
        'Dieser Link{counter, select, none {} other { ({counter}. Lesevorgang)}} wurde schon einmal geöffnet. Ein echter Tag erzeugt bei jedem Lesevorgang einen neuen Link; dieser wurde also von einem früheren Lesevorgang kopiert und beweist nichts über das Objekt vor Ihnen. Wenn Sie die Seite nur neu geladen haben, halten Sie Ihr Telefon noch einmal an den Tag.',
      forged:
        'Der Link gibt vor, vom Tag des Zertifikats unten zu stammen, aber seine Signatur passt nicht zum Schlüssel dieses Tags: Er wurde nicht von diesem Tag erzeugt. Verlassen Sie sich nicht auf das Objekt, von dem er stammt.',
      unknown_tag:
        'Dieser Link wurde von keinem Tag erzeugt, den dieses Register kennt. Er beweist nichts über das Objekt.',
      unbound:
        'Dieser Tag{counter, select, none {} other { ({counter}. Lesevorgang)}} ist echt, aber nicht mehr mit dem Zertifikat unten verbunden: Die Verbindung wurde aufgehoben. Er kennzeichnet das Objekt nicht mehr.',
      tampered:
        'Der Tag{counter, select, none {} other { ({counter}. Lesevorgang)}} meldet, dass seine Manipulationsschleife geöffnet wurde: Das Siegel des Objekts wurde gebrochen. Lassen Sie das Objekt prüfen, bevor Sie sich darauf verlassen.',
    },
    reportedCaveat:
      'Aber das Objekt ist als {kind, select, stolen {gestohlen} other {verloren}} gemeldet: Lesen Sie die Warnung unten.',
    statusCaveat:
      'Aber das Zertifikat {status, select, not_issued {wurde nicht ausgestellt} suspended {ist ausgesetzt} other {ist widerrufen}}: Verlassen Sie sich nicht darauf.',
    unknownTitle: 'Zertifikatsprüfung',
    unknownIntro:
      'Um ein Zertifikat zu prüfen, geben Sie seine Nummer auf der <link>Zertifikatsprüfung</link> ein.',
  },
};
