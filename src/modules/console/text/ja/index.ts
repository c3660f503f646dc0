import account from './account.json' with { type: 'json' };
import assets from './assets.json' with { type: 'json' };
import audit from './audit.json' with { type: 'json' };
import developers from './developers.json' with { type: 'json' };
import history from './history.json' with { type: 'json' };
import home from './home.json' with { type: 'json' };
import invitation from './invitation.json' with { type: 'json' };
import keys from './keys.json' with { type: 'json' };
import layout from './layout.json' with { type: 'json' };
import lists from './lists.json' with { type: 'json' };
import login from './login.json' with { type: 'json' };
import members from './members.json' with { type: 'json' };
import passkeys from './passkeys.json' with { type: 'json' };
import print from './print.json' with { type: 'json' };
import profile from './profile.json' with { type: 'json' };
import search from './search.json' with { type: 'json' };
import shell from './shell.json' with { type: 'json' };
import signIn from './sign-in.json' with { type: 'json' };
import transfers from './transfers.json' with { type: 'json' };
import watchlist from './watchlist.json' with { type: 'json' };

/** The console's words in Japanese, area by area (the English source is ../<area>.text.ts). */
// JSON, the format translators' tools read; typed against the English by defineText in ../index.ts.
export const ja = {
  ...account,
  ...assets,
  ...audit,
  ...developers,
  ...history,
  ...home,
  ...invitation,
  ...keys,
  ...layout,
  ...lists,
  ...login,
  ...members,
  ...passkeys,
  ...print,
  ...profile,
  ...search,
  ...shell,
  ...signIn,
  ...transfers,
  ...watchlist,
};
