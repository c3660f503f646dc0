import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { passkeysText as english } from '../passkeys.text.js';

/** The passkey buttons and their script in German (the English source is ../passkeys.text.ts). */
export const passkeysText: Translation<typeof english> = {
  passkeys: {
    nameLabel: 'Name des Passkeys (optional)',
    nameHint: 'Etwa „Arbeitslaptop“, um Ihre Passkeys auseinanderzuhalten.',
    added: 'Passkey hinzugefügt.',
    script: {
      waiting: 'Warten auf Ihren Passkey …',
      done: 'Fertig.',
      cancelled: 'Die Passkey-Anfrage wurde abgebrochen oder ist abgelaufen; bitte versuchen Sie es erneut.',
      alreadyHere: 'Auf diesem Gerät ist bereits einer Ihrer Passkeys gespeichert.',
      failed: 'Der Passkey konnte nicht verwendet werden; bitte versuchen Sie es erneut.',
      requestFailed: 'Die Anfrage ist fehlgeschlagen; laden Sie die Seite neu und versuchen Sie es erneut.',
    },
  },
};
