/** The words of the console's sign-in page around its form (the account choice and the switch are in signIn). */
export const loginText = {
  login: {
    title: 'Sign in',
    titleSwitch: 'Sign in as someone else?',
    button: 'Sign in',
    passkeyHeading: 'Or with a passkey',
    passkeyButton: 'Sign in with a passkey',
    passkeyFallback:
      'Signing in with a passkey needs JavaScript and a browser that supports passkeys; use your email and password above.',
  },
} as const;
