import { msg } from '../../../i18n/message.js';

/** The look-up page at `/c` and its form (on the home page and the not-found pages too). */
export const lookUpText = {
  lookUp: {
    title: 'Check a certificate',
    intro:
      'Type the number of a paper certificate or label to see whether it was issued and whether it is still valid. The QR code on the certificate opens the same page.',
    formLabel: 'Certificate look-up',
    numberLabel: 'Certificate number',
    numberHint: msg('As printed on the certificate, for example {example}.', 'example'),
    check: 'Check',
    emptyNumber: 'Type the certificate number.',
    notANumber: msg(
      'That is not a certificate number: it has three letters, the year and a number, such as {example}.',
      'example',
    ),
  },
} as const;
