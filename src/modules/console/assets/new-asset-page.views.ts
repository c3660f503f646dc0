import { type SafeHtml } from '../../../lib/html.js';
import { type PlanetId } from '../../../planets/planets.js';
import type { AssetFormValues, FormProblems } from './asset-form.js';
import { categoryName } from '../../web-pages/category-name.js';
import { text } from '../text/index.js';

import { assetForm } from './asset-form.views.js';
import { underList, type PageBase } from './asset-list-page.views.js';
const words = text.assets;

/** /console/assets/{planet}/new: the create form. */
export function newAssetPage(
  options: PageBase & { planet: PlanetId; values: AssetFormValues; problems?: FormProblems },
): SafeHtml {
  return underList(
    options,
    options.planet,
    words.newTitle(categoryName(options.planet)),
    assetForm({
      session: options.session,
      planet: options.planet,
      action: `/console/assets/${options.planet}/new`,
      values: options.values,
      submit: words.create,
      problems: options.problems,
    }),
  );
}
