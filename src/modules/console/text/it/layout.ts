import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { layoutText as english } from '../layout.text.js';

/** The console's frame in Italian (the English source is ../layout.text.ts). */
export const layoutText: Translation<typeof english> = {
  nav: {
    home: 'Pagina iniziale',
    assets: 'Oggetti',
    transfers: 'Trasferimenti',
    watchlist: 'Lista di osservazione',
    search: 'Ricerca per foto',
    developers: 'Sviluppatori',
    members: 'Membri',
    keys: 'Chiavi API',
    audit: 'Registro di audit',
    profile: 'Profilo della galleria',
    account: 'Il Suo account',
  },
  technical: { summary: 'Dettagli tecnici' },
};
