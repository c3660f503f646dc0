import { msg, rich } from '../../../i18n/message.js';

/** The page of a new proof of holding: its QR code, its code, until when it is good. */
export const holdingProofPageText = {
  holdingProofPage: {
    title: 'Proof of holding',
    eyebrow: msg('Proof of holding · {object}', 'object'),
    intro:
      'Show this to the person in front of you (an insurer, a buyer). They scan the code or open the address: the certificate’s page tells them that whoever shows it holds this object now, without saying who you are.',
    qrLabel: 'QR code of the proof’s address',
    code: 'Code',
    address: 'Address',
    validUntil: rich('Valid until {time}', 'time'),
    once: 'It ends at once if the object changes hands. Make a new one whenever you need it.',
  },
  /** The offer to make one, where a holder acts on the object (/collection, the console's hand-over page). */
  holdingProofOffer: {
    title: 'Prove that you hold it',
    intro:
      'Someone in front of you (an insurer, a buyer) can check that you hold this work now, without learning who you are: make a proof, good for 10 minutes, and let them scan it.',
    button: 'Make a proof of holding',
  },
} as const;
