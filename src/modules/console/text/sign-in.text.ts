/** The words of the console's sign-in page (English; one place to translate). */
export const signInText = {
  signIn: {
    account: 'Account',
    chooseAccount:
      'This email and password open separate sign-ins in several accounts. Choose the account, and enter your password again.',
    confirmSwitch: (signedInAs: string) =>
      `This browser is signed in as ${signedInAs}. To sign in as someone else instead, enter their password again and confirm; ${signedInAs} is then signed out here.`,
    confirmSwitchButton: 'Sign in as this person instead',
    staySignedIn: (signedInAs: string) => `Stay signed in as ${signedInAs}`,
    invitationReplaces: (signedInAs: string, invitee: string) =>
      `This browser is signed in as ${signedInAs}. Accepting this invitation signs ${signedInAs} out here and signs you in as ${invitee}.`,
  },
} as const;
