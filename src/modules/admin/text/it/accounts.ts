import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { accountsText as english } from '../accounts.text.js';

/** The operator’s accounts pages in Italian (the English source is ../accounts.text.ts). */
export const accountsText: Translation<typeof english> = {
  accounts: {
    title: 'Account',
    none: 'Ancora nessun account.',
    caption: 'Account',
    columns: {
      name: 'Nome',
      id: 'ID',
      keys: 'Chiavi',
      assets: 'Oggetti',
      created: 'Creato il',
    },
    create: 'Crea un account',
    name: 'Nome',
    submit: 'Crea account',
    created: 'Account {name} creato.',
  },
  accountPeople: {
    allAccounts: 'Tutti gli account',
    apiKeys: 'Chiavi API',
    members: 'Membri',
    noMembers: 'Ancora nessun membro: inviti qui sotto il primo titolare.',
    disable: 'Disattiva',
    disableMember: 'Disattiva {email}',
    invitations: 'Inviti',
    noInvitations: 'Nessun invito.',
    memberDisabled: 'Membro disattivato.',
    invitationRevoked: 'Invito revocato.',
  },
};
