import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { assetPartsText as english } from '../asset-parts.text.js';

/** The words of an asset’s media, verifications and alerts in French (the English source is ../asset-parts.text.ts). */
export const assetPartsText: Translation<typeof english> = {
  media: {
    none: 'Aucune image ni aucun document.',
    image: 'Image {number}',
    document: 'Document {number}',
    documentIcon: 'PDF',
    public: 'public',
    private: 'privé',
    bytes: '{size} o',
    kibibytes: '{size} Kio',
    mebibytes: '{size} Mio',
    imageFormat: 'image {format}',
    documentFormat: 'document {format}',
  },
  verifications: {
    never: 'Jamais vérifié.',
    caption: 'Vérifications, de la plus récente à la plus ancienne',
    captionWithTaps: 'Vérifications et lectures de la puce, de la plus récente à la plus ancienne',
    columns: {
      when: 'Date',
      by: 'Par',
      result: 'Résultat',
    },
    verified: 'vérifié',
    notVerified: 'non vérifié',
    tagTap: 'Lecture de la puce',
    tapCounter: '(lecture {counter})',
  },
  certificateBadge: {
    issuedButReported: 'émis, mais signalé {kind, select, stolen {volé} lost {perdu} other {{kind}}}',
  },
  alerts: {
    report: 'Signaler un vol ou une perte…',
    kind: 'Type',
    stolen: 'Volé',
    lost: 'Perdu',
    missingSince: 'Disparu depuis le',
    policeReference: 'Référence de la plainte (facultatif)',
    note: 'Note (facultatif)',
    submit: 'Signaler',
    resolveRecovered: 'Clore : retrouvé',
    resolveWithdrawn: 'Clore : signalement retiré',
    open: '<strong>Signalé {kind, select, stolen {volé} lost {perdu} other {{kind}}}</strong> depuis le {since} (signalement du {raised}). La vérification échoue et la page publique affiche un avertissement tant que ce signalement est ouvert.',
    openWithReference:
      '<strong>Signalé {kind, select, stolen {volé} lost {perdu} other {{kind}}}</strong> depuis le {since} (signalement du {raised}) ; référence de la plainte {reference}. La vérification échoue et la page publique affiche un avertissement tant que ce signalement est ouvert.',
    noneOpen: 'Aucun signalement en cours.',
    earlier: 'Signalements antérieurs',
    earlierAlert:
      '{kind, select, stolen {volé} lost {perdu} other {{kind}}} depuis le {since} : {outcome, select, recovered {retrouvé} withdrawn {signalement retiré} other {{outcome}}} le {resolved}',
  },
};
