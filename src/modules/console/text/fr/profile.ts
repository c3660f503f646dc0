import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { profileText as english } from '../profile.text.js';

/** The gallery's profile page and who a printed certificate names, in French (the English source is ../profile.text.ts). */
export const profileText: Translation<typeof english> = {
  profile: {
    title: 'Profil de la galerie',
    intro:
      'Comment votre galerie apparaît sur ce que vous remettez : la page du certificat, le certificat imprimé et les étiquettes QR indiquent « Enregistré par » suivi de votre nom, avec votre logo.',
    previewHeading: 'Ce que voient les collectionneurs',
    registeredBy: 'Enregistré par {name}',
    logoAlt: 'Logo de {name}',
    formHeading: 'Modifier le profil',
    displayName: 'Nom affiché sur les certificats',
    displayNameHint: 'Laissé vide, c’est le nom de votre compte qui s’affiche : {accountName}.',
    city: 'Ville',
    country: 'Pays',
    website: 'Site web',
    websiteHint: 'Une adresse commençant par https://, par exemple https://galerie-nord.example.',
    contactEmail: 'E-mail de contact',
    contactEmailHint:
      'Affiché sur la page du certificat, pour que quelqu’un qui a vu une pièce déclarée volée ou perdue puisse vous prévenir.',
    logo: 'Logo',
    logoHint:
      'Une image JPEG, PNG ou WebP de {maxMegabytes} Mo au plus. Elle est réduite à 1024 pixels au plus, et ses informations cachées (appareil, lieu) sont supprimées.',
    removeLogo: 'Supprimer le logo',
    noLogo: 'Pas encore de logo.',
    save: 'Enregistrer le profil',
    saved: 'Profil de la galerie enregistré.',
    notSaved: 'Le profil n’a pas été enregistré : voyez ci-dessous ce qu’il faut corriger.',
    problems: {
      tooLong: 'Écrivez {max} caractères au plus.',
      unstorable: 'Ce texte contient un caractère qui ne peut pas être conservé ; saisissez-le à nouveau.',
      notHttps:
        'Saisissez l’adresse complète, commençant par https://, par exemple https://galerie-nord.example.',
      notEmail: 'Saisissez une adresse e-mail, par exemple contact@galerie-nord.example.',
      logoType: 'Le logo doit être une image JPEG, PNG ou WebP.',
      logoTooLarge: 'Le logo dépasse {maxMegabytes} Mo ; choisissez un fichier plus petit.',
      logoUnreadable:
        'Le logo n’a pas pu être lu comme une image, ou il compte trop de pixels ; enregistrez-le à nouveau en JPEG ou PNG plus petit.',
    },
  },
  registration: {
    registeredBy: 'Enregistré par {gallery}',
    certifiedBy: 'Certifié par {service}',
    technicalHeading: 'Détails techniques',
    technicalDetails: 'Détails techniques : émetteur {issuer} · clé de signature {keyId}',
  },
};
