import { msg } from '../../../i18n/message.js';

/** The words of the console's frame: the account switcher, sign-out, the language switcher and the error pages. */
export const shellText = {
  shell: {
    switchLabel: 'Account',
    switchButton: 'Switch',
    membership: msg('{account} ({role})', 'account', 'role'),
    who: msg('{email} · {role}', 'email', 'role'),
    signOut: 'Sign out',
    errorTitles: {
      notAllowed: 'Not allowed',
      notFound: 'Not found',
      gone: 'Link no longer valid',
      failed: 'Error',
      refused: 'Request refused',
    },
    noSuchPage: 'There is no such page.',
    backToConsole: 'Back to the console',
    signIn: 'Sign in',
    /** The language switcher in every page's footer (the same choice as on "Your account"). */
    language: {
      label: 'Language',
      browser: 'Your browser’s language',
      button: 'Change',
      saved: 'Your choice of language is saved.',
    },
  },
} as const;
