import { historyText } from './history.js';
import { layoutText } from './layout.js';
import { profileText } from './profile.js';
import { homeText } from './home.js';
import { printText } from './print.js';
import { searchText } from './search.js';
import { signInText } from './sign-in.js';
import { transfersText } from './transfers.js';
import { watchlistText } from './watchlist.js';
import { listsText } from './lists.js';
import { developersText } from './developers.js';
import { assetsText } from './assets.js';
import { shellText } from './shell.js';
import { loginText } from './login.js';
import { passkeysText } from './passkeys.js';
import { accountText } from './account.js';
import { membersText } from './members.js';
import { auditText } from './audit.js';
import { keysText } from './keys.js';
import { invitationText } from './invitation.js';

/** The console's words in Japanese, area by area (the English source is ../<area>.text.ts). */
// Typed by defineText in ../index.ts: each area file is typed against its English area.
export const ja = {
  ...historyText,
  ...layoutText,
  ...profileText,
  ...homeText,
  ...printText,
  ...searchText,
  ...signInText,
  ...transfersText,
  ...watchlistText,
  ...listsText,
  ...developersText,
  ...assetsText,
  ...shellText,
  ...loginText,
  ...passkeysText,
  ...accountText,
  ...membersText,
  ...auditText,
  ...keysText,
  ...invitationText,
};
