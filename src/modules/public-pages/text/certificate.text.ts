import { msg, rich } from '../../../i18n/message.js';

/**
 * A certificate's public page in each of its states (issued, suspended, revoked, reported stolen or lost, not issued,
 * not found). An alert's `kind` is `stolen` or `lost`.
 */
export const certificateText = {
  certificate: {
    statuses: {
      issued: {
        word: 'Issued',
        meaning: 'This certificate is valid: it was issued and is neither suspended nor revoked.',
      },
      suspended: {
        word: 'Suspended',
        meaning:
          'This certificate is not valid while it is suspended: the issuer is reviewing it. Do not rely on it until it is reinstated.',
      },
      revoked: {
        word: 'Revoked',
        meaning: 'This certificate is not valid: the issuer has withdrawn it for good. Do not rely on it.',
      },
      notIssued: {
        word: 'Not issued',
        meaning:
          'No certificate has been issued under this number. Do not rely on any document that presents it as a certificate.',
      },
    },
    status: 'Status',
    /** The browser tab's title: the status word, then the object's title. */
    pageTitle: msg('{status}: {title}', 'status', 'title'),
    reported: msg('{kind, select, stolen {Reported stolen} other {Reported lost}}', 'kind'),
    alert: {
      reportedSince: rich(
        'The owner reported this {kind, select, stolen {item stolen} other {item lost}} on or since {since}. Do not buy, sell or lend against it. Every look-up of this page is recorded.',
        'kind',
        'since',
      ),
      tellPoliceOrIssuer: 'If you have seen it or are offered it, tell the police or the issuer.',
      mailSubject: msg('Certificate reported {kind, select, stolen {stolen} other {lost}}', 'kind'),
      statusWord: msg('Issued, but reported {kind, select, stolen {stolen} other {lost}}', 'kind'),
      statusMeaning: msg(
        'The certificate was issued and is still valid, but the item it describes is reported {kind, select, stolen {stolen} other {lost}}. Do not rely on this certificate to buy, sell or lend against the item.',
        'kind',
      ),
    },
    eyebrow: msg('Certificate of authenticity · {category}', 'category'),
    number: 'Certificate number',
    category: 'Category',
    issuedOn: 'Issued on',
    revokedOn: 'Revoked on',
    correctedOn: 'Corrected on',
    inventoryNumber: 'Gallery inventory number',
    titleField: 'Title',
    corrections: 'Corrections since issue',
    correctionOn: rich('Corrected on {when}', 'when'),
    imagesRemoved: msg('{count, plural, one {# image removed} other {# images removed}}', 'count'),
    imagesAdded: msg('{count, plural, one {# image added} other {# images added}}', 'count'),
    historyEntry: msg('History entry {sequence}', 'sequence'),
    /**
     * The fields this page names otherwise than the shared labels (web-pages fields.labels): with their unit, as no
     * unit stands beside the value, and a collectible's type apart from the certificate's category.
     */
    fieldLabels: {
      category: 'Type',
      case_diameter_mm: 'Case diameter (mm)',
      carat: 'Carat weight',
    } as Record<string, string>,
    photographOf: msg('Photograph of {title}', 'title'),
    qrLabel: 'QR code of this page’s address',
    scanToOpen: 'Scan to open this page:',
    checkLinks: 'Check this certificate',
    credential: 'The signed credential (JSON)',
    howToCheck: 'How to check this yourself',
    statusAsOf: rich('Status as of {when}.', 'when'),
    notIssuedEyebrow: 'Certificate check',
    notFound: {
      title: 'Certificate not found',
      noSuchNumber: 'No certificate has this number:',
      checkAgain: 'Check the number and try again.',
    },
  },
} as const;
