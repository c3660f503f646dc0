import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { certificatesText as english } from '../certificates.text.js';

/** The operator’s review queue and certificate moves in Italian (the English source is ../certificates.text.ts). */
export const certificatesText: Translation<typeof english> = {
  certificates: {
    title: 'Certificati',
    filters: 'Scegliere i certificati',
    status: 'Stato',
    category: 'Categoria',
    allCategories: 'Tutte le categorie',
    show: 'Mostra',
    count: '{count} {status}',
    none: 'Nessun certificato con stato «{status}».',
    columns: {
      certificate: 'Certificato',
      title: 'Titolo',
      account: 'Account',
      details: 'Dettagli',
      submitted: 'Inviato il',
      verified: 'Verificato',
      issued: 'Emesso il',
      reason: 'Motivo',
      actions: 'Azioni',
    },
    neverVerified: 'mai',
    verifiedTimes: '{count, plural, one {# volta} other {# volte}}, l’ultima il {when}',
    verifiedBy: 'da {names}',
    refusedMove: '{number}: {message}',
  },
  moves: {
    labels: {
      issue: 'Emetti',
      reject: 'Respingi',
      suspend: 'Sospendi',
      reinstate: 'Ripristina',
      revoke: 'Revoca',
    },
    reason: 'Motivo',
    reasonOptional: 'Motivo (facoltativo)',
    done: {
      issue: 'Certificato {number} emesso.',
      reject: 'Certificato {number} respinto.',
      suspend: 'Certificato {number} sospeso.',
      reinstate: 'Certificato {number} ripristinato.',
      revoke: 'Certificato {number} revocato.',
    },
  },
};
