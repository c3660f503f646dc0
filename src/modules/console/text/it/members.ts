import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { membersText as english } from '../members.text.js';

/** The members page in Italian (the English source is ../members.text.ts). */
export const membersText: Translation<typeof english> = {
  members: {
    title: 'Membri',
    membersHeading: 'Membri',
    invitationsHeading: 'Inviti in attesa',
    noPendingInvitations: 'Nessun invito in attesa.',
    invitationPending: 'Invito in attesa',
    enable: 'Riattiva',
    disable: 'Disattiva',
    enableOf: 'Riattiva {email}',
    disableOf: 'Disattiva {email}',
    roleOf: 'Ruolo di {email}',
    changeRole: 'Cambia ruolo<hidden> di {email}</hidden>',
    roleChanged: 'Ruolo cambiato.',
    disabled: 'Accesso di {email} disattivato.',
    disabledAndRevoked:
      '{count, plural, one {Accesso di {email} disattivato; # chiave revocata.} other {Accesso di {email} disattivato; # chiavi revocate.}}',
    enabled: 'Membro riattivato.',
    invitationRevoked: 'Invito revocato.',
    disableTitle: 'Disattiva {email}',
    disableIntro:
      '<strong>{email}</strong> ha creato {count, plural, one {# chiave API attiva} other {# chiavi API attive}}. La disattivazione del membro non le revoca: scelga le chiavi da revocare insieme, oppure le mantenga tutte.',
    keysLegend: 'Chiavi create da {email}',
    revokeKey: 'Revoca {key}, {scope}, ultimo utilizzo: {lastUsed}',
    disableTicked: 'Disattiva e revoca le chiavi selezionate',
    disableRevokeAll: 'Disattiva e revoca tutte le chiavi',
    disableKeepAll: 'Disattiva e mantieni tutte le chiavi',
    cancel: 'Annulla',
  },
};
