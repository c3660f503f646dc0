import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { invitationText as english } from '../invitation.text.js';

/** The invitation page in Italian (the English source is ../invitation.text.ts). */
export const invitationText: Translation<typeof english> = {
  invitation: {
    title: 'Unirsi a {account}',
    invited: 'Ha ricevuto un invito a unirsi a <strong>{account}</strong> come <strong>{role}</strong>.',
    email: 'E-mail',
    accept: 'Accetta l’invito',
    withPassword: 'Con una password',
    choosePassword: 'Scelga una password',
    passwordHint: 'Almeno {min} caratteri, e non una delle password più usate.',
    passwordAgain: 'Ripeta la stessa password',
    orPasskey: 'Oppure con una passkey, invece di una password',
    acceptNewPasskey: 'Accetta con una nuova passkey',
    newPasskeyFallback:
      'Per registrare una passkey servono JavaScript e un browser che supporti le passkey; in alternativa scelga una password qui sopra.',
    havePassword:
      'Ha già una password presso di noi (è membro di un altro account): la inserisca per accettare.',
    yourPassword: 'La Sua password',
    withYourPasskey: 'Con la Sua passkey',
    havePasskey: 'Lei accede con una passkey (è membro di un altro account): la usi per accettare.',
    acceptYourPasskey: 'Accetta con la Sua passkey',
    yourPasskeyFallback: 'Per usare la Sua passkey servono JavaScript e un browser che supporti le passkey.',
    incorrectPassword: 'Password errata.',
  },
};
