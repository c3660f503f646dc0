import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { accountText as english } from '../account.text.js';

/** “Your account”: password, passkeys, language, sign out everywhere in Italian (the English source is ../account.text.ts). */
export const accountText: Translation<typeof english> = {
  account: {
    title: 'Il Suo account',
    signedInAs: 'Accesso effettuato come <strong>{email}</strong>.',
    passwordHeading: 'Cambiare la password',
    currentPassword: 'Password attuale',
    newPassword: 'Nuova password',
    passwordHint:
      'Almeno {min} caratteri, e non una delle password più usate. Le Sue altre sessioni verranno chiuse.',
    newPasswordAgain: 'Ripeta la nuova password',
    changePassword: 'Cambia la password',
    passwordChanged: 'Password cambiata; le Sue altre sessioni sono state chiuse.',
    passkeysHeading: 'Passkey',
    passkeysIntro:
      'Acceda con il blocco schermo del Suo dispositivo o con una chiave di sicurezza, invece che con una password.',
    noPasskeys: 'Non ha ancora nessuna passkey.',
    columns: {
      name: 'Nome',
      added: 'Aggiunta il',
      lastUsed: 'Ultimo utilizzo',
      actions: 'Azioni',
    },
    unnamedPasskey: 'Passkey',
    removePasskey: 'Rimuovi<hidden> la passkey {name}</hidden>',
    addPasskey: 'Aggiungi una passkey',
    addPasskeyFallback: 'Per aggiungere una passkey servono JavaScript e un browser che supporti le passkey.',
    passkeyRemoved: 'Passkey rimossa.',
    languageHeading: 'Lingua',
    languageIntro: 'La console Le si rivolge in questa lingua, su qualunque dispositivo Lei acceda.',
    languageLabel: 'Lingua della console',
    saveLanguage: 'Salva la lingua',
    everywhereHeading: 'Esci ovunque',
    everywhereIntro:
      'Chiude tutte le Sue sessioni, in tutti gli account e su tutti i dispositivi, compreso questo.',
    everywhereButton: 'Esci ovunque',
  },
};
