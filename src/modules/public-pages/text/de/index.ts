import certificate from './certificate.json' with { type: 'json' };
import howToCheck from './how-to-check.json' with { type: 'json' };
import landing from './landing.json' with { type: 'json' };
import lookUp from './look-up.json' with { type: 'json' };
import page from './page.json' with { type: 'json' };
import photoSearch from './photo-search.json' with { type: 'json' };
import registration from './registration.json' with { type: 'json' };
import tap from './tap.json' with { type: 'json' };

/** The public pages' words in German, area by area (the English source is ../<area>.text.ts). */
// JSON, the format translators' tools read; typed against the English by defineText in ../index.ts.
export const de = {
  ...certificate,
  ...howToCheck,
  ...landing,
  ...lookUp,
  ...page,
  ...photoSearch,
  ...registration,
  ...tap,
};
