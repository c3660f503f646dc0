import { homeText } from './home.text.js';
import { assetsText } from './assets.text.js';
import { developersText } from './developers.text.js';
import { layoutText } from './layout.text.js';
import { printText } from './print.text.js';
import { searchText } from './search.text.js';
import { signInText } from './sign-in.text.js';
import { transfersText } from './transfers.text.js';
import { watchlistText } from './watchlist.text.js';

/**
 * Every word the console shows, in one place so it can be translated later: one file per area
 * (`<area>.text.ts`), gathered here. Views read `text.<area>.<key>`; none writes English inline.
 */
export const text = {
  ...layoutText,
  ...printText,
  ...homeText,
  ...transfersText,
  ...watchlistText,
  ...assetsText,
  ...developersText,
  ...searchText,
  ...signInText,
} as const;
