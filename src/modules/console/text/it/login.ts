import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { loginText as english } from '../login.text.js';

/** The console’s sign-in page in Italian (the English source is ../login.text.ts). */
export const loginText: Translation<typeof english> = {
  login: {
    title: 'Accesso',
    titleSwitch: 'Accedere come un’altra persona?',
    button: 'Accedi',
    passkeyHeading: 'Oppure con una passkey',
    passkeyButton: 'Accedi con una passkey',
    passkeyFallback:
      'L’accesso con una passkey richiede JavaScript e un browser che supporti le passkey; in alternativa usi l’indirizzo e-mail e la password qui sopra.',
  },
};
