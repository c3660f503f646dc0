import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { layoutText as english } from '../layout.text.js';

/** The console's frame in French (the English source is ../layout.text.ts). */
export const layoutText: Translation<typeof english> = {
  nav: {
    home: 'Accueil',
    assets: 'Objets',
    transfers: 'Transferts',
    watchlist: 'Liste de suivi',
    search: 'Recherche par photo',
    developers: 'Développeurs',
    members: 'Membres',
    keys: 'Clés d’API',
    audit: 'Journal d’audit',
    profile: 'Profil de la galerie',
    account: 'Votre compte',
  },
  technical: { summary: 'Détails techniques' },
};
