import { defineText } from '../../../i18n/text-catalogue.js';
import { homeText } from './home.text.js';
import { assetsText } from './assets.text.js';
import { developersText } from './developers.text.js';
import { layoutText } from './layout.text.js';
import { printText } from './print.text.js';
import { profileText } from './profile.text.js';
import { searchText } from './search.text.js';
import { signInText } from './sign-in.text.js';
import { transfersText } from './transfers.text.js';
import { watchlistText } from './watchlist.text.js';
import { listsText } from './lists.text.js';
import { accountText } from './account.text.js';
import { addressesText } from './addresses.text.js';
import { auditText } from './audit.text.js';
import { invitationText } from './invitation.text.js';
import { keysText } from './keys.text.js';
import { loginText } from './login.text.js';
import { membersText } from './members.text.js';
import { passkeysText } from './passkeys.text.js';
import { passwordResetText } from './password-reset.text.js';
import { shellText } from './shell.text.js';
import { historyText } from './history.text.js';
import { noticeSettingsText } from './notices.text.js';
import { importsText } from './imports.text.js';
import { handoversText } from './handovers.text.js';

/**
 * Every word the console shows, in English (`<area>.text.ts`, the source) and each other language (`<lang>/<area>.json`),
 * read as `text.<area>.<key>` in the language of the request (docs/languages.md). No view writes words inline.
 */
export const text = defineText(
  import.meta.url,
  layoutText,
  printText,
  profileText,
  homeText,
  transfersText,
  watchlistText,
  listsText,
  assetsText,
  historyText,
  developersText,
  searchText,
  signInText,
  shellText,
  loginText,
  passkeysText,
  accountText,
  membersText,
  auditText,
  keysText,
  invitationText,
  noticeSettingsText,
  passwordResetText,
  addressesText,
  importsText,
  handoversText,
);
