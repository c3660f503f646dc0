import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { landingText as english } from '../landing.text.js';

/** The home page in French (the English source is ../landing.text.ts). */
export const landingText: Translation<typeof english> = {
  landing: {
    title: 'Vérifier un certificat d’authenticité',
    heading: 'Ce certificat est-il authentique ?',
    intro:
      'Galeries, horlogers et marchands enregistrent ici les œuvres d’art, montres, bijoux et objets de collection qu’ils vendent, et remettent pour chacun un certificat d’authenticité. Chacun peut vérifier un tel certificat, gratuitement et sans compte : le collectionneur avant un achat, l’héritier, l’assureur. Vous voyez s’il a été émis, s’il est toujours valable et si son propriétaire a signalé l’objet volé ou perdu.',
    moreTitle: 'Autres accès',
    photoSearch:
      '<link>Recherche par photo</link> : on vous propose un objet sans ses papiers ? Vérifiez s’il ressemble à un objet signalé volé ou perdu.',
    howToCheck: '<link>Vérifier un certificat par vous-même</link>, sans avoir à faire confiance à ce site.',
    console:
      '<link>Se connecter à la console</link> : pour les galeries, les créateurs et les collectionneurs qui enregistrent leurs pièces.',
    api: '<link>La documentation de l’API</link> : pour les développeurs qui y relient une boutique en ligne, un catalogue ou un inventaire.',
  },
};
