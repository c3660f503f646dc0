/** The words of the console's frame: navigation, header and error pages (English; one place to translate). */
export const layoutText = {
  nav: {
    home: 'Home',
    assets: 'Assets',
    transfers: 'Transfers',
    watchlist: 'Watch-list',
    search: 'Search by photo',
    developers: 'Developers',
    members: 'Members',
    keys: 'API keys',
    audit: 'Audit log',
    profile: 'Gallery profile',
    account: 'Your account',
  },
  /** The closed disclosure that keeps ids and API requests out of a person's way (shell/technical-details.views.ts). */
  technical: { summary: 'Technical details' },
} as const;
