import { msg, rich } from '../../../i18n/message.js';

/**
 * The verdict of a tag's tap on top of the certificate's page (docs/tags.md). `counter` is the tap's number, or `none`
 * when the link carries none; a certificate's `status` is `not_issued`, `suspended` or `revoked`.
 */
export const tapText = {
  tap: {
    nfcTag: 'NFC tag',
    verdicts: {
      genuine: 'Genuine tag',
      copied: 'Copied link',
      forged: 'Forged tag',
      unknown_tag: 'Unknown tag',
      unbound: 'Tag unbound',
      tampered: 'Tag tampered',
    },
    meanings: {
      genuine: msg(
        'Tapped now{counter, select, none {} other { (tap {counter})}}: this is the tag bound to the certificate below, and the link it made is new.',
        'counter',
      ),
      copied: msg(
        'This link{counter, select, none {} other { (tap {counter})}} was opened before. A genuine tag makes a new link at every tap, so this one was copied from an earlier tap: it proves nothing about the object in front of you. If you only reloaded this page, tap the tag again.',
        'counter',
      ),
      forged:
        'The link claims to come from the tag of the certificate below, but its signature does not match that tag’s key: it was not made by that tag. Do not rely on the object it came from.',
      unknown_tag: 'This link was not made by a tag this registry knows. It proves nothing about the object.',
      unbound: msg(
        'This tag{counter, select, none {} other { (tap {counter})}} is genuine but no longer bound to the certificate below: it was unbound. It does not identify the object any more.',
        'counter',
      ),
      tampered: msg(
        'The tag{counter, select, none {} other { (tap {counter})}} reports that its tamper loop was opened: the seal of the object was broken. Have the object checked before you rely on it.',
        'counter',
      ),
    },
    reportedCaveat: msg(
      'But the item is reported {kind, select, stolen {stolen} other {lost}}: read the warning below.',
      'kind',
    ),
    statusCaveat: msg(
      'But the certificate is {status, select, not_issued {not issued} suspended {suspended} other {revoked}}: do not rely on it.',
      'status',
    ),
    unknownTitle: 'Certificate check',
    unknownIntro: rich(
      'To check a certificate, type its number on <link>the certificate check</link>.',
      'link',
    ),
  },
} as const;
