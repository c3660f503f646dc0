import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { accountText as english } from '../account.text.js';

/** “Your account”: password, passkeys, language, sign out everywhere in German (the English source is ../account.text.ts). */
export const accountText: Translation<typeof english> = {
  account: {
    title: 'Ihr Konto',
    signedInAs: 'Angemeldet als <strong>{email}</strong>.',
    passwordHeading: 'Passwort ändern',
    currentPassword: 'Aktuelles Passwort',
    newPassword: 'Neues Passwort',
    passwordHint:
      'Mindestens {min} Zeichen und keines der gängigsten Passwörter. Ihre anderen Sitzungen werden beendet.',
    newPasswordAgain: 'Neues Passwort wiederholen',
    changePassword: 'Passwort ändern',
    passwordChanged: 'Passwort geändert; Ihre anderen Sitzungen wurden beendet.',
    passkeysHeading: 'Passkeys',
    passkeysIntro:
      'Melden Sie sich mit der Bildschirmsperre Ihres Geräts oder einem Sicherheitsschlüssel an statt mit einem Passwort.',
    noPasskeys: 'Sie haben noch keinen Passkey.',
    columns: {
      name: 'Name',
      added: 'Hinzugefügt',
      lastUsed: 'Zuletzt verwendet',
      actions: 'Aktionen',
    },
    unnamedPasskey: 'Passkey',
    removePasskey: 'Entfernen<hidden>: Passkey {name}</hidden>',
    addPasskey: 'Passkey hinzufügen',
    addPasskeyFallback:
      'Zum Hinzufügen eines Passkeys sind JavaScript und ein Browser mit Passkey-Unterstützung erforderlich.',
    passkeyRemoved: 'Passkey entfernt.',
    languageHeading: 'Sprache',
    languageIntro:
      'Die Konsole spricht in dieser Sprache zu Ihnen, auf jedem Gerät, auf dem Sie sich anmelden.',
    languageLabel: 'Sprache der Konsole',
    saveLanguage: 'Sprache speichern',
    everywhereHeading: 'Überall abmelden',
    everywhereIntro: 'Beendet alle Ihre Sitzungen, in allen Konten und auf allen Geräten, auch auf diesem.',
    everywhereButton: 'Überall abmelden',
  },
};
