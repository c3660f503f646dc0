import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { registrationText as english } from '../registration.text.js';

/** Who registered and who certifies a certificate, in French (the English source is ../registration.text.ts). */
export const registrationText: Translation<typeof english> = {
  registration: {
    registeredBy: 'Enregistré par {gallery}',
    logoAlt: 'Logo de {gallery}',
    certifiedBy: 'Certifié par <link>{service}</link>',
    technicalDetails: 'Détails techniques',
    issuerIdentifier: 'Identifiant de l’émetteur (DID)',
    writeToGallery:
      'Si vous l’avez vu ou si on vous le propose, écrivez à {gallery} à l’adresse <mail>{address}</mail>.',
    writeTo: 'Si vous l’avez vu ou si on vous le propose, écrivez à <mail>{address}</mail>.',
  },
};
