/** The words the console's lists share about the objects they show (English; one place to translate). */
export const listsText = {
  lists: {
    /** The column of a listed object: its thumbnail, title and artist (or its category's byline). */
    asset: 'Asset',
  },
} as const;
