import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { photoSearchText as english } from '../photo-search.text.js';

/** The photo search without a key in Italian (the English source is ../photo-search.text.ts). */
export const photoSearchText: Translation<typeof english> = {
  photoSearch: {
    title: 'Ricerca per foto',
    photoLabel: 'Fotografia dell’oggetto',
    photoHint:
      'Un’immagine JPEG, PNG o WebP. Non viene conservata; una ricerca che trova un oggetto segnalato viene registrata con il Suo indirizzo, come ogni consultazione di un oggetto di questo tipo.',
    search: 'Cerca',
    sectionTitle: 'Le viene offerto un oggetto? Lo cerchi per foto',
    sectionIntro:
      'Carichi una fotografia dell’oggetto per sapere se somiglia a un oggetto che il proprietario ha segnalato come rubato o smarrito. La stessa immagine viene trovata anche ridimensionata, ricompressa o leggermente ritagliata; una fotografia diversa dello stesso oggetto no.',
    found:
      '{count, plural, =0 {Nessun oggetto segnalato somiglia a questa fotografia} one {# oggetto segnalato somiglia a questa fotografia} other {# oggetti segnalati somigliano a questa fotografia}}',
    noMatch:
      'Questo non prova che l’oggetto non sia rubato: vengono cercati solo gli oggetti che i proprietari hanno segnalato come rubati o smarriti, e una fotografia diversa dello stesso oggetto, o un ritaglio marcato, non viene trovata.',
    matches:
      'I proprietari li hanno segnalati come rubati o smarriti. Non acquisti, non venda l’oggetto e non conceda prestiti a garanzia su di esso; apra il suo certificato per sapere chi avvisare. Questa ricerca viene registrata.',
    privateMatch: 'La fotografia corrispondente è privata: non viene mostrata.',
    reported:
      '<strong>{kind, select, stolen {Segnalato come rubato} other {Segnalato come smarrito}}</strong> in data {since} o successivamente',
    likeness: 'Somiglianza',
    likenesses: { exact: 'La stessa immagine', likely: 'Molto simile', possible: 'Forse simile' },
    tooMany: 'Troppe ricerche',
    notSearched: 'Non è stato possibile eseguire la ricerca con questa fotografia',
    failed: 'La ricerca non è riuscita; riprovi tra poco.',
  },
};
