/** The words of the passkey buttons (account, sign-in, invitation) and of the script that runs them. */
export const passkeysText = {
  passkeys: {
    nameLabel: 'Name of the passkey (optional)',
    nameHint: 'Such as “work laptop”, to tell your passkeys apart.',
    added: 'Passkey added.',
    /** Said by console.js while and after the browser asks for the passkey. */
    script: {
      waiting: 'Waiting for your passkey…',
      done: 'Done.',
      cancelled: 'The passkey request was cancelled or timed out; try again.',
      alreadyHere: 'This device already holds one of your passkeys.',
      failed: 'The passkey could not be used; try again.',
      requestFailed: 'The request failed; reload the page and try again.',
    },
  },
} as const;
