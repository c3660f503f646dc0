import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { peopleText as english } from '../people.text.js';

/** The people lists’ and invitation form’s words in German (the English source is ../people.text.ts). */
export const peopleText: Translation<typeof english> = {
  people: {
    columns: {
      email: 'E-Mail',
      name: 'Name',
      role: 'Rolle',
      status: 'Status',
      lastSignIn: 'Letzte Anmeldung',
      state: 'Stand',
      created: 'Erstellt',
      expires: 'Läuft ab',
      actions: 'Aktionen',
    },
    you: '{email} (Sie)',
    roles: {
      owner: 'Inhaber',
      editor: 'Bearbeiter',
      viewer: 'Betrachter',
    },
    statuses: {
      invited: 'eingeladen',
      active: 'aktiv',
      disabled: 'deaktiviert',
    },
    invitationStates: {
      pending: 'ausstehend',
      used: 'verwendet',
      expired: 'abgelaufen',
      revoked: 'widerrufen',
    },
    revoke: 'Widerrufen',
    revokeInvitationOf: 'Einladung von {email} widerrufen',
    linkCreated:
      'Einladung erstellt. Geben Sie diesen Link an die Person weiter: Er wird nur jetzt angezeigt, und wir versenden ihn nirgendwohin.',
    inviteHeading: 'Jemanden einladen',
    inviteEmail: 'E-Mail',
    inviteName: 'Name (optional)',
    inviteRole: 'Rolle',
    inviteButton: 'Einladungslink erstellen',
  },
};
