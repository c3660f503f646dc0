import type { Translation } from '../../../../i18n/text-catalogue.js';
import type { AdminText } from '../index.js';
import { layoutText } from './layout.js';
import { loginText } from './login.js';
import { dashboardText } from './dashboard.js';
import { accountsText } from './accounts.js';
import { apiKeysText } from './api-keys.js';
import { certificatesText } from './certificates.js';
import { assetText } from './asset.js';

/** The operator’s pages in German, area by area (the English source is ../<area>.text.ts). */
export const de: Translation<AdminText> = {
  ...layoutText,
  ...loginText,
  ...dashboardText,
  ...accountsText,
  ...apiKeysText,
  ...certificatesText,
  ...assetText,
};
