import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { assetPartsText as english } from '../asset-parts.text.js';

/** The words of an asset’s media, verifications and alerts in Italian (the English source is ../asset-parts.text.ts). */
export const assetPartsText: Translation<typeof english> = {
  media: {
    none: 'Nessuna immagine o documento.',
    image: 'Immagine {number}',
    document: 'Documento {number}',
    documentIcon: 'PDF',
    public: 'pubblico',
    private: 'privato',
    bytes: '{size} B',
    kibibytes: '{size} KiB',
    mebibytes: '{size} MiB',
    imageFormat: 'immagine {format}',
    documentFormat: 'documento {format}',
  },
  verifications: {
    never: 'Mai verificato.',
    caption: 'Verifiche, dalla più recente',
    captionWithTaps: 'Verifiche e letture del tag, dalla più recente',
    columns: {
      when: 'Quando',
      by: 'Da',
      result: 'Esito',
    },
    verified: 'verificato',
    notVerified: 'non verificato',
    tagTap: 'Lettura del tag',
    tapCounter: '(lettura {counter})',
  },
  certificateBadge: {
    issuedButReported:
      'emesso, ma segnalato come {kind, select, stolen {rubato} lost {smarrito} other {{kind}}}',
  },
  alerts: {
    report: 'Segnala furto o smarrimento…',
    kind: 'Tipo',
    stolen: 'Rubato',
    lost: 'Smarrito',
    missingSince: 'Scomparso dal',
    policeReference: 'Numero di denuncia (facoltativo)',
    note: 'Nota (facoltativa)',
    submit: 'Segnala',
    resolveRecovered: 'Chiudi: ritrovato',
    resolveWithdrawn: 'Chiudi: segnalazione ritirata',
    open: '<strong>Segnalato come {kind, select, stolen {rubato} lost {smarrito} other {{kind}}}</strong>, scomparso dal {since} (segnalazione del {raised}). Finché la segnalazione è aperta, la verifica non riesce e la pagina pubblica mostra un avviso.',
    openWithReference:
      '<strong>Segnalato come {kind, select, stolen {rubato} lost {smarrito} other {{kind}}}</strong>, scomparso dal {since} (segnalazione del {raised}); numero di denuncia {reference}. Finché la segnalazione è aperta, la verifica non riesce e la pagina pubblica mostra un avviso.',
    noneOpen: 'Nessuna segnalazione aperta.',
    earlier: 'Segnalazioni precedenti',
    earlierAlert:
      '{kind, select, stolen {rubato} lost {smarrito} other {{kind}}} dal {since}: {outcome, select, recovered {ritrovato} withdrawn {segnalazione ritirata} other {{outcome}}} il {resolved}',
  },
};
