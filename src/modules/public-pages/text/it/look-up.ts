import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { lookUpText as english } from '../look-up.text.js';

/** The look-up page and its form in Italian (the English source is ../look-up.text.ts). */
export const lookUpText: Translation<typeof english> = {
  lookUp: {
    title: 'Verificare un certificato',
    intro:
      'Digiti il numero di un certificato cartaceo o di un’etichetta per sapere se è stato emesso e se è ancora valido. Il codice QR sul certificato apre la stessa pagina.',
    formLabel: 'Ricerca di un certificato',
    numberLabel: 'Numero di certificato',
    numberHint: 'Come stampato sul certificato, ad esempio {example}.',
    check: 'Verifica',
    emptyNumber: 'Digiti il numero di certificato.',
    notANumber:
      'Questo non è un numero di certificato: è composto da tre lettere, dall’anno e da un numero, ad esempio {example}.',
  },
};
