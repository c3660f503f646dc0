import { rich } from '../../../i18n/message.js';

/** The home page at `/`: what the service is, in a buyer's and a seller's words, and the ways in. */
export const landingText = {
  landing: {
    title: 'Check a certificate of authenticity',
    heading: 'Is this certificate genuine?',
    intro:
      'A gallery, a watchmaker or a dealer registers here the artworks, watches, jewellery and collectibles it sells, and gives each one a certificate of authenticity. Anyone can check such a certificate, free and without an account: a collector before buying, an heir, an insurer. You see whether it was issued, whether it still stands, and whether its owner reported the object stolen or lost.',
    moreTitle: 'More ways in',
    photoSearch: rich(
      '<link>Search by photograph</link>: offered an object without its papers? See whether it looks like one reported stolen or lost.',
      'link',
    ),
    howToCheck: rich(
      '<link>How to check a certificate yourself</link>, without having to trust this site.',
      'link',
    ),
    console: rich(
      '<link>Sign in to the console</link>: for galleries, makers and collectors who register their pieces.',
      'link',
    ),
    api: rich(
      '<link>The API documentation</link>: for developers connecting a shop, a catalogue or an inventory.',
      'link',
    ),
  },
} as const;
