import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { registrationText as english } from '../registration.text.js';

/** Who registered and who certifies a certificate, in Italian (the English source is ../registration.text.ts). */
export const registrationText: Translation<typeof english> = {
  registration: {
    registeredBy: 'Registrato da {gallery}',
    logoAlt: 'Logo di {gallery}',
    certifiedBy: 'Certificato da <link>{service}</link>',
    technicalDetails: 'Dettagli tecnici',
    issuerIdentifier: 'Identificativo dell’emittente (DID)',
    writeToGallery:
      'Se lo ha visto o se Le viene offerto, scriva a {gallery} all’indirizzo <mail>{address}</mail>.',
    writeTo: 'Se lo ha visto o se Le viene offerto, scriva a <mail>{address}</mail>.',
  },
};
