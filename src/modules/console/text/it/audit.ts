import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { auditText as english } from '../audit.text.js';

/** The audit log page in Italian (the English source is ../audit.text.ts). */
export const auditText: Translation<typeof english> = {
  audit: {
    title: 'Registro di audit',
    intro:
      'Chi ha modificato i membri, gli inviti e le chiavi dell’account, a partire dalle voci più recenti. Le chiavi API leggono lo stesso registro su {endpoint}.',
    empty: 'Ancora nessuna voce registrata.',
    caption: 'Voci del registro di audit, dalla più recente',
    columns: {
      when: 'Quando',
      who: 'Chi',
      action: 'Azione',
      target: 'Riguarda',
    },
    pagesLabel: 'Pagine del registro di audit',
    older: 'Voci precedenti',
    newest: 'Voci più recenti',
    actors: {
      member: 'un membro',
      key: 'la chiave {prefix}',
      anyKey: 'una chiave',
      operator: 'l’operatore',
    },
    actions: {
      member_invited: 'Membro invitato',
      member_joined: 'Invito accettato',
      member_role_changed: 'Ruolo cambiato',
      member_disabled: 'Membro disattivato',
      member_enabled: 'Membro riattivato',
      invitation_revoked: 'Invito revocato',
      api_key_created: 'Chiave API creata',
      api_key_revoked: 'Chiave API revocata',
      password_changed: 'Password cambiata',
      passkey_added: 'Passkey aggiunta',
      passkey_removed: 'Passkey rimossa',
      profile_updated: 'Profilo della galleria aggiornato',
    },
    targets: {
      member: 'membro {name}',
      invitation: 'invito {id}',
      passkey: 'passkey {id}',
      person: 'persona {id}',
      role: 'ruolo: {role}',
      from: 'prima: {role}',
      to: 'dopo: {role}',
      name: 'nome: «{name}»',
      changed: 'modificati: {fields}',
      profileFields: {
        display_name: 'nome',
        city: 'città',
        country: 'paese',
        website: 'sito web',
        contact_email: 'e-mail di contatto',
        logo: 'logo',
      },
    },
  },
};
