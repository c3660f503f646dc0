import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { registrationText as english } from '../registration.text.js';

/** Who registered and who certifies a certificate, in German (the English source is ../registration.text.ts). */
export const registrationText: Translation<typeof english> = {
  registration: {
    registeredBy: 'Registriert von {gallery}',
    logoAlt: 'Logo von {gallery}',
    certifiedBy: 'Zertifiziert von <link>{service}</link>',
    technicalDetails: 'Technische Details',
    issuerIdentifier: 'Kennung des Ausstellers (DID)',
    writeToGallery:
      'Wenn Sie es gesehen haben oder es Ihnen angeboten wird, schreiben Sie an {gallery}: <mail>{address}</mail>.',
    writeTo:
      'Wenn Sie es gesehen haben oder es Ihnen angeboten wird, schreiben Sie an <mail>{address}</mail>.',
  },
};
