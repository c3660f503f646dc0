import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { certificatesText as english } from '../certificates.text.js';

/** The operator’s review queue and certificate moves in German (the English source is ../certificates.text.ts). */
export const certificatesText: Translation<typeof english> = {
  certificates: {
    title: 'Zertifikate',
    filters: 'Zertifikate auswählen',
    status: 'Status',
    category: 'Kategorie',
    allCategories: 'Alle Kategorien',
    show: 'Anzeigen',
    count: '{count} {status}',
    none: 'Keine Zertifikate mit dem Status „{status}“.',
    columns: {
      certificate: 'Zertifikat',
      title: 'Titel',
      account: 'Konto',
      details: 'Angaben',
      submitted: 'Eingereicht',
      verified: 'Geprüft',
      issued: 'Ausgestellt',
      reason: 'Grund',
      actions: 'Aktionen',
    },
    neverVerified: 'nie',
    verifiedTimes: '{count, plural, one {# Mal} other {# Mal}}, zuletzt {when}',
    verifiedBy: 'durch {names}',
    refusedMove: '{number}: {message}',
  },
  moves: {
    labels: {
      issue: 'Ausstellen',
      reject: 'Ablehnen',
      suspend: 'Aussetzen',
      reinstate: 'Wieder in Kraft setzen',
      revoke: 'Widerrufen',
    },
    reason: 'Grund',
    reasonOptional: 'Grund (optional)',
    done: {
      issue: 'Zertifikat {number} ausgestellt.',
      reject: 'Zertifikat {number} abgelehnt.',
      suspend: 'Zertifikat {number} ausgesetzt.',
      reinstate: 'Zertifikat {number} wieder in Kraft gesetzt.',
      revoke: 'Zertifikat {number} widerrufen.',
    },
  },
};
