import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { profileText as english } from '../profile.text.js';

/** The gallery's profile page and who a printed certificate names, in Italian (the English source is ../profile.text.ts). */
export const profileText: Translation<typeof english> = {
  profile: {
    title: 'Profilo della galleria',
    intro:
      'Come appare la Sua galleria su ciò che consegna: la pagina del certificato, il certificato stampato e le etichette QR riportano «Registrato da» con il Suo nome e il Suo logo.',
    previewHeading: 'Come lo vedono i collezionisti',
    registeredBy: 'Registrato da {name}',
    logoAlt: 'Logo di {name}',
    formHeading: 'Modifica il profilo',
    displayName: 'Nome mostrato sui certificati',
    displayNameHint: 'Se lasciato vuoto, viene mostrato il nome del Suo account: {accountName}.',
    city: 'Città',
    country: 'Paese',
    website: 'Sito web',
    websiteHint: 'Un indirizzo che inizia con https://, per esempio https://galerie-nord.example.',
    contactEmail: 'E-mail di contatto',
    contactEmailHint:
      'Mostrata sulla pagina del certificato, perché chi ha visto un pezzo segnalato come rubato o smarrito possa avvisarLa.',
    logo: 'Logo',
    logoHint:
      'Un’immagine JPEG, PNG o WebP fino a {maxMegabytes} MB. Viene ridotta a 1024 pixel al massimo e le sue informazioni nascoste (fotocamera, luogo) vengono rimosse.',
    removeLogo: 'Rimuovi il logo',
    noLogo: 'Nessun logo per ora.',
    save: 'Salva il profilo',
    saved: 'Profilo della galleria salvato.',
    notSaved: 'Il profilo non è stato salvato: veda qui sotto che cosa correggere.',
    problems: {
      tooLong: 'Scriva al massimo {max} caratteri.',
      unstorable: 'Il testo contiene un carattere che non può essere conservato; lo digiti di nuovo.',
      notHttps:
        'Inserisca l’indirizzo completo, che inizia con https://, per esempio https://galerie-nord.example.',
      notEmail: 'Inserisca un indirizzo e-mail, per esempio contact@galerie-nord.example.',
      logoType: 'Il logo deve essere un’immagine JPEG, PNG o WebP.',
      logoTooLarge: 'Il logo supera {maxMegabytes} MB; scelga un file più piccolo.',
      logoUnreadable:
        'Il logo non è stato letto come immagine, oppure ha troppi pixel; lo salvi di nuovo come JPEG o PNG più piccolo.',
    },
  },
  registration: {
    registeredBy: 'Registrato da {gallery}',
    certifiedBy: 'Certificato da {service}',
    technicalHeading: 'Dettagli tecnici',
    technicalDetails: 'Dettagli tecnici: emittente {issuer} · chiave di firma {keyId}',
  },
};
