import { msg } from '../../../i18n/message.js';
/** The words of /console/transfers: offers received and made (English; one place to translate). */
export const transfersText = {
  transfers: {
    title: 'Transfers',
    intro:
      'An asset changes owner only when the receiving account accepts the offer. Offers expire unanswered.',
    receivedHeading: 'Offers received',
    madeHeading: 'Offers made',
    noneReceived: 'No offer waits for your answer.',
    noneMade: 'The account has no open offer.',
    columns: {
      asset: 'Asset',
      number: 'Certificate number',
      from: 'From',
      to: 'To',
      offered: 'Offered',
      expires: 'Expires',
      actions: 'Actions',
    },
    unnamed: 'an unnamed account',
    accountId: 'Account id',
    accept: 'Accept',
    decline: 'Decline',
    cancel: 'Cancel the offer',
    acceptLabel: msg('Accept the offer of {number}', 'number'),
    declineLabel: msg('Decline the offer of {number}', 'number'),
    cancelLabel: msg('Cancel the offer of {number}', 'number'),
    more: 'Older offers',
    accepted: msg('Accepted: {number} is now the account’s.', 'number'),
    declined: 'Offer declined; the asset stays with its owner.',
    cancelled: 'Offer cancelled.',
    offerHint:
      'To offer an asset to another account, open the asset and use its transfer form (you need the other account’s id).',
  },
} as const;
