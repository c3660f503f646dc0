import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { apiKeysText as english } from '../api-keys.text.js';

/** The operator’s API key pages in German (the English source is ../api-keys.text.ts). */
export const apiKeysText: Translation<typeof english> = {
  apiKeys: {
    title: 'API-Schlüssel',
    none: 'Keine passenden API-Schlüssel.',
    caption: 'API-Schlüssel',
    account: 'Konto',
    chooseAccount: 'Konto wählen',
    accountFirst: 'Erstellen Sie zuerst ein <link>Konto</link>: Jeder Schlüssel gehört zu einem Konto.',
    submit: 'Schlüssel erstellen',
    filters: 'Schlüssel filtern',
    allAccounts: 'Alle Konten',
    status: 'Status',
    anyStatus: 'Jeder Status',
    filter: 'Filtern',
    statuses: {
      active: 'aktiv',
      revoked: 'widerrufen',
      expired: 'abgelaufen',
    },
    create: 'Einen Schlüssel erstellen',
    createdTitle: 'API-Schlüssel erstellt',
    prefix: 'Präfix',
    name: 'Name',
    categories: 'Kategorien',
    expires: 'Läuft ab',
    neverExpires: 'nie',
    back: 'Zurück zu den API-Schlüsseln',
    revokeTitle: 'API-Schlüssel widerrufen',
    revoked: 'Schlüssel {prefix}… widerrufen.',
  },
};
