import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { searchText as english } from '../search.text.js';

/** The photo search in Italian (the English source is ../search.text.ts). */
export const searchText: Translation<typeof english> = {
  search: {
    title: 'Ricerca per foto',
    intro:
      'Carichi la fotografia di un oggetto per sapere se somiglia a un oggetto registrato: le immagini pubbliche dei certificati emessi, le immagini del Suo account e tutte le immagini degli oggetti segnalati come rubati o smarriti. La stessa immagine viene trovata anche ridimensionata, ricompressa, leggermente ritagliata, schiarita o scurita; una fotografia diversa dello stesso oggetto invece no.',
    formHeading: 'Fotografia da cercare',
    photoLabel: 'Fotografia dell’oggetto',
    photoHint:
      'Un’immagine JPEG, PNG o WebP. Non viene conservata; una ricerca che trova un oggetto segnalato viene annotata nel registro delle ricerche di quell’oggetto.',
    submit: 'Cerca',
    resultsHeading:
      '{count, plural, =0 {Nessun oggetto somiglia a questa fotografia} one {# oggetto somiglia a questa fotografia} other {# oggetti somigliano a questa fotografia}}',
    noneFound:
      'Ciò non prova che l’oggetto non sia registrato o non sia rubato: una fotografia diversa dell’oggetto, o un ritaglio marcato, non viene trovata.',
    privateImage:
      'La fotografia corrispondente è un’immagine privata di un altro account: non viene mostrata.',
    imageAlt: 'Fotografia di {title}',
    certificateNumber: 'Numero di certificato',
    likenessLabel: 'Somiglianza',
    likeness: { exact: 'La stessa immagine', likely: 'Molto simile', possible: 'Forse simile' },
    reported:
      '{kind, select, stolen {Segnalato come rubato} lost {Segnalato come smarrito} other {Segnalato: {kind}}}',
    since: 'dal',
    openCertificate: 'Apri il certificato pubblico {number}',
  },
};
