import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { keyFormText as english } from '../key-form.text.js';

/** The API key forms and lists /admin and /console share in Italian (the English source is ../key-form.text.ts). */
export const keyFormText: Translation<typeof english> = {
  keyForm: {
    name: 'Nome',
    nameHint: 'A cosa serve la chiave, ad es. «Sito web della galleria».',
    scopeLegend: 'Categorie coperte',
    scopeAll: 'Tutte le categorie',
    scopeChosen: 'Solo queste categorie:',
    expires: 'Scadenza (UTC, facoltativa)',
    expiresHint: 'Lasciare vuoto per una chiave senza scadenza.',
    secretWarning:
      '<strong>Copi questa chiave ora. Non verrà più mostrata.</strong> Viene conservata solo la sua impronta (hash); se la chiave va persa, la revochi e ne crei un’altra.',
    secretLabel: 'Chiave API',
    copy: 'Copia la chiave',
    columns: {
      prefix: 'Prefisso',
      name: 'Nome',
      scope: 'Categorie',
      status: 'Stato',
      created: 'Creata il',
      lastUsed: 'Ultimo utilizzo',
      expires: 'Scade il',
      actions: 'Azioni',
    },
    statuses: {
      active: 'attiva',
      revoked: 'revocata',
      expired: 'scaduta',
    },
    revoke: 'Revoca<hidden> la chiave {prefix}</hidden>',
    revokeQuestion: 'Revocare la chiave {key}?',
    revokeQuestionOf: 'Revocare la chiave {key} di <strong>{owner}</strong>?',
    revokeWarning:
      'Ogni richiesta fatta con questa chiave sarà rifiutata immediatamente. L’operazione è irreversibile.',
    revokeButton: 'Revoca la chiave',
    cancel: 'Annulla',
  },
};
