import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { peopleText as english } from '../people.text.js';

/** The people lists’ and invitation form’s words in Italian (the English source is ../people.text.ts). */
export const peopleText: Translation<typeof english> = {
  people: {
    columns: {
      email: 'E-mail',
      name: 'Nome',
      role: 'Ruolo',
      status: 'Stato',
      lastSignIn: 'Ultimo accesso',
      state: 'Stato',
      created: 'Creato il',
      expires: 'Scade il',
      actions: 'Azioni',
    },
    you: '{email} (Lei)',
    roles: {
      owner: 'titolare',
      editor: 'editor',
      viewer: 'lettore',
    },
    statuses: {
      invited: 'invitato',
      active: 'attivo',
      disabled: 'disattivato',
    },
    invitationStates: {
      pending: 'in attesa',
      used: 'utilizzato',
      expired: 'scaduto',
      revoked: 'revocato',
    },
    revoke: 'Revoca',
    revokeInvitationOf: 'Revoca l’invito di {email}',
    linkCreated:
      'Invito creato. Inoltri questo link alla persona interessata: viene mostrato solo ora e non lo inviamo a nessuno.',
    inviteHeading: 'Invitare una persona',
    inviteEmail: 'E-mail',
    inviteName: 'Nome (facoltativo)',
    inviteRole: 'Ruolo',
    inviteButton: 'Crea il link di invito',
  },
};
