import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { loginText as english } from '../login.text.js';

/** The console’s sign-in page in German (the English source is ../login.text.ts). */
export const loginText: Translation<typeof english> = {
  login: {
    title: 'Anmelden',
    titleSwitch: 'Als andere Person anmelden?',
    button: 'Anmelden',
    passkeyHeading: 'Oder mit einem Passkey',
    passkeyButton: 'Mit Passkey anmelden',
    passkeyFallback:
      'Die Anmeldung mit einem Passkey erfordert JavaScript und einen Browser, der Passkeys unterstützt; melden Sie sich sonst oben mit E-Mail-Adresse und Passwort an.',
  },
};
