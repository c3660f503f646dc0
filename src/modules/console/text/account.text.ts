import { msg, rich } from '../../../i18n/message.js';

/** The words of "Your account": password, passkeys, language, sign out everywhere. */
export const accountText = {
  account: {
    title: 'Your account',
    signedInAs: rich('Signed in as <strong>{email}</strong>.', 'strong', 'email'),
    passwordHeading: 'Change your password',
    currentPassword: 'Current password',
    newPassword: 'New password',
    passwordHint: msg(
      'At least {min} characters, and not one of the most used passwords. Your other sessions end.',
      'min',
    ),
    newPasswordAgain: 'New password again',
    changePassword: 'Change password',
    passwordChanged: 'Password changed; your other sessions have ended.',
    passkeysHeading: 'Passkeys',
    passkeysIntro: "Sign in with your device's screen lock or a security key instead of a password.",
    noPasskeys: 'You have no passkey yet.',
    columns: { name: 'Name', added: 'Added', lastUsed: 'Last used', actions: 'Actions' },
    unnamedPasskey: 'Passkey',
    removePasskey: rich('Remove<hidden> passkey {name}</hidden>', 'hidden', 'name'),
    addPasskey: 'Add a passkey',
    addPasskeyFallback: 'Adding a passkey needs JavaScript and a browser that supports passkeys.',
    passkeyRemoved: 'Passkey removed.',
    languageHeading: 'Language',
    languageIntro: 'The console speaks to you in this language, on whichever device you sign in.',
    languageLabel: 'Language of the console',
    saveLanguage: 'Save language',
    everywhereHeading: 'Sign out everywhere',
    everywhereIntro: 'Ends every session of yours, in every account and on every device, this one included.',
    everywhereButton: 'Sign out everywhere',
  },
} as const;
