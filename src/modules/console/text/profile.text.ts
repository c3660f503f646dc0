import { msg } from '../../../i18n/message.js';

/** The words of the gallery's profile page, and of who a printed certificate names (English, the source). */
export const profileText = {
  profile: {
    title: 'Gallery profile',
    intro:
      'How your gallery appears on what you hand out: the certificate page, the printed certificate and the QR labels say “Registered by” your name, with your logo.',
    previewHeading: 'As collectors see it',
    registeredBy: msg('Registered by {name}', 'name'),
    logoAlt: msg('Logo of {name}', 'name'),
    formHeading: 'Change the profile',
    displayName: 'Name shown on certificates',
    displayNameHint: msg('Left empty, your account’s name is shown: {accountName}.', 'accountName'),
    city: 'City',
    country: 'Country',
    website: 'Website',
    websiteHint: 'An address that starts with https://, for example https://galerie-nord.example.',
    contactEmail: 'Contact e-mail',
    contactEmailHint:
      'Shown on the certificate page, so that someone who has seen a piece reported stolen or lost can tell you.',
    logo: 'Logo',
    logoHint: msg(
      'A JPEG, PNG or WebP image up to {maxMegabytes} MB. It is scaled down to at most 1024 pixels, and its hidden details (camera, place) are removed.',
      'maxMegabytes',
    ),
    removeLogo: 'Remove the logo',
    showInventoryNumber: 'Show our inventory numbers on certificate pages',
    showInventoryNumberHint: 'Off, only your gallery sees them: in the console and in your exports.',
    findableByPhoto: 'Let anyone find our issued certificates from a photograph',
    findableByPhotoHint:
      'A buyer who photographs one of your works can then find its certificate with the photo search on the public look-up page. Only the public images of issued certificates are searched this way; your private images are never shown. Off, a photograph finds only works reported stolen or lost.',
    noLogo: 'No logo yet.',
    save: 'Save the profile',
    saved: 'Gallery profile saved.',
    notSaved: 'The profile was not saved: see what to change below.',
    problems: {
      tooLong: msg('Write at most {max} characters.', 'max'),
      unstorable: 'This contains a character that cannot be kept; type it again.',
      notHttps: 'Enter the full address, starting with https://, for example https://galerie-nord.example.',
      notEmail: 'Enter an e-mail address, for example contact@galerie-nord.example.',
      logoType: 'The logo must be a JPEG, PNG or WebP image.',
      logoTooLarge: msg('The logo is larger than {maxMegabytes} MB; choose a smaller file.', 'maxMegabytes'),
      logoUnreadable:
        'The logo could not be read as an image, or it is too large in pixels; save it again as a smaller JPEG or PNG.',
    },
  },
  /** Who a certificate names, on the printed certificate and the label sheet. */
  registration: {
    registeredBy: msg('Registered by {gallery}', 'gallery'),
    certifiedBy: msg('Certified by {service}', 'service'),
    technicalHeading: 'Technical details',
    technicalDetails: msg('Technical details: issuer {issuer} · signing key {keyId}', 'issuer', 'keyId'),
  },
} as const;
