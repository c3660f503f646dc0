/** The words of the console's sign-in page (English; one place to translate). */
export const signInText = {
  signIn: {
    account: 'Account',
    chooseAccount:
      'This email and password open separate sign-ins in several accounts. Choose the account, and enter your password again.',
  },
} as const;
