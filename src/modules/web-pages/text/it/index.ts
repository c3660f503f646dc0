import assetParts from './asset-parts.json' with { type: 'json' };
import forms from './forms.json' with { type: 'json' };
import frame from './frame.json' with { type: 'json' };
import keyForm from './key-form.json' with { type: 'json' };
import people from './people.json' with { type: 'json' };
import values from './values.json' with { type: 'json' };

/** The words /admin and /console share in Italian, area by area (the English source is ../<area>.text.ts). */
// JSON, the format translators' tools read; typed against the English by defineText in ../index.ts.
export const it = {
  ...assetParts,
  ...forms,
  ...frame,
  ...keyForm,
  ...people,
  ...values,
};
