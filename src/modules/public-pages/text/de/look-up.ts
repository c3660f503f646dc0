import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { lookUpText as english } from '../look-up.text.js';

/** The look-up page and its form in German (the English source is ../look-up.text.ts). */
export const lookUpText: Translation<typeof english> = {
  lookUp: {
    title: 'Zertifikat prüfen',
    intro:
      'Geben Sie die Nummer eines Papierzertifikats oder Etiketts ein, um zu sehen, ob es ausgestellt wurde und ob es noch gültig ist. Der QR-Code auf dem Zertifikat öffnet dieselbe Seite.',
    formLabel: 'Zertifikatssuche',
    numberLabel: 'Zertifikatsnummer',
    numberHint: 'Wie auf dem Zertifikat gedruckt, zum Beispiel {example}.',
    check: 'Prüfen',
    emptyNumber: 'Geben Sie die Zertifikatsnummer ein.',
    notANumber:
      'Das ist keine Zertifikatsnummer: Sie besteht aus drei Buchstaben, der Jahreszahl und einer Nummer, etwa {example}.',
  },
};
