import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { passkeysText as english } from '../passkeys.text.js';

/** The passkey buttons and their script in Italian (the English source is ../passkeys.text.ts). */
export const passkeysText: Translation<typeof english> = {
  passkeys: {
    nameLabel: 'Nome della passkey (facoltativo)',
    nameHint: 'Ad esempio «portatile dell’ufficio», per distinguere le Sue passkey.',
    added: 'Passkey aggiunta.',
    script: {
      waiting: 'In attesa della Sua passkey…',
      done: 'Fatto.',
      cancelled: 'La richiesta della passkey è stata annullata o è scaduta; riprovi.',
      alreadyHere: 'Questo dispositivo contiene già una delle Sue passkey.',
      failed: 'Non è stato possibile usare la passkey; riprovi.',
      requestFailed: 'La richiesta non è riuscita; ricarichi la pagina e riprovi.',
    },
  },
};
