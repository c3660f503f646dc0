import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { keysText as english } from '../keys.text.js';

/** The API keys page in German (the English source is ../keys.text.ts). */
export const keysText: Translation<typeof english> = {
  apiKeys: {
    title: 'API-Schlüssel',
    byOperator: 'der Betreiber',
    byFormerMember: 'ein ehemaliges Mitglied',
    empty: 'Das Konto hat noch keine API-Schlüssel.',
    createdBy: 'Erstellt von',
    createdHeading: 'Schlüssel {name} erstellt',
    keysOf: 'Schlüssel von {account}',
    createHeading: 'Schlüssel erstellen',
    createButton: 'Schlüssel erstellen',
    revokeTitle: 'API-Schlüssel widerrufen',
    revoked: 'Schlüssel {prefix}… widerrufen.',
  },
};
