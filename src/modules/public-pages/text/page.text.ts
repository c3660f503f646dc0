/**
 * The words around every public page: the header, the footer's links, the error pages (the list of languages is named
 * by the web-pages frame's words, as on /admin and /console).
 */
export const pageText = {
  page: {
    brandTagline: 'certificate check',
    checkACertificate: 'Check a certificate',
    howToCheck: 'How to check a certificate yourself',
    notFound: {
      title: 'Page not found',
      wrongMethodTitle: 'This page cannot be opened this way',
      noPage: 'There is no page at this address. The link may be broken, or the address mistyped.',
      wrongMethod: 'This address is used by programs, not opened in a browser.',
      typeTheNumber: 'To check a certificate, type its number here.',
      home: 'Go to the home page',
    },
    error: {
      tooManyRequests: 'Too many requests',
      tryAgainShortly: 'Try again shortly',
      error: 'Error',
      addressUnreadable: 'The address could not be read.',
      busy: 'The service is busy or restarting; try again shortly.',
      failed: 'Something went wrong; try again later.',
    },
  },
} as const;
