import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { developersText as english } from '../developers.text.js';

/** The developers' corner in German (the English source is ../developers.text.ts). */
export const developersText: Translation<typeof english> = {
  developers: {
    title: 'Entwickler',
    intro: 'Was Entwickler des Kontos brauchen, um ihre Systeme mit dem Dienst zu verbinden.',
    partsHeading: 'Bereiche',
    keysLink: 'API-Schlüssel',
    keysWhat:
      'einen Schlüssel für einzelne oder alle Objektkategorien mit Ablaufdatum erstellen; ein Schlüssel wird nur einmal angezeigt; Schlüssel widerrufen',
    keysOwnerOnly:
      'API-Schlüssel erstellt ein Inhaber des Kontos: Bitten Sie einen Inhaber um einen Schlüssel.',
    webhooksLink: 'Webhooks',
    webhooksWhat:
      'Endpunkte, die die Ereignisse des Kontos empfangen, ihr Zustellprotokoll, erneute Zustellungen und Testereignisse',
    eventsLink: 'Ereignis-Feed',
    eventsWhat: 'alle Ereignisse des Kontos, so wie die Webhooks sie übermitteln',
    sdkLink: 'SDK',
    sdkWhat: 'das TypeScript-SDK installieren und den Dienst für dieses Konto aufrufen',
    apiDocs: 'Die API-Referenz',
    apiDocsWhat: 'alle Operationen im OpenAPI-Dokument',
    pagesLabel: 'Seiten',
    newer: 'Neueste',
    older: 'Ältere',
    none: '—',
  },
  webhooks: {
    title: 'Webhooks',
    intro:
      'Ein Webhook empfängt die Ereignisse des Kontos als signierte HTTPS-POST-Anfragen (Standard Webhooks). Bearbeiter und Inhaber registrieren und deaktivieren sie; Leser können sie einsehen.',
    listHeading: 'Endpunkte',
    empty: 'Das Konto hat noch keine Webhooks.',
    caption: 'Webhooks des Kontos, neueste zuerst',
    columns: {
      url: 'URL',
      events: 'Ereignisse',
      status: 'Status',
      created: 'Registriert',
      disabled: 'Deaktiviert',
      actions: 'Aktionen',
    },
    logLink: 'Zustellprotokoll<hidden> von {url}</hidden>',
    disableLink: 'Deaktivieren<hidden>: Webhook {url}</hidden>',
    registerHeading: 'Webhook registrieren',
    urlLabel: 'URL',
    urlHint: 'HTTPS; localhost und private Adressen werden abgelehnt.',
    eventsLegend: 'Ereignisse',
    eventsHint:
      'Die ersten fünf werden standardmäßig gesendet; die Ereignisse zu Meldungen und zur Beobachtungsliste nur an Webhooks, die sie ausdrücklich anfordern.',
    optIn: '(auf Anforderung)',
    registerButton: 'Webhook registrieren',
    createdHeading: 'Webhook registriert',
    secretWarning:
      'Kopieren Sie dieses Signaturgeheimnis jetzt. Es wird nicht noch einmal angezeigt: Empfänger prüfen damit die Signatur jeder Zustellung.',
    secretLabel: 'Signaturgeheimnis',
    disableTitle: 'Webhook deaktivieren',
    disableQuestion:
      'Den Webhook {url} deaktivieren? Er empfängt ab sofort keine Ereignisse mehr; sein Zustellprotokoll bleibt lesbar. Dies lässt sich nicht rückgängig machen.',
    disableButton: 'Webhook deaktivieren',
    cancel: 'Abbrechen',
    disabled: 'Webhook {url} deaktiviert.',
    backToList: 'Alle Webhooks',
  },
  deliveries: {
    title: 'Zustellprotokoll',
    detailsHeading: 'Webhook',
    url: 'URL',
    status: 'Status',
    events: 'Ereignisse',
    created: 'Registriert',
    heading: 'Zustellungen',
    intro:
      'Jedes Ereignis auf dem Weg zu diesem Endpunkt, neueste zuerst: sein Status, die bisherigen Versuche und die letzte Antwort des Empfängers.',
    empty: 'An diesen Webhook wurde noch nichts gesendet.',
    caption: 'Zustellungen des Webhooks, neueste zuerst',
    filterLabel: 'Zustellungen filtern',
    filterStatus: 'Status',
    filterAll: 'Jeder Status',
    filterButton: 'Anzeigen',
    columns: {
      created: 'Erstellt',
      event: 'Ereignis',
      status: 'Status',
      attempts: 'Versuche',
      code: 'Antwortcode',
      answer: 'Letzte Antwort',
      lastAttempt: 'Letzter Versuch',
      nextAttempt: 'Nächster Versuch',
      actions: 'Aktionen',
    },
    replayButton: 'Erneut zustellen<hidden>: Zustellung von {eventType}</hidden>',
    replayed: 'Zustellung wird wiederholt: Ein neuer Versuch ist jetzt fällig.',
    testHeading: 'Testereignis senden',
    testIntro:
      'Stellt ein Ereignis webhook.test nur für diesen Endpunkt in die Warteschlange, unabhängig davon, welche Ereignisse er abonniert hat, um zu prüfen, ob der Empfänger antwortet.',
    testButton: 'Testereignis senden',
    testQueued: 'Testereignis in der Warteschlange: Es erscheint unten im Protokoll.',
    inactive:
      'Dieser Webhook ist deaktiviert: Er empfängt nichts, und seine Zustellungen können nicht wiederholt werden.',
  },
  events: {
    title: 'Ereignis-Feed',
    intro:
      'Die Ereignisse des Kontos, neueste zuerst, genau so, wie die Webhooks sie übermitteln – ob ein Webhook registriert ist oder nicht. API-Schlüssel lesen denselben Feed unter GET /api/v1/events.',
    empty: 'Keine Ereignisse im Aufbewahrungszeitraum.',
    caption: 'Ereignisse des Kontos, neueste zuerst',
    filterLabel: 'Ereignisse filtern',
    filterType: 'Typ',
    filterAll: 'Jeder Typ',
    filterButton: 'Anzeigen',
    columns: { at: 'Zeitpunkt', type: 'Typ', id: 'Ereigniskennung', data: 'Daten' },
    showData: 'Daten anzeigen',
  },
  sdk: {
    title: 'SDK',
    intro:
      'Das TypeScript-SDK (@avs/sdk, Node 20 oder neuer) ist ein typisierter Client der API: Wiederholungen mit Idempotenzschlüsseln, typisierte Fehler, Webhook-Signaturen und die Offline-Prüfung von Nachweisen.',
    installHeading: 'Installation',
    installText: 'Das SDK ist der Ordner sdk/ im Repository des Dienstes, ein npm-Paket namens @avs/sdk.',
    buildText: 'Bauen Sie es im Repository:',
    addText: 'Fügen Sie es dann Ihrem Projekt hinzu:',
    callHeading: 'Den Dienst aufrufen',
    callText:
      'Dieser Block ruft den Dienst unter seiner öffentlichen Adresse als {accountName} auf. Den Schlüssel tragen Sie selbst ein: Setzen Sie AVS_API_KEY in der Umgebung, niemals im Code.',
    keyOwner: 'Erstellen Sie einen Schlüssel auf der Seite „API-Schlüssel“.',
    keyOther: 'Schlüssel erstellt ein Inhaber des Kontos: Bitten Sie einen Inhaber um einen Schlüssel.',
    webhookHeading: 'Die Signatur eines Webhooks prüfen',
    webhookText:
      'Ein Empfänger prüft jede Zustellung mit dem Signaturgeheimnis, das bei der Registrierung des Webhooks angezeigt wurde, und zwar am Body genau so, wie er empfangen wurde (rawBody, vor jedem JSON-Parsing):',
    moreText: 'Alles Weitere zum SDK steht in seiner README (sdk/README.md) und in docs/sdk.md.',
    snippetLabel: 'Code: {what}',
  },
};
