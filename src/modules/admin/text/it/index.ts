import accounts from './accounts.json' with { type: 'json' };
import apiKeys from './api-keys.json' with { type: 'json' };
import asset from './asset.json' with { type: 'json' };
import certificates from './certificates.json' with { type: 'json' };
import dashboard from './dashboard.json' with { type: 'json' };
import layout from './layout.json' with { type: 'json' };
import login from './login.json' with { type: 'json' };

/** The operator’s pages in Italian, area by area (the English source is ../<area>.text.ts). */
// JSON, the format translators' tools read; typed against the English by defineText in ../index.ts.
export const it = {
  ...accounts,
  ...apiKeys,
  ...asset,
  ...certificates,
  ...dashboard,
  ...layout,
  ...login,
};
