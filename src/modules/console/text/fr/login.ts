import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { loginText as english } from '../login.text.js';

/** The console’s sign-in page in French (the English source is ../login.text.ts). */
export const loginText: Translation<typeof english> = {
  login: {
    title: 'Connexion',
    titleSwitch: 'Se connecter en tant qu’une autre personne ?',
    button: 'Se connecter',
    passkeyHeading: 'Ou avec une clé d’accès',
    passkeyButton: 'Se connecter avec une clé d’accès',
    passkeyFallback:
      'La connexion par clé d’accès nécessite JavaScript et un navigateur compatible ; utilisez plutôt votre adresse e-mail et votre mot de passe ci-dessus.',
  },
};
