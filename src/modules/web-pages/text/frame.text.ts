/** The words of the frame /admin and /console pages share: the skip link, the navigation's and the language list's names, and what an error page says when the error has none of its own. */
export const frameText = {
  frame: {
    skipLink: 'Skip to content',
    mainNavigation: 'Main',
    /** A moment that never came (a key never used, a member never signed in). */
    never: 'never',
    /** The name of the list of languages a page offers (each language named in itself). */
    languages: 'Language',
    /** The button that opens the navigation on a phone, where it is folded away. */
    menu: 'Menu',
  },
  /** What an error page says when the error has no sentence of its own. */
  errors: {
    unexpected: 'Something went wrong; the error was logged.',
    formNotAsExpected: 'The form was not filled in as expected; go back and try again.',
    unreadable: 'The request could not be read.',
  },
} as const;
