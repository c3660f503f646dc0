import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { accountsText as english } from '../accounts.text.js';

/** The operator’s accounts pages in German (the English source is ../accounts.text.ts). */
export const accountsText: Translation<typeof english> = {
  accounts: {
    title: 'Konten',
    none: 'Noch keine Konten.',
    caption: 'Konten',
    columns: {
      name: 'Name',
      id: 'ID',
      keys: 'Schlüssel',
      assets: 'Objekte',
      created: 'Erstellt',
    },
    create: 'Ein Konto erstellen',
    name: 'Name',
    submit: 'Konto erstellen',
    created: 'Konto {name} erstellt.',
  },
  accountPeople: {
    allAccounts: 'Alle Konten',
    apiKeys: 'API-Schlüssel',
    members: 'Mitglieder',
    noMembers: 'Noch keine Mitglieder: Laden Sie unten den ersten Inhaber ein.',
    disable: 'Deaktivieren',
    disableMember: '{email} deaktivieren',
    invitations: 'Einladungen',
    noInvitations: 'Keine Einladungen.',
    memberDisabled: 'Mitglied deaktiviert.',
    invitationRevoked: 'Einladung widerrufen.',
  },
};
