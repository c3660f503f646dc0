import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { tapText as english } from '../tap.text.js';

/** A tag's tap in Italian (the English source is ../tap.text.ts). A tap is a "lettura" of the tag. */
export const tapText: Translation<typeof english> = {
  tap: {
    nfcTag: 'Tag NFC',
    verdicts: {
      genuine: 'Tag autentico',
      copied: 'Link copiato',
      forged: 'Tag contraffatto',
      unknown_tag: 'Tag sconosciuto',
      unbound: 'Tag dissociato',
      tampered: 'Tag manomesso',
    },
    meanings: {
      genuine:
        'Letto ora{counter, select, none {} other { (lettura n. {counter})}}: è il tag associato al certificato qui sotto, e il link che ha generato è nuovo.',
      copied:
        'Questo link{counter, select, none {} other { (lettura n. {counter})}} è già stato aperto. Un tag autentico genera un nuovo link a ogni lettura: questo è stato quindi copiato da una lettura precedente e non prova nulla sull’oggetto che ha davanti. Se ha solo ricaricato la pagina, avvicini di nuovo il telefono al tag.',
      forged:
        'Il link afferma di provenire dal tag del certificato qui sotto, ma la sua firma non corrisponde alla chiave di quel tag: non è stato generato da quel tag. Non faccia affidamento sull’oggetto da cui proviene.',
      unknown_tag:
        'Questo link non è stato generato da alcun tag noto a questo registro. Non prova nulla sull’oggetto.',
      unbound:
        'Questo tag{counter, select, none {} other { (lettura n. {counter})}} è autentico, ma non è più associato al certificato qui sotto: è stato dissociato. Non identifica più l’oggetto.',
      tampered:
        'Il tag{counter, select, none {} other { (lettura n. {counter})}} segnala che il suo circuito antimanomissione è stato aperto: il sigillo dell’oggetto è stato rotto. Faccia controllare l’oggetto prima di farvi affidamento.',
    },
    reportedCaveat:
      'Ma l’oggetto è segnalato come {kind, select, stolen {rubato} other {smarrito}}: legga l’avviso qui sotto.',
    statusCaveat:
      'Ma il certificato {status, select, not_issued {non è stato emesso} suspended {è sospeso} other {è revocato}}: non vi faccia affidamento.',
    unknownTitle: 'Verifica del certificato',
    unknownIntro: 'Per verificare un certificato, ne digiti il numero nella <link>pagina di verifica</link>.',
  },
};
