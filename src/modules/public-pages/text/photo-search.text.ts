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
      'Upload a photograph of it to see whether it looks like an asset whose owner reported it stolen or lost. The same picture is found resized, re-compressed or slightly cropped; a different photograph of the object is not.',
    found: msg(
      '{count, plural, =0 {No reported asset looks like this photograph} one {# reported asset looks like this photograph} other {# reported assets look like this photograph}}',
      'count',
    ),
    noMatch:
      'That is no proof it is not stolen: only assets their owners reported stolen or lost are searched, and a different photograph of the same object, or a strong crop, is not found.',
    matches:
      'Their owners reported them stolen or lost. Do not buy, sell or lend against the object; open its certificate to see whom to tell. This search is recorded.',
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
    tooMany: 'Too many searches',
    notSearched: 'The photograph could not be searched',
    failed: 'The search failed; try again shortly.',
  },
} as const;
