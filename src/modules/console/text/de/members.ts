import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { membersText as english } from '../members.text.js';

/** The members page in German (the English source is ../members.text.ts). */
export const membersText: Translation<typeof english> = {
  members: {
    title: 'Mitglieder',
    membersHeading: 'Mitglieder',
    invitationsHeading: 'Ausstehende Einladungen',
    noPendingInvitations: 'Keine ausstehenden Einladungen.',
    invitationPending: 'Einladung ausstehend',
    enable: 'Aktivieren',
    disable: 'Deaktivieren',
    enableOf: '{email} aktivieren',
    disableOf: '{email} deaktivieren',
    roleOf: 'Rolle von {email}',
    changeRole: 'Rolle ändern<hidden>: {email}</hidden>',
    roleChanged: 'Rolle geändert.',
    disabled: '{email} deaktiviert.',
    disabledAndRevoked:
      '{count, plural, one {{email} deaktiviert; # Schlüssel widerrufen.} other {{email} deaktiviert; # Schlüssel widerrufen.}}',
    enabled: 'Mitglied aktiviert.',
    invitationRevoked: 'Einladung widerrufen.',
    disableTitle: '{email} deaktivieren',
    disableIntro:
      '<strong>{email}</strong> hat {count, plural, one {# aktiven API-Schlüssel} other {# aktive API-Schlüssel}} erstellt. Das Deaktivieren des Mitglieds widerruft sie nicht: Wählen Sie die Schlüssel, die zugleich widerrufen werden sollen, oder behalten Sie alle.',
    keysLegend: 'Von {email} erstellte Schlüssel',
    revokeKey: '{key} widerrufen, {scope}, zuletzt verwendet: {lastUsed}',
    disableTicked: 'Deaktivieren und markierte Schlüssel widerrufen',
    disableRevokeAll: 'Deaktivieren und alle Schlüssel widerrufen',
    disableKeepAll: 'Deaktivieren und alle Schlüssel behalten',
    cancel: 'Abbrechen',
  },
};
