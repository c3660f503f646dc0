import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { photoSearchText as english } from '../photo-search.text.js';

/** The photo search without a key in German (the English source is ../photo-search.text.ts). */
export const photoSearchText: Translation<typeof english> = {
  photoSearch: {
    title: 'Fotosuche',
    photoLabel: 'Foto des Objekts',
    photoHint:
      'Ein JPEG-, PNG- oder WebP-Bild. Es wird nicht gespeichert; eine Suche, die ein gemeldetes Objekt findet, wird mit Ihrer Adresse protokolliert, wie jeder Abruf eines solchen Objekts.',
    search: 'Suchen',
    sectionTitle: 'Wird Ihnen ein Objekt angeboten? Suchen Sie per Foto',
    sectionIntro:
      'Laden Sie ein Foto davon hoch, um zu sehen, ob es einem Objekt gleicht, das sein Eigentümer als gestohlen oder verloren gemeldet hat. Dasselbe Bild wird auch verkleinert, neu komprimiert oder leicht beschnitten gefunden; ein anderes Foto desselben Objekts nicht.',
    found:
      '{count, plural, =0 {Kein gemeldetes Objekt gleicht diesem Foto} one {# gemeldetes Objekt gleicht diesem Foto} other {# gemeldete Objekte gleichen diesem Foto}}',
    noMatch:
      'Das beweist nicht, dass es nicht gestohlen ist: Durchsucht werden nur Objekte, die ihre Eigentümer als gestohlen oder verloren gemeldet haben, und ein anderes Foto desselben Objekts oder ein starker Bildausschnitt wird nicht gefunden.',
    matches:
      'Ihre Eigentümer haben sie als gestohlen oder verloren gemeldet. Kaufen, verkaufen oder beleihen Sie das Objekt nicht; öffnen Sie sein Zertifikat, um zu sehen, wen Sie benachrichtigen sollten. Diese Suche wird protokolliert.',
    privateMatch: 'Das übereinstimmende Foto ist privat: Es wird nicht angezeigt.',
    reported:
      '<strong>{kind, select, stolen {Als gestohlen gemeldet} other {Als verloren gemeldet}}</strong> am oder seit dem {since}',
    likeness: 'Ähnlichkeit',
    likenesses: { exact: 'Dasselbe Bild', likely: 'Sehr ähnlich', possible: 'Möglicherweise ähnlich' },
    tooMany: 'Zu viele Suchen',
    notSearched: 'Das Foto konnte nicht durchsucht werden',
    failed: 'Die Suche ist fehlgeschlagen; versuchen Sie es gleich noch einmal.',
  },
};
