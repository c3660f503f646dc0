import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { auditText as english } from '../audit.text.js';

/** The audit log page in German (the English source is ../audit.text.ts). */
export const auditText: Translation<typeof english> = {
  audit: {
    title: 'Audit-Protokoll',
    intro:
      'Wer die Mitglieder, Einladungen und Schlüssel des Kontos geändert hat, neueste Einträge zuerst. API-Schlüssel lesen dasselbe Protokoll unter {endpoint}.',
    empty: 'Noch nichts aufgezeichnet.',
    caption: 'Einträge des Audit-Protokolls, neueste zuerst',
    columns: {
      when: 'Wann',
      who: 'Wer',
      action: 'Aktion',
      target: 'Betrifft',
    },
    pagesLabel: 'Seiten des Audit-Protokolls',
    older: 'Ältere Einträge',
    newest: 'Neueste Einträge',
    actors: {
      member: 'ein Mitglied',
      key: 'Schlüssel {prefix}',
      anyKey: 'ein Schlüssel',
      operator: 'der Betreiber',
    },
    actions: {
      member_invited: 'Mitglied eingeladen',
      member_joined: 'Mitglied beigetreten',
      member_role_changed: 'Rolle geändert',
      member_disabled: 'Mitglied deaktiviert',
      member_enabled: 'Mitglied aktiviert',
      invitation_revoked: 'Einladung widerrufen',
      api_key_created: 'API-Schlüssel erstellt',
      api_key_revoked: 'API-Schlüssel widerrufen',
      password_changed: 'Passwort geändert',
      passkey_added: 'Passkey hinzugefügt',
      passkey_removed: 'Passkey entfernt',
      profile_updated: 'Galerieprofil aktualisiert',
    },
    targets: {
      member: 'Mitglied {name}',
      invitation: 'Einladung {id}',
      passkey: 'Passkey {id}',
      person: 'Person {id}',
      role: 'Rolle: {role}',
      from: 'vorher: {role}',
      to: 'nachher: {role}',
      name: 'Name: „{name}“',
      changed: 'geändert: {fields}',
      profileFields: {
        display_name: 'Name',
        city: 'Ort',
        country: 'Land',
        website: 'Website',
        contact_email: 'Kontakt-E-Mail',
        logo: 'Logo',
      },
    },
  },
};
