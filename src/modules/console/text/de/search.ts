import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { searchText as english } from '../search.text.js';

/** The photo search in German (the English source is ../search.text.ts). */
export const searchText: Translation<typeof english> = {
  search: {
    title: 'Fotosuche',
    intro:
      'Laden Sie ein Foto eines Gegenstands hoch, um zu sehen, ob es einem registrierten Objekt ähnelt: den öffentlichen Bildern ausgestellter Zertifikate, den eigenen Bildern Ihres Kontos und jedem Bild eines als gestohlen oder verloren gemeldeten Objekts. Dasselbe Bild wird auch verkleinert, neu komprimiert, leicht beschnitten, aufgehellt oder abgedunkelt gefunden; ein anderes Foto desselben Gegenstands dagegen nicht.',
    formHeading: 'Gesuchtes Foto',
    photoLabel: 'Foto des Gegenstands',
    photoHint:
      'Ein JPEG-, PNG- oder WebP-Bild. Es wird nicht aufbewahrt; eine Suche, die ein gemeldetes Objekt findet, wird im Suchprotokoll dieses Objekts vermerkt.',
    submit: 'Suchen',
    resultsHeading:
      '{count, plural, =0 {Kein Objekt ähnelt diesem Foto} one {# Objekt ähnelt diesem Foto} other {# Objekte ähneln diesem Foto}}',
    noneFound:
      'Das beweist nicht, dass der Gegenstand nicht registriert oder nicht gestohlen ist: Ein anderes Foto von ihm oder ein stark beschnittenes Bild wird nicht gefunden.',
    privateImage:
      'Das übereinstimmende Foto ist ein privates Bild eines anderen Kontos: Es wird nicht angezeigt.',
    imageAlt: 'Foto von {title}',
    certificateNumber: 'Zertifikatsnummer',
    likenessLabel: 'Ähnlichkeit',
    likeness: { exact: 'Dasselbe Bild', likely: 'Sehr ähnlich', possible: 'Möglicherweise ähnlich' },
    reported:
      '{kind, select, stolen {Als gestohlen gemeldet} lost {Als verloren gemeldet} other {Gemeldet: {kind}}}',
    since: 'seit',
    openCertificate: 'Öffentliches Zertifikat {number} öffnen',
  },
};
