import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { pageText as english } from '../page.text.js';

/** The words around every public page in Italian (the English source is ../page.text.ts). */
export const pageText: Translation<typeof english> = {
  page: {
    brandTagline: 'verifica dei certificati',
    checkACertificate: 'Verificare un certificato',
    howToCheck: 'Verificare un certificato in autonomia',
    language: 'Lingua',
    notFound: {
      title: 'Pagina non trovata',
      wrongMethodTitle: 'Questa pagina non può essere aperta in questo modo',
      noPage:
        'A questo indirizzo non c’è alcuna pagina. Il link potrebbe essere errato, oppure l’indirizzo è stato digitato male.',
      wrongMethod: 'Questo indirizzo è destinato ai programmi e non si apre in un browser.',
      typeTheNumber: 'Per verificare un certificato, ne digiti qui il numero.',
      home: 'Vai alla pagina iniziale',
    },
    error: {
      tooManyRequests: 'Troppe richieste',
      tryAgainShortly: 'Riprovi tra poco',
      error: 'Errore',
      addressUnreadable: 'Non è stato possibile leggere l’indirizzo.',
      busy: 'Il servizio è occupato o in fase di riavvio; riprovi tra poco.',
      failed: 'Si è verificato un errore; riprovi più tardi.',
    },
  },
};
