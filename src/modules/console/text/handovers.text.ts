import { msg } from '../../../i18n/message.js';

/**
 * The words of a hand-over at a sale (docs/collectors.md): the printed hand-over card the buyer claims with, the
 * asset page's hand-over panel and /console/handovers, where consignments are answered (English; one place to translate).
 */
export const handoversText = {
  handoverCard: {
    documentTitle: msg('Hand-over card for certificate {number}', 'number'),
    heading: 'Your certificate of authenticity',
    handedOverBy: msg('Handed over to you by {gallery}', 'gallery'),
    number: 'Certificate number',
    scan: 'Scan to claim the certificate',
    link: 'Or open this link',
    code: 'Your claim code',
    stepsHeading: 'How to claim it',
    steps: [
      'Scan the code or open the link, on a phone or a computer.',
      'Sign in with your e-mail address: we mail you a link that confirms it.',
      'Accept the hand-over: the object is recorded as yours, privately.',
    ],
    expires: msg('Claim it by {date}. After that date, ask the seller for a new card.', 'date'),
    keepPrivate:
      'Keep this card to yourself until you have claimed: whoever has the code can claim the object.',
  },
  handovers: {
    heading: 'Hand-over',
    heldByCollector: msg('Held by a private collection since {date}.', 'date'),
    heldByFormerCollector: msg('Held by a former collector since {date}.', 'date'),
    heldByAccount: msg('Held on consignment by {account} since {date}.', 'account', 'date'),
    heldHereOnConsignment: msg('This account holds it on consignment since {date}.', 'date'),
    noLongerYours:
      'Your account registered this object and stays its registrant; it can no longer edit, transfer or hand it over.',
    notIssued: 'An object can be handed over once its certificate is issued.',
    openClaim: msg('A hand-over to a buyer is open until {date}.', 'date'),
    openConsignment: msg('A consignment to {account} is offered until {date}.', 'account', 'date'),
    cancel: 'Cancel the hand-over',
    cancelled: 'Hand-over cancelled: the object stays with this account.',
    toBuyerHeading: 'Hand over to a buyer',
    toBuyerIntro:
      'At the sale, give the buyer a hand-over card: with its code they claim the certificate and become the object’s holder, privately. The claim is valid for 30 days; until then the object stays with this account.',
    buyerEmail: 'Buyer’s e-mail address (optional)',
    buyerEmailHint: 'The claim link is mailed to this address as well. Leave it empty to give the card only.',
    cardLanguage: 'Language of the card',
    createClaim: 'Hand over to a buyer',
    consignHeading: 'Consign to another account',
    consignIntro:
      'An auction house or another gallery accepts the consignment in its console and then holds the object. Your account stays its registrant.',
    consignee: 'The account’s public name',
    consigneeHint: 'As its certificates show it.',
    consign: 'Offer the consignment',
    consignmentOffered: msg('Consignment offered to {account}.', 'account'),
    noSuchAccount: 'No account has this public name. Check its spelling on one of its certificates.',
    severalAccounts:
      'Several accounts have this public name. Ask the account to tell you its exact name as its certificates show it.',
    ownAccount: 'This account holds the object already.',
    claimTitle: msg('Hand-over of {number}', 'number'),
    claimOnce:
      'Give the buyer the card now. Its code is shown this once and is not kept: once you leave this page, cancel the hand-over and make a new one if the card is lost.',
    claimLink: 'Claim link',
    claimCode: 'Claim code',
    claimQr: msg('QR code of the claim link for certificate {number}', 'number'),
    validUntil: msg('Valid until {date}.', 'date'),
    mailedTo: msg('The claim link was also mailed to {email}.', 'email'),
    downloadCard: 'Download the hand-over card (PDF)',
    backToAsset: 'Back to the object',
    pageTitle: 'Consignments',
    pageIntro:
      'Objects other accounts consign to this account, and those it holds on consignment. Holding an object, the account may hand it over to a buyer.',
    offeredHeading: 'Consignments offered to us',
    noneOffered: 'No consignment waits for your answer.',
    heldHeading: 'Held on consignment',
    noneHeld: 'The account holds no object on consignment.',
    columns: {
      object: 'Object',
      number: 'Certificate number',
      from: 'From',
      offered: 'Offered',
      expires: 'Expires',
      registeredBy: 'Registered by',
      since: 'Held since',
      actions: 'Actions',
    },
    unnamed: 'an unnamed account',
    accept: 'Accept',
    decline: 'Decline',
    acceptLabel: msg('Accept the consignment of {number}', 'number'),
    declineLabel: msg('Decline the consignment of {number}', 'number'),
    accepted: msg('Accepted: this account now holds {number}.', 'number'),
    declined: 'Consignment declined: the object stays with its holder.',
    consignmentsLink: 'Consignments offered to this account',
    heldTitle: msg('Hand over {number}', 'number'),
  },
} as const;
