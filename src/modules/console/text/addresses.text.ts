import { msg } from '../../../i18n/message.js';

/**
 * The words of proven addresses (docs/members.md): the invitation mailed to the address, proving an address from the
 * account page, joining the other sign-ins of a proven address, and signing in with a link sent by e-mail.
 */
export const addressesText = {
  addresses: {
    invitationProves: msg('Accepting from this link also confirms that {email} is your address.', 'email'),
    // The account page's section.
    heading: 'Your address',
    proven: msg('{email} is confirmed: you opened a link we sent to it.', 'email'),
    notProven: msg(
      '{email} is not confirmed yet. Confirming it lets you sign in with a link sent by e-mail, and bring the other sign-ins of this address together into this one.',
      'email',
    ),
    proveButton: 'Prove your address',
    proofSent: msg(
      'We have sent a link to {email}. Open it in this browser, signed in as you are now, within 24 hours.',
      'email',
    ),
    alreadyProven: 'Your address is already confirmed.',
    joinHeading: 'Other sign-ins of your address',
    joinIntro: msg(
      '{count, plural, one {One other sign-in} other {# other sign-ins}} of {email} were made by invitation links before you confirmed the address, each with its own password or passkey. Sign in with one of them below: its accounts then open with this sign-in, and that sign-in ends.',
      'count',
      'email',
    ),
    joinPassword: 'Its password',
    joinButton: 'Join with its password',
    joinPasskey: 'Join with its passkey',
    joinPasskeyFallback: 'Using a passkey needs JavaScript and a browser that supports passkeys.',
    joined: msg(
      'The other sign-in is joined to this one{count, plural, =0 {.} other {: {accounts} now open here.}}',
      'count',
      'accounts',
    ),
    joinRefused: 'That is not the password of another sign-in of your address.',
    // The page of a link that proves an address.
    proveTitle: 'Confirm your address',
    proveIntro: msg('Confirm that {email} is your address.', 'email'),
    proveConfirm: 'Confirm my address',
    proveSignInFirst: msg(
      'Only the sign-in that asked for this link can confirm it. Sign in as {email} in this browser with that sign-in, then open the link again.',
      'email',
    ),
    signIn: 'Sign in',
    confirmed: 'Your address is confirmed.',
    otherConfirmed:
      'Another sign-in of this address confirmed it first. Sign in with that one and join this one from its account page.',
    // Any link sent by mail that can no longer be used.
    linkUsed: 'This link has already been used.',
    linkExpired: 'This link has expired. Ask for a new one.',
    linkUnknown: 'This link is not one we sent, or it was copied incompletely.',
    // Signing in with a link by e-mail.
    emailSignInLink: 'E-mail me a sign-in link',
    emailSignInTitle: 'Sign in with a link by e-mail',
    emailSignInIntro:
      'If your address is confirmed with us, we send it a link that signs you in without a password. The link works once, for 15 minutes.',
    emailLabel: 'E-mail',
    emailSignInButton: 'Send me a link',
    emailSignInSent: msg(
      'If {email} is the confirmed address of a member, a sign-in link is on its way to it. It works once, for 15 minutes.',
      'email',
    ),
    emailSignInOpenIntro: msg('Sign in as {email}.', 'email'),
    emailSignInOpenButton: 'Sign in',
    emailSignInReplaces: msg(
      'This browser is signed in as {signedInAs}. Signing in here signs {signedInAs} out in this browser.',
      'signedInAs',
    ),
    backToSignIn: 'Back to sign-in',
  },
} as const;
