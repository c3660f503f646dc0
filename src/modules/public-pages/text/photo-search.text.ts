import { msg, rich } from '../../../i18n/message.js';

/** The photo search without a key: the look-up page's form, the page of matches and its refusals. */
export const photoSearchText = {
  photoSearch: {
    title: 'Search by photograph',
    photoLabel: 'Photograph of the object',
    photoHint:
      'A JPEG, PNG or WebP picture. It is not kept; a search that finds a reported asset is recorded with your address, as every look-up of one is.',
    search: 'Search',
    sectionTitle: 'Offered an object? Search by photograph',
    sectionIntro:
      'Upload a photograph of it to see whether it looks like an asset whose owner reported it stolen or lost, or a work whose gallery lets its certificates be found by photograph. The same picture is found resized, re-compressed or slightly cropped; a new photograph of the work, taken at an angle or under other light, is recognised when the work shows enough detail.',
    /** The heading when every match is reported stolen or lost, or there is none. */
    found: msg(
      '{count, plural, =0 {Nothing found for this photograph} one {# reported asset looks like this photograph} other {# reported assets look like this photograph}}',
      'count',
    ),
    /** The heading when a match is a registered certificate nobody reported. */
    foundRegistered: msg(
      '{count, plural, one {# registered asset looks like this photograph} other {# registered assets look like this photograph}}',
      'count',
    ),
    noMatch:
      'That is no proof it is not stolen: only assets their owners reported stolen or lost, and the works of galleries that let them be found by photograph, are searched. And a photograph is not recognised when the work shows too little detail (a plain or very smooth surface), when the object is glossy and three-dimensional, or when it shows another side of the object than the registered images.',
    matches:
      'Their owners reported them stolen or lost. Do not buy, sell or lend against the object; open its certificate to see whom to tell. This search is recorded.',
    /** The words above the matches when one is a registered certificate nobody reported. */
    matchesRegistered:
      'Where a card says reported stolen or lost, do not buy, sell or lend against the object, and open its certificate to see whom to tell. The others are registered certificates: check each against the object in front of you before you rely on it.',
    /** A match nobody reported: a legitimate certificate, still to be compared with the object. */
    registered:
      'A registered certificate, not reported stolen or lost: check it against the object in front of you.',
    privateMatch: 'The photograph that matched is private: it is not shown.',
    reported: rich(
      '<strong>{kind, select, stolen {Reported stolen} other {Reported lost}}</strong> on or since {since}',
      'strong',
      'kind',
      'since',
    ),
    likeness: 'Likeness',
    /** The likeness in words a person reads at a glance (the confidence of docs/media.md). */
    likenesses: { exact: 'The same picture', likely: 'Very like it', possible: 'Possibly like it' },
    /** A new photograph of the work, recognised by the points it shares with the image, and how sure. */
    recognised: msg(
      '{sure, select, possible {Possibly the same work, in another photograph} other {The same work, in another photograph}} (matched at {points, plural, one {# point} other {# points}})',
      'sure',
      'points',
    ),
    tooMany: 'Too many searches',
    notSearched: 'The photograph could not be searched',
    failed: 'The search failed; try again shortly.',
  },
} as const;
