import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { loginText as english } from '../login.text.js';

/** The operator’s log-in and set-up pages in Italian (the English source is ../login.text.ts). */
export const loginText: Translation<typeof english> = {
  login: {
    title: 'Accesso',
    submit: 'Accedi',
    switchTitle: 'Accedere come un’altra persona?',
    switchSubmit: 'Accedi invece come questo amministratore',
    switchNotice:
      'In questo browser è già stato effettuato l’accesso come {signedInAs}. Per accedere invece come un’altra persona, inserisca di nuovo la relativa password e confermi; l’accesso di {signedInAs} verrà quindi chiuso in questo browser.',
    stay: 'Resta connesso come {signedInAs}',
    throttled:
      '{minutes, plural, one {Troppi tentativi di accesso non riusciti. Riprovi tra # minuto.} other {Troppi tentativi di accesso non riusciti. Riprovi tra # minuti.}}',
  },
  setup: {
    title: 'Configurare il primo amministratore',
    intro: 'Questo link funziona una sola volta. Scelga l’indirizzo e-mail e la password con cui accederà.',
    password: 'Password',
    passwordAgain: 'Ripeta la password',
    submit: 'Crea amministratore',
    passwordsDiffer: 'Le due password non coincidono.',
  },
};
