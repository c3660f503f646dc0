import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { layoutText as english } from '../layout.text.js';

/** The console's frame in German (the English source is ../layout.text.ts). */
export const layoutText: Translation<typeof english> = {
  nav: {
    home: 'Start',
    assets: 'Objekte',
    transfers: 'Übertragungen',
    watchlist: 'Beobachtungsliste',
    search: 'Fotosuche',
    developers: 'Entwickler',
    members: 'Mitglieder',
    keys: 'API-Schlüssel',
    audit: 'Audit-Protokoll',
    profile: 'Galerieprofil',
    account: 'Ihr Konto',
  },
  technical: { summary: 'Technische Details' },
};
