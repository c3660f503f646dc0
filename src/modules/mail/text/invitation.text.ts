import { msg } from '../../../i18n/message.js';

/** The invitation a member of an account (or the operator) sends to a new member. */
export const invitationText = {
  invitation: {
    subject: msg('{account} invites you to join them', 'account'),
    heading: msg('{account} invites you', 'account'),
    body: msg(
      '{account} invites you to work with them on {service} as {role, select, owner {an owner, who manages the members and keys} editor {an editor, who registers and updates works} other {a viewer, who reads the account}}.',
      'account',
      'service',
      'role',
    ),
    action: 'Accept the invitation',
    expires: msg('The link works once, until {date}.', 'date'),
    /** The invited person has no way to sign in yet. */
    chooseSignIn: 'You choose your password or passkey when you open it.',
    /** The invited person already signs in (their address is proven): they accept as themselves. */
    useSignIn: msg('You accept with the password or passkey you already use on {service}.', 'service'),
    proves: 'Accepting from this message also confirms that this address is yours.',
    notYou: msg('If you do not know {account}, ignore this message: nothing happens without you.', 'account'),
  },
} as const;
