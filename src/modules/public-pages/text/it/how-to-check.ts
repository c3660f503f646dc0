import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { howToCheckText as english } from '../how-to-check.text.js';

/** "How to check a certificate yourself" in Italian (the English source is ../how-to-check.text.ts). */
export const howToCheckText: Translation<typeof english> = {
  howToCheck: {
    title: 'Verificare un certificato in autonomia',
    intro:
      'Non è necessario fidarsi di questa pagina. Ogni certificato emesso è anche una credenziale verificabile W3C (Verifiable Credential) firmata dall’emittente, che chiunque può verificare con strumenti standard, senza account.',
    fetch:
      '<strong>Scarichi la credenziale.</strong> Nella pagina del certificato, segua il link «{link}» e salvi il file, oppure la scarichi tramite il suo numero:',
    verify:
      '<strong>Verifichi la firma e lo stato</strong> con qualsiasi verificatore di prove Data Integrity che supporti la suite crittografica {cryptosuite}, oppure con lo strumento a riga di comando di questo servizio:',
    issuerKeys:
      'L’emittente è {did}; le sue chiavi sono pubblicate nel suo documento DID all’indirizzo {document}.',
    answers:
      '<strong>Legga la risposta.</strong> {valid}: firmato dall’emittente, né sospeso né revocato. {suspended} o {revoked}: lo indica la lista di stato dell’emittente. {invalid}: il documento è stato modificato o non è stato firmato dall’emittente. {unchecked}: non è stato possibile scaricare le chiavi o le liste di stato dell’emittente, quindi non è stato dimostrato nulla, né in un senso né nell’altro.',
  },
};
