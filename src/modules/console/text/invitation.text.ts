import { msg, rich } from '../../../i18n/message.js';

/** The words of the invitation page: accept with a new password or passkey, or with the one already held. */
export const invitationText = {
  invitation: {
    title: msg('Join {account}', 'account'),
    invited: rich(
      'You are invited to <strong>{account}</strong> as <strong>{role}</strong>.',
      'strong',
      'account',
      'role',
    ),
    email: 'Email',
    accept: 'Accept the invitation',
    withPassword: 'With a password',
    choosePassword: 'Choose a password',
    passwordHint: msg('At least {min} characters, and not one of the most used passwords.', 'min'),
    passwordAgain: 'The same password again',
    orPasskey: 'Or with a passkey, instead of a password',
    acceptNewPasskey: 'Accept with a new passkey',
    newPasskeyFallback:
      'Registering a passkey needs JavaScript and a browser that supports passkeys; choose a password above instead.',
    havePassword:
      'You already have a password with us (you are a member of another account): enter it to accept.',
    yourPassword: 'Your password',
    withYourPasskey: 'With your passkey',
    havePasskey: 'You sign in with a passkey (you are a member of another account): use it to accept.',
    acceptYourPasskey: 'Accept with your passkey',
    yourPasskeyFallback: 'Using your passkey needs JavaScript and a browser that supports passkeys.',
    incorrectPassword: 'Incorrect password.',
  },
} as const;
