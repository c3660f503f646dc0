import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { watchlistText as english } from '../watchlist.text.js';

/** The watch-list in German (the English source is ../watchlist.text.ts). */
export const watchlistText: Translation<typeof english> = {
  watchlist: {
    title: 'Beobachtungsliste',
    intro:
      'Beobachten Sie jedes beliebige Zertifikat anhand seiner Nummer: Wird es ausgesetzt, wieder in Kraft gesetzt oder widerrufen oder als gestohlen oder verloren gemeldet, erscheint die Änderung unten und wird an die Webhooks des Kontos gesendet, die Ereignisse der Beobachtungsliste angefordert haben.',
    webhookEvent: 'Webhook-Ereignistyp',
    addHeading: 'Zertifikat beobachten',
    numberLabel: 'Zertifikatsnummer',
    numberHint: 'Wie auf dem Zertifikat gedruckt, zum Beispiel ART-2026-000042.',
    add: 'Beobachten',
    added: 'Sie beobachten jetzt {number}.',
    removed: 'Sie beobachten {number} nicht mehr.',
    watchedHeading: 'Beobachtete Zertifikate',
    noneWatched: 'Das Konto beobachtet kein Zertifikat.',
    columns: { number: 'Zertifikatsnummer', since: 'Beobachtet seit', actions: 'Aktionen' },
    remove: 'Nicht mehr beobachten',
    removeLabel: '{number} nicht mehr beobachten',
    more: 'Weitere beobachtete Zertifikate',
    firedHeading: 'Eingetretene Ereignisse',
    firedIntro: 'Änderungen an beobachteten Zertifikaten in den letzten {days} Tagen, neueste zuerst.',
    noneFired: 'Bisher ist nichts eingetreten.',
    firedColumns: {
      when: 'Zeitpunkt',
      number: 'Zertifikatsnummer',
      change: 'Änderung',
      status: 'Zertifikatsstatus',
    },
    changes: {
      certificate_suspended: 'Zertifikat ausgesetzt',
      certificate_reinstated: 'Zertifikat wieder in Kraft gesetzt',
      certificate_revoked: 'Zertifikat widerrufen',
      alert_raised: 'Als gestohlen oder verloren gemeldet',
      alert_resolved: 'Meldung abgeschlossen',
    },
    alertNote: ' ({kind, select, stolen {gestohlen} lost {verloren} other {{kind}}})',
    moreFired: 'Ältere Ereignisse',
  },
};
