import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { tapText as english } from '../tap.text.js';

/** A tag's tap in French (the English source is ../tap.text.ts). A tap is a « lecture » of the tag (« puce NFC »). */
export const tapText: Translation<typeof english> = {
  tap: {
    nfcTag: 'Puce NFC',
    verdicts: {
      genuine: 'Puce authentique',
      copied: 'Lien copié',
      forged: 'Puce contrefaite',
      unknown_tag: 'Puce inconnue',
      unbound: 'Puce dissociée',
      tampered: 'Puce altérée',
    },
    meanings: {
      genuine:
        'Puce lue à l’instant{counter, select, none {} other { (lecture n° {counter})}} : c’est bien la puce associée au certificat ci-dessous, et le lien qu’elle a produit est nouveau.',
      copied:
        'Ce lien{counter, select, none {} other { (lecture n° {counter})}} a déjà été ouvert. Une puce authentique produit un nouveau lien à chaque lecture : celui-ci a donc été copié d’une lecture précédente et ne prouve rien sur l’objet que vous avez devant vous. Si vous avez seulement rechargé cette page, approchez de nouveau votre téléphone de la puce.',
      forged:
        'Le lien prétend provenir de la puce du certificat ci-dessous, mais sa signature ne correspond pas à la clé de cette puce : il n’a pas été produit par elle. Ne vous fiez pas à l’objet dont il provient.',
      unknown_tag:
        'Ce lien n’a été produit par aucune puce connue de ce registre. Il ne prouve rien sur l’objet.',
      unbound:
        'Cette puce{counter, select, none {} other { (lecture n° {counter})}} est authentique, mais n’est plus associée au certificat ci-dessous : elle en a été dissociée. Elle n’identifie plus l’objet.',
      tampered:
        'La puce{counter, select, none {} other { (lecture n° {counter})}} indique que sa boucle d’inviolabilité a été ouverte : le scellé de l’objet a été rompu. Faites examiner l’objet avant de vous y fier.',
    },
    reportedCaveat:
      'Mais l’objet est signalé {kind, select, stolen {volé} other {perdu}} : lisez l’avertissement ci-dessous.',
    statusCaveat:
      'Mais le certificat {status, select, not_issued {n’a pas été émis} suspended {est suspendu} other {est révoqué}} : ne vous y fiez pas.',
    unknownTitle: 'Vérification de certificat',
    unknownIntro:
      'Pour vérifier un certificat, saisissez son numéro sur <link>la page de vérification</link>.',
  },
};
