import { msg } from '../../../i18n/message.js';
/** The words of /console/search: search by photograph (English; one place to translate). */
export const searchText = {
  search: {
    title: 'Search by photograph',
    intro:
      'Upload a photograph of an object to see whether it looks like a registered asset: the public images of issued certificates, your account’s own images, and every image of an asset reported stolen or lost. The same picture is found resized, re-compressed, a little cropped or lighter or darker; a new photograph of the work, taken with a phone at an angle, cropped or under other light, is recognised when the work shows enough detail.',
    formHeading: 'Photograph to search for',
    photoLabel: 'Photograph of the object',
    photoHint:
      'A JPEG, PNG or WebP picture. It is not kept; a search that finds a reported asset is recorded on that asset’s search audit.',
    submit: 'Search',
    resultsHeading: msg(
      '{count, plural, =0 {No asset looks like this photograph} one {# asset looks like this photograph} other {# assets look like this photograph}}',
      'count',
    ),
    noneFound:
      'That is no proof the object is not registered or not stolen. A photograph is not recognised when the work shows too little detail (a plain or very smooth surface), when the object is glossy and three-dimensional, or when it shows another side of the object than the registered images.',
    privateImage: 'The photograph that matched is private to another account: it is not shown.',
    imageAlt: msg('Photograph of {title}', 'title'),
    certificateNumber: 'Certificate number',
    likenessLabel: 'Likeness',
    /** A copy of a registered image, by its likeness (the confidence of docs/media.md). */
    likeness: { exact: 'The same picture', likely: 'Very like it', possible: 'Possibly like it' },
    /** A new photograph of a registered work, recognised by the points it shares with the image, and how sure. */
    recognised: msg(
      '{sure, select, possible {Possibly the same work, in another photograph} other {The same work, in another photograph}} (matched at {points, plural, one {# point} other {# points}})',
      'sure',
      'points',
    ),
    reported: msg('Reported {kind, select, stolen {stolen} lost {lost} other {{kind}}}', 'kind'),
    since: 'since',
    openCertificate: msg('Open the public certificate {number}', 'number'),
  },
} as const;
