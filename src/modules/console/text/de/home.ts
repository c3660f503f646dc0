import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { homeText as english } from '../home.text.js';

/**
 * The console's home in German (the English source is ../home.text.ts). `role` is one sentence per role (ICU select),
 * the role's name wrapped in <strong>.
 */
export const homeText: Translation<typeof english> = {
  home: {
    role: '{role, select, owner {Sie sind <strong>Inhaber</strong> bei {account}: Sie haben Zugriff auf alles, was ein Bearbeiter sieht, und zusätzlich auf die Mitglieder, die API-Schlüssel und das Audit-Protokoll des Kontos.} editor {Sie sind <strong>Bearbeiter</strong> bei {account}: Sie haben Zugriff auf die Objekte, Bilder und Dokumente, Meldungen, Übertragungen, die Beobachtungsliste und die Webhooks des Kontos.} other {Sie sind <strong>Betrachter</strong> bei {account}: Sie können die Daten des Kontos lesen.}}',
    links: {
      members: ['Mitglieder', 'Personen einladen, Rollen ändern, Zugänge deaktivieren'],
      keys: ['API-Schlüssel', 'Schlüssel des Kontos erstellen und widerrufen'],
      audit: ['Audit-Protokoll', 'wer Mitglieder, Einladungen und Schlüssel geändert hat'],
      account: ['Ihr Konto', 'Passwort, Passkeys, auf allen Geräten abmelden'],
    },
    glanceHeading: 'Auf einen Blick',
    counts: {
      pending: 'ausstehende Zertifikate',
      issued: 'ausgestellte Zertifikate',
      openAlerts: 'offene Diebstahl- oder Verlustmeldungen',
      offersWaiting: 'Übertragungsangebote, die auf Ihre Antwort warten',
      webhookFailures: 'fehlgeschlagene Webhook-Zustellungen in {days} Tagen',
    },
    byPlanetHeading: 'Nach Kategorie',
    byPlanetCaption: 'Zertifikate und offene Meldungen jeder Kategorie, in der das Konto Objekte hat',
    planetColumn: 'Kategorie',
    pendingColumn: 'Ausstehend',
    issuedColumn: 'Ausgestellt',
    alertsColumn: 'Offene Meldungen',
    noAssets: 'Das Konto hat noch keine Objekte.',
    openAlertsHeading: 'Offene Meldungen',
    noOpenAlerts: 'Kein Objekt des Kontos ist als gestohlen oder verloren gemeldet.',
    openAlertsShown: 'Die neuesten {shown} von {total}.',
    alertColumns: { asset: 'Objekt', number: 'Zertifikatsnummer', kind: 'Gemeldet als', since: 'Seit' },
    chartsHeading: 'Die letzten {days} Tage',
    chartsIntro:
      'Die Tage sind in UTC angegeben. Die Zahlen jedes Diagramms stehen auch in einer Tabelle darunter.',
    created: {
      title: 'Erstellte Zertifikate pro Tag',
      description:
        'Ein Balken je Tag des Zeitraums: wie viele Objekte, jedes mit seiner Zertifikatsnummer, das Konto an diesem Tag angelegt hat.',
      tableSummary: 'Die Zahlen als Tabelle',
      caption: 'Erstellte Zertifikate pro Tag',
      labelHeader: 'Tag (UTC)',
      valueHeader: 'Erstellte Zertifikate',
    },
    verified: {
      title: 'Prüfungen pro Tag',
      description:
        'Ein Balken je Tag des Zeitraums: wie oft die Objekte des Kontos an diesem Tag geprüft wurden.',
      tableSummary: 'Die Zahlen als Tabelle',
      caption: 'Prüfungen der Objekte des Kontos pro Tag',
      labelHeader: 'Tag (UTC)',
      valueHeader: 'Prüfungen',
    },
    daySummary: '{total} insgesamt; die meisten am {day} ({count}).',
    dayTotal: '{total} insgesamt.',
    outcomes: {
      title: 'Prüfungen nach Ergebnis',
      description:
        'Ein Balken je Ergebnis der Prüfungen der Objekte des Kontos: bestanden oder die erste Kontrolle, die fehlschlug. Fehlschläge sind schraffiert.',
      tableSummary: 'Die Zahlen als Tabelle',
      caption: 'Prüfungen nach Ergebnis',
      labelHeader: 'Ergebnis',
      valueHeader: 'Prüfungen',
      none: 'Keine Prüfungen der Objekte des Kontos in diesem Zeitraum.',
      names: {
        verified: 'Bestanden',
        certificate_issued: 'Zertifikat nicht ausgestellt',
        asset_not_archived: 'Objekt archiviert',
        history_intact: 'Verlauf nicht unversehrt',
        history_logged: 'Verlauf nicht im Transparenzprotokoll',
        no_open_alert: 'Offene Meldung',
        not_verified: 'Nicht bestanden',
      },
    },
    deliveries: {
      title: 'Erfolg der Webhook-Zustellungen',
      description:
        'Balken für die Webhook-Zustellungen des Kontos im Zeitraum: erfolgreich, fehlgeschlagen (schraffiert) und noch ausstehend.',
      tableSummary: 'Die Zahlen als Tabelle',
      caption: 'Webhook-Zustellungen nach Status',
      labelHeader: 'Status',
      valueHeader: 'Zustellungen',
      succeeded: 'Erfolgreich',
      failed: 'Fehlgeschlagen',
      pending: 'Ausstehend',
      none: 'Keine Webhook-Zustellungen in diesem Zeitraum.',
      rate: '{percent} % von {finished} abgeschlossenen Zustellungen waren erfolgreich.',
      noneFinished: 'Noch ist keine Zustellung abgeschlossen.',
    },
    share: '{count} ({percent} %)',
  },
};
