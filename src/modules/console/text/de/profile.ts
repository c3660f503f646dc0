import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { profileText as english } from '../profile.text.js';

/** The gallery's profile page and who a printed certificate names, in German (the English source is ../profile.text.ts). */
export const profileText: Translation<typeof english> = {
  profile: {
    title: 'Galerieprofil',
    intro:
      'So erscheint Ihre Galerie auf dem, was Sie aushändigen: Die Zertifikatsseite, das gedruckte Zertifikat und die QR-Etiketten nennen „Registriert von“ mit Ihrem Namen und Ihrem Logo.',
    previewHeading: 'So sehen es Sammler',
    registeredBy: 'Registriert von {name}',
    logoAlt: 'Logo von {name}',
    formHeading: 'Profil ändern',
    displayName: 'Name auf den Zertifikaten',
    displayNameHint: 'Leer gelassen, wird der Name Ihres Kontos gezeigt: {accountName}.',
    city: 'Stadt',
    country: 'Land',
    website: 'Website',
    websiteHint: 'Eine Adresse, die mit https:// beginnt, zum Beispiel https://galerie-nord.example.',
    contactEmail: 'Kontakt-E-Mail',
    contactEmailHint:
      'Wird auf der Zertifikatsseite gezeigt, damit Sie benachrichtigt werden können, wenn jemand ein als gestohlen oder verloren gemeldetes Stück gesehen hat.',
    logo: 'Logo',
    logoHint:
      'Ein JPEG-, PNG- oder WebP-Bild bis {maxMegabytes} MB. Es wird auf höchstens 1024 Pixel verkleinert, und seine verborgenen Angaben (Kamera, Ort) werden entfernt.',
    removeLogo: 'Logo entfernen',
    noLogo: 'Noch kein Logo.',
    save: 'Profil speichern',
    saved: 'Galerieprofil gespeichert.',
    notSaved: 'Das Profil wurde nicht gespeichert: Was zu ändern ist, steht unten.',
    problems: {
      tooLong: 'Schreiben Sie höchstens {max} Zeichen.',
      unstorable: 'Dies enthält ein Zeichen, das nicht gespeichert werden kann; geben Sie es neu ein.',
      notHttps:
        'Geben Sie die vollständige Adresse ein, beginnend mit https://, zum Beispiel https://galerie-nord.example.',
      notEmail: 'Geben Sie eine E-Mail-Adresse ein, zum Beispiel contact@galerie-nord.example.',
      logoType: 'Das Logo muss ein JPEG-, PNG- oder WebP-Bild sein.',
      logoTooLarge: 'Das Logo ist größer als {maxMegabytes} MB; wählen Sie eine kleinere Datei.',
      logoUnreadable:
        'Das Logo konnte nicht als Bild gelesen werden oder hat zu viele Pixel; speichern Sie es neu als kleineres JPEG oder PNG.',
    },
  },
  registration: {
    registeredBy: 'Registriert von {gallery}',
    certifiedBy: 'Zertifiziert von {service}',
    technicalHeading: 'Technische Details',
    technicalDetails: 'Technische Details: Aussteller {issuer} · Signaturschlüssel {keyId}',
  },
};
