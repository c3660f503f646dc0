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
    expires: msg(
      'The link works once, until {date}. You choose your password or passkey when you open it.',
      'date',
    ),
    notYou: msg('If you do not know {account}, ignore this message: nothing happens without you.', 'account'),
  },
} as const;
