import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { searchText as english } from '../search.text.js';

/** The photo search in French (the English source is ../search.text.ts). */
export const searchText: Translation<typeof english> = {
  search: {
    title: 'Recherche par photo',
    intro:
      'Envoyez la photo d’un objet pour savoir si elle ressemble à un objet enregistré : les images publiques des certificats émis, les images de votre propre compte et toutes les images des objets signalés volés ou perdus. Une même image est retrouvée redimensionnée, recompressée, légèrement recadrée, éclaircie ou assombrie ; une autre photo du même objet ne l’est pas.',
    formHeading: 'Photo à rechercher',
    photoLabel: 'Photo de l’objet',
    photoHint:
      'Une image JPEG, PNG ou WebP. Elle n’est pas conservée ; une recherche qui trouve un objet signalé est consignée dans le registre des recherches de cet objet.',
    submit: 'Rechercher',
    resultsHeading:
      '{count, plural, =0 {Aucun objet ne ressemble à cette photo} one {# objet ressemble à cette photo} other {# objets ressemblent à cette photo}}',
    noneFound:
      'Ce n’est pas la preuve que l’objet n’est ni enregistré ni volé : une autre photo de l’objet, ou un recadrage important, n’est pas retrouvée.',
    privateImage:
      'La photo correspondante appartient à un autre compte, qui la garde privée : elle n’est pas affichée.',
    imageAlt: 'Photo de {title}',
    certificateNumber: 'Numéro de certificat',
    likenessLabel: 'Ressemblance',
    likeness: { exact: 'La même image', likely: 'Très ressemblante', possible: 'Peut-être ressemblante' },
    reported: '{kind, select, stolen {Signalé volé} lost {Signalé perdu} other {Signalé : {kind}}}',
    since: 'depuis le',
    openCertificate: 'Ouvrir le certificat public {number}',
  },
};
