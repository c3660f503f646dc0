import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { howToCheckText as english } from '../how-to-check.text.js';

/** "How to check a certificate yourself" in German (the English source is ../how-to-check.text.ts). */
export const howToCheckText: Translation<typeof english> = {
  howToCheck: {
    title: 'Zertifikat selbst prüfen',
    intro:
      'Sie müssen dieser Seite nicht vertrauen. Jedes ausgestellte Zertifikat ist zugleich ein vom Aussteller signierter W3C-Nachweis (Verifiable Credential), den jeder mit Standardwerkzeugen prüfen kann, ohne Konto.',
    fetch:
      '<strong>Nachweis abrufen.</strong> Folgen Sie auf der Seite des Zertifikats dem Link „{link}“ und speichern Sie die Datei, oder rufen Sie den Nachweis über seine Nummer ab:',
    verify:
      '<strong>Signatur und Status prüfen</strong> – mit jedem Prüfwerkzeug für Data-Integrity-Nachweise, das die Cryptosuite {cryptosuite} unterstützt, oder mit dem Kommandozeilenwerkzeug dieses Dienstes:',
    issuerKeys:
      'Der Aussteller ist {did}; seine Schlüssel sind in seinem DID-Dokument unter {document} veröffentlicht.',
    answers:
      '<strong>Antwort lesen.</strong> {valid}: vom Aussteller signiert und weder ausgesetzt noch widerrufen. {suspended} oder {revoked}: So steht es in der Statusliste des Ausstellers. {invalid}: Das Dokument wurde verändert oder nicht vom Aussteller signiert. {unchecked}: Die Schlüssel oder Statuslisten des Ausstellers konnten nicht abgerufen werden; es wurde also weder das eine noch das andere bewiesen.',
  },
};
