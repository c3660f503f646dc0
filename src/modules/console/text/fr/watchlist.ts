import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { watchlistText as english } from '../watchlist.text.js';

/** The watch-list in French (the English source is ../watchlist.text.ts). */
export const watchlistText: Translation<typeof english> = {
  watchlist: {
    title: 'Liste de suivi',
    intro:
      'Suivez n’importe quel certificat par son numéro : lorsqu’il est suspendu, rétabli ou révoqué, ou signalé volé ou perdu, le changement apparaît ci-dessous et il est envoyé aux webhooks du compte qui demandent les événements de la liste de suivi.',
    webhookEvent: 'Type d’événement webhook',
    addHeading: 'Suivre un certificat',
    numberLabel: 'Numéro de certificat',
    numberHint: 'Tel qu’imprimé sur le certificat, par exemple ART-2026-000042.',
    add: 'Suivre',
    added: 'Vous suivez désormais {number}.',
    removed: 'Vous ne suivez plus {number}.',
    watchedHeading: 'Certificats suivis',
    noneWatched: 'Le compte ne suit aucun certificat.',
    columns: { number: 'Numéro de certificat', since: 'Suivi depuis le', actions: 'Actions' },
    remove: 'Ne plus suivre',
    removeLabel: 'Ne plus suivre {number}',
    more: 'Autres certificats suivis',
    firedHeading: 'Événements survenus',
    firedIntro:
      'Changements survenus sur les certificats suivis ces {days} derniers jours, les plus récents en premier.',
    noneFired: 'Aucun événement pour l’instant.',
    firedColumns: {
      when: 'Date',
      number: 'Numéro de certificat',
      change: 'Changement',
      status: 'Statut du certificat',
    },
    changes: {
      certificate_suspended: 'Certificat suspendu',
      certificate_reinstated: 'Certificat rétabli',
      certificate_revoked: 'Certificat révoqué',
      alert_raised: 'Signalé volé ou perdu',
      alert_resolved: 'Signalement clos',
    },
    alertNote: ' ({kind, select, stolen {volé} lost {perdu} other {{kind}}})',
    moreFired: 'Événements plus anciens',
  },
};
