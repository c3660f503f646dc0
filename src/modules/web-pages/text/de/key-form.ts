import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { keyFormText as english } from '../key-form.text.js';

/** The API key forms and lists /admin and /console share in German (the English source is ../key-form.text.ts). */
export const keyFormText: Translation<typeof english> = {
  keyForm: {
    name: 'Name',
    nameHint: 'Wofür der Schlüssel dient, z. B. „Website der Galerie“.',
    scopeLegend: 'Gültig für Kategorien',
    scopeAll: 'Alle Kategorien',
    scopeChosen: 'Nur diese Kategorien:',
    expires: 'Ablauf (UTC, optional)',
    expiresHint: 'Leer lassen für einen Schlüssel, der nicht abläuft.',
    secretWarning:
      '<strong>Kopieren Sie diesen Schlüssel jetzt. Er wird nicht noch einmal angezeigt.</strong> Gespeichert wird nur sein Hash; geht er verloren, widerrufen Sie ihn und erstellen Sie einen neuen.',
    secretLabel: 'API-Schlüssel',
    copy: 'Schlüssel kopieren',
    columns: {
      prefix: 'Präfix',
      name: 'Name',
      scope: 'Kategorien',
      status: 'Status',
      created: 'Erstellt',
      lastUsed: 'Zuletzt verwendet',
      expires: 'Läuft ab',
      actions: 'Aktionen',
    },
    statuses: {
      active: 'aktiv',
      revoked: 'widerrufen',
      expired: 'abgelaufen',
    },
    revoke: 'Widerrufen<hidden>: Schlüssel {prefix}</hidden>',
    revokeQuestion: 'Den Schlüssel {key} widerrufen?',
    revokeQuestionOf: 'Den Schlüssel {key} von <strong>{owner}</strong> widerrufen?',
    revokeWarning:
      'Jede Anfrage mit diesem Schlüssel wird sofort abgelehnt. Dies kann nicht rückgängig gemacht werden.',
    revokeButton: 'Schlüssel widerrufen',
    cancel: 'Abbrechen',
  },
};
