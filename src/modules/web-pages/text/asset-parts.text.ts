import { msg, rich } from '../../../i18n/message.js';

/**
 * The words of the parts of an asset's page that /admin and /console both show: media, verifications, the certificate's
 * badge and the stolen-or-lost alerts (English; one place to translate). The history has its own words.
 */
export const assetPartsText = {
  media: {
    none: 'No images or documents.',
    image: msg('Image {number}', 'number'),
    document: msg('Document {number}', 'number'),
    documentIcon: 'PDF',
    public: 'public',
    private: 'private',
    bytes: msg('{size} B', 'size'),
    kibibytes: msg('{size} KiB', 'size'),
    mebibytes: msg('{size} MiB', 'size'),
    imageFormat: msg('{format} image', 'format'),
    documentFormat: msg('{format} document', 'format'),
  },
  verifications: {
    never: 'Never verified.',
    caption: 'Verifications, newest first',
    captionWithTaps: 'Verifications and tag taps, newest first',
    columns: { when: 'When', by: 'By', result: 'Result' },
    verified: 'verified',
    notVerified: 'not verified',
    tagTap: 'Tag tap',
    tapCounter: msg('(tap {counter})', 'counter'),
  },
  certificateBadge: {
    issuedButReported: msg(
      'issued, but reported {kind, select, stolen {stolen} lost {lost} other {{kind}}}',
      'kind',
    ),
  },
  alerts: {
    report: 'Report stolen or lost…',
    kind: 'Kind',
    stolen: 'Stolen',
    lost: 'Lost',
    missingSince: 'Missing since',
    policeReference: 'Police reference (optional)',
    note: 'Note (optional)',
    submit: 'Report',
    resolveRecovered: 'Resolve: recovered',
    resolveWithdrawn: 'Resolve: withdrawn',
    open: rich(
      '<strong>Reported {kind, select, stolen {stolen} lost {lost} other {{kind}}}</strong> since {since} (raised {raised}). Verification fails and the public page warns while this is open.',
      'strong',
      'kind',
      'since',
      'raised',
    ),
    openWithReference: rich(
      '<strong>Reported {kind, select, stolen {stolen} lost {lost} other {{kind}}}</strong> since {since} (raised {raised}); police reference {reference}. Verification fails and the public page warns while this is open.',
      'strong',
      'kind',
      'since',
      'raised',
      'reference',
    ),
    noneOpen: 'No open alert.',
    earlier: 'Earlier alerts',
    earlierAlert: rich(
      '{kind, select, stolen {stolen} lost {lost} other {{kind}}} since {since}: {outcome, select, recovered {recovered} withdrawn {withdrawn} other {{outcome}}} {resolved}',
      'kind',
      'since',
      'outcome',
      'resolved',
    ),
  },
} as const;
