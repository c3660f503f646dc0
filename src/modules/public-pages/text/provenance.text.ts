import { msg, rich } from '../../../i18n/message.js';

/**
 * An object's provenance on its certificate page, and a proof of holding read there (docs/collectors.md): holders
 * by kind, never by name unless a collector chose to be named; `since` is a month and year in the reader's language.
 */
export const provenanceText = {
  provenance: {
    title: 'Provenance',
    intro:
      'Who has held this object, oldest first. Private collectors are not named unless they chose to be.',
    registrant: msg('{gallery} (registrant)', 'gallery'),
    account: rich('{name}, since {since}', 'name', 'since'),
    privateCollection: rich('a private collection, since {since}', 'since'),
    namedCollection: rich('collection {name}, since {since}', 'name', 'since'),
    namedFormerCollection: rich('ex-collection {name}, since {since}', 'name', 'since'),
    erasedCollection: rich('a former private collection, since {since}', 'since'),
  },
  holdingProof: {
    validTitle: 'Proof of holding: valid',
    valid: rich('The person showing you this holds this object now — checked at {time}.', 'time'),
    validHint:
      'This says nothing of who they are. The proof lasts ten minutes and ends at once if the object changes hands.',
    receipt: 'Download the signed receipt of this check (JSON)',
    invalidTitle: 'Proof of holding: not valid',
    invalid:
      'This proof of holding is not valid (it is older than 10 minutes, or the object has changed hands).',
  },
} as const;
