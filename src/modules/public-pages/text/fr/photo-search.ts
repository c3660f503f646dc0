import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { photoSearchText as english } from '../photo-search.text.js';

/** The photo search without a key in French (the English source is ../photo-search.text.ts). */
export const photoSearchText: Translation<typeof english> = {
  photoSearch: {
    title: 'Recherche par photo',
    photoLabel: 'Photo de l’objet',
    photoHint:
      'Une image JPEG, PNG ou WebP. Elle n’est pas conservée ; une recherche qui trouve un objet signalé est enregistrée avec votre adresse, comme toute consultation d’un tel objet.',
    search: 'Rechercher',
    sectionTitle: 'On vous propose un objet ? Recherchez-le par photo',
    sectionIntro:
      'Envoyez-en une photo pour savoir s’il ressemble à un objet que son propriétaire a signalé volé ou perdu. La même image est retrouvée même redimensionnée, recompressée ou légèrement recadrée ; une autre photo du même objet ne l’est pas.',
    found:
      '{count, plural, =0 {Aucun objet signalé ne ressemble à cette photo} one {# objet signalé ressemble à cette photo} other {# objets signalés ressemblent à cette photo}}',
    noMatch:
      'Ce n’est pas la preuve qu’il n’a pas été volé : seuls les objets que leur propriétaire a signalés volés ou perdus sont recherchés, et une autre photo du même objet, ou un recadrage important, n’est pas retrouvée.',
    matches:
      'Leurs propriétaires les ont signalés volés ou perdus. N’achetez pas, ne vendez pas l’objet et ne consentez aucun prêt gagé sur lui ; ouvrez son certificat pour savoir qui prévenir. Cette recherche est enregistrée.',
    privateMatch: 'La photo correspondante est privée : elle n’est pas affichée.',
    reported:
      '<strong>{kind, select, stolen {Signalé volé} other {Signalé perdu}}</strong> le {since} ou après',
    likeness: 'Ressemblance',
    likenesses: { exact: 'La même image', likely: 'Très ressemblante', possible: 'Peut-être ressemblante' },
    tooMany: 'Trop de recherches',
    notSearched: 'La recherche sur cette photo n’a pas pu être effectuée',
    failed: 'La recherche a échoué ; réessayez dans un instant.',
  },
};
