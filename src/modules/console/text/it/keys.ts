import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { keysText as english } from '../keys.text.js';

/** The API keys page in Italian (the English source is ../keys.text.ts). */
export const keysText: Translation<typeof english> = {
  apiKeys: {
    title: 'Chiavi API',
    byOperator: 'l’operatore',
    byFormerMember: 'un ex membro',
    empty: 'L’account non ha ancora chiavi API.',
    createdBy: 'Creata da',
    createdHeading: 'Chiave {name} creata',
    keysOf: 'Chiavi di {account}',
    createHeading: 'Creare una chiave',
    createButton: 'Crea la chiave',
    revokeTitle: 'Revocare una chiave API',
    revoked: 'Chiave {prefix}… revocata.',
  },
};
