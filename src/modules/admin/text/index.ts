import { defineText } from '../../../i18n/text-catalogue.js';
import { accountsText } from './accounts.text.js';
import { apiKeysText } from './api-keys.text.js';
import { assetText } from './asset.text.js';
import { certificatesText } from './certificates.text.js';
import { correctionsText } from './corrections.text.js';
import { dashboardText } from './dashboard.text.js';
import { layoutText } from './layout.text.js';
import { loginText } from './login.text.js';
import { passwordResetText } from './password-reset.text.js';
import { mailLogText } from './mail.text.js';

/**
 * Every word the operator's /admin pages show, in English (`<area>.text.ts`, the source) and each other language
 * (`<lang>/<area>.json`), read as `adminText.<area>.<key>` in the language of the request (docs/languages.md). The parts
 * /admin shares with /console (frame, people, an asset's media and alerts) speak from ../../web-pages/text.
 */
export const adminText = defineText(
  import.meta.url,
  layoutText,
  loginText,
  dashboardText,
  accountsText,
  apiKeysText,
  certificatesText,
  correctionsText,
  assetText,
  passwordResetText,
  mailLogText,
);
