import { msg, rich } from '../../../i18n/message.js';

/**
 * Who registered a certificate and who certifies it, on its public page (docs/public-page.md, "Whose name is on a
 * certificate"): the gallery by its profile, the service by its name, its did:web only under technical details.
 */
export const registrationText = {
  registration: {
    registeredBy: msg('Registered by {gallery}', 'gallery'),
    logoAlt: msg('Logo of {gallery}', 'gallery'),
    certifiedBy: rich('Certified by <link>{service}</link>', 'link', 'service'),
    technicalDetails: 'Technical details',
    issuerIdentifier: 'Issuer identifier (DID)',
    /** The warning of a reported piece: where a finder writes, the registering gallery's address or the operator's. */
    writeToGallery: rich(
      'If you have seen it or are offered it, write to {gallery} at <mail>{address}</mail>.',
      'gallery',
      'mail',
      'address',
    ),
    writeTo: rich(
      'If you have seen it or are offered it, write to <mail>{address}</mail>.',
      'mail',
      'address',
    ),
  },
} as const;
