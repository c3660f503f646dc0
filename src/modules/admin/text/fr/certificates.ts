import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { certificatesText as english } from '../certificates.text.js';

/** The operator’s review queue and certificate moves in French (the English source is ../certificates.text.ts). */
export const certificatesText: Translation<typeof english> = {
  certificates: {
    title: 'Certificats',
    filters: 'Choisir les certificats',
    status: 'Statut',
    category: 'Catégorie',
    allCategories: 'Toutes les catégories',
    show: 'Afficher',
    count: '{count} {status}',
    none: 'Aucun certificat au statut « {status} ».',
    columns: {
      certificate: 'Certificat',
      title: 'Titre',
      account: 'Compte',
      details: 'Détails',
      submitted: 'Soumis le',
      verified: 'Vérifié',
      issued: 'Émis le',
      reason: 'Motif',
      actions: 'Actions',
    },
    neverVerified: 'jamais',
    verifiedTimes: '{count, plural, one {# fois} other {# fois}}, la dernière le {when}',
    verifiedBy: 'par {names}',
    refusedMove: '{number} : {message}',
  },
  moves: {
    labels: {
      issue: 'Émettre',
      reject: 'Rejeter',
      suspend: 'Suspendre',
      reinstate: 'Rétablir',
      revoke: 'Révoquer',
    },
    reason: 'Motif',
    reasonOptional: 'Motif (facultatif)',
    done: {
      issue: 'Certificat {number} émis.',
      reject: 'Certificat {number} rejeté.',
      suspend: 'Certificat {number} suspendu.',
      reinstate: 'Certificat {number} rétabli.',
      revoke: 'Certificat {number} révoqué.',
    },
  },
};
