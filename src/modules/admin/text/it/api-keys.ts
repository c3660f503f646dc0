import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { apiKeysText as english } from '../api-keys.text.js';

/** The operator’s API key pages in Italian (the English source is ../api-keys.text.ts). */
export const apiKeysText: Translation<typeof english> = {
  apiKeys: {
    title: 'Chiavi API',
    none: 'Nessuna chiave API corrisponde.',
    caption: 'Chiavi API',
    account: 'Account',
    chooseAccount: 'Scelga un account',
    accountFirst: 'Crei prima un <link>account</link>: ogni chiave appartiene a un account.',
    submit: 'Crea chiave',
    filters: 'Filtra le chiavi',
    allAccounts: 'Tutti gli account',
    status: 'Stato',
    anyStatus: 'Qualsiasi stato',
    filter: 'Filtra',
    statuses: {
      active: 'attiva',
      revoked: 'revocata',
      expired: 'scaduta',
    },
    create: 'Crea una chiave',
    createdTitle: 'Chiave API creata',
    prefix: 'Prefisso',
    name: 'Nome',
    categories: 'Categorie',
    expires: 'Scadenza',
    neverExpires: 'mai',
    back: 'Torna alle chiavi API',
    revokeTitle: 'Revoca chiave API',
    revoked: 'Chiave {prefix}… revocata.',
  },
};
