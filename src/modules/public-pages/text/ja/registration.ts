import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { registrationText as english } from '../registration.text.js';

/** Who registered and who certifies a certificate, in Japanese (the English source is ../registration.text.ts). */
export const registrationText: Translation<typeof english> = {
  registration: {
    registeredBy: '登録：{gallery}',
    logoAlt: '{gallery}のロゴ',
    certifiedBy: '認証：<link>{service}</link>',
    technicalDetails: '技術的な詳細',
    issuerIdentifier: '発行者の識別子（DID）',
    writeToGallery:
      'この品物を見かけた場合や購入を持ちかけられた場合は、{gallery}（<mail>{address}</mail>）までご連絡ください。',
    writeTo: 'この品物を見かけた場合や購入を持ちかけられた場合は、<mail>{address}</mail>までご連絡ください。',
  },
};
