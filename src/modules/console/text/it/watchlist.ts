import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { watchlistText as english } from '../watchlist.text.js';

/** The watch-list in Italian (the English source is ../watchlist.text.ts). */
export const watchlistText: Translation<typeof english> = {
  watchlist: {
    title: 'Lista di osservazione',
    intro:
      'Tenga sotto osservazione qualsiasi certificato tramite il suo numero: quando viene sospeso, ripristinato o revocato, oppure segnalato come rubato o smarrito, la modifica compare qui sotto e viene inviata ai webhook dell’account che richiedono gli eventi della lista di osservazione.',
    webhookEvent: 'Tipo di evento webhook',
    addHeading: 'Osservare un certificato',
    numberLabel: 'Numero di certificato',
    numberHint: 'Come stampato sul certificato, ad esempio ART-2026-000042.',
    add: 'Osserva',
    added: '{number} è ora sotto osservazione.',
    removed: '{number} non è più sotto osservazione.',
    watchedHeading: 'Certificati osservati',
    noneWatched: 'L’account non osserva alcun certificato.',
    columns: { number: 'Numero di certificato', since: 'Osservato dal', actions: 'Azioni' },
    remove: 'Smetti di osservare',
    removeLabel: 'Smetti di osservare {number}',
    more: 'Altri certificati osservati',
    firedHeading: 'Eventi rilevati',
    firedIntro: 'Modifiche ai certificati osservati negli ultimi {days} giorni, dalle più recenti.',
    noneFired: 'Nessun evento rilevato.',
    firedColumns: {
      when: 'Quando',
      number: 'Numero di certificato',
      change: 'Modifica',
      status: 'Stato del certificato',
    },
    changes: {
      certificate_suspended: 'Certificato sospeso',
      certificate_reinstated: 'Certificato ripristinato',
      certificate_revoked: 'Certificato revocato',
      alert_raised: 'Segnalato come rubato o smarrito',
      alert_resolved: 'Segnalazione chiusa',
    },
    alertNote: ' ({kind, select, stolen {rubato} lost {smarrito} other {{kind}}})',
    moreFired: 'Eventi meno recenti',
  },
};
