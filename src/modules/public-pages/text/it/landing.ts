import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { landingText as english } from '../landing.text.js';

/** The home page in Italian (the English source is ../landing.text.ts). */
export const landingText: Translation<typeof english> = {
  landing: {
    title: 'Verificare un certificato di autenticità',
    heading: 'Questo certificato è autentico?',
    intro:
      'Gallerie, orologiai e mercanti registrano qui le opere d’arte, gli orologi, i gioielli e gli oggetti da collezione che vendono, e rilasciano per ciascuno un certificato di autenticità. Chiunque può verificare un certificato di questo tipo, gratuitamente e senza account: il collezionista prima dell’acquisto, l’erede, l’assicuratore. Si vede se è stato emesso, se è ancora valido e se il proprietario ha segnalato l’oggetto come rubato o smarrito.',
    moreTitle: 'Altri accessi',
    photoSearch:
      '<link>Ricerca per foto</link>: Le viene offerto un oggetto senza documenti? Verifichi se somiglia a un oggetto segnalato come rubato o smarrito.',
    howToCheck: '<link>Verificare un certificato in autonomia</link>, senza doversi fidare di questo sito.',
    console:
      '<link>Accedere alla console</link>: per gallerie, produttori e collezionisti che registrano i propri pezzi.',
    api: '<link>La documentazione dell’API</link>: per gli sviluppatori che vi collegano un negozio online, un catalogo o un inventario.',
  },
};
