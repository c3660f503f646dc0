import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { landingText as english } from '../landing.text.js';

/** The home page in German (the English source is ../landing.text.ts). */
export const landingText: Translation<typeof english> = {
  landing: {
    title: 'Echtheitszertifikat prüfen',
    heading: 'Ist dieses Zertifikat echt?',
    intro:
      'Galerien, Uhrmacher und Händler registrieren hier die Kunstwerke, Uhren, Schmuckstücke und Sammlerstücke, die sie verkaufen, und stellen für jedes ein Echtheitszertifikat aus. Jeder kann ein solches Zertifikat prüfen, kostenlos und ohne Konto: Sammler vor dem Kauf, Erben, Versicherer. Sie sehen, ob es ausgestellt wurde, ob es noch gilt und ob der Eigentümer das Objekt als gestohlen oder verloren gemeldet hat.',
    moreTitle: 'Weitere Zugänge',
    photoSearch:
      '<link>Fotosuche</link>: Wird Ihnen ein Objekt ohne Papiere angeboten? Prüfen Sie, ob es einem als gestohlen oder verloren gemeldeten Objekt gleicht.',
    howToCheck: '<link>Zertifikat selbst prüfen</link>, ohne dieser Website vertrauen zu müssen.',
    console:
      '<link>In der Konsole anmelden</link>: für Galerien, Hersteller und Sammler, die ihre Stücke registrieren.',
    api: '<link>Die API-Dokumentation</link>: für Entwickler, die einen Onlineshop, einen Katalog oder ein Inventar anbinden.',
  },
};
