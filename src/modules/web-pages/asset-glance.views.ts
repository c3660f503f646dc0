import { html, type SafeHtml } from '../../lib/html.js';
import type { AssetGlance } from '../assets/asset-glances.service.js';

/**
 * A listed asset's title with its thumbnail before it and its byline (the artist, the brand…) under it. The picture
 * only repeats what the title says, so its alt is empty; an asset without an image gets a neutral square, hidden
 * from screen readers, so the titles stay aligned.
 */
export function titleAtGlance(options: {
  /** The title as the list shows it: a link to the asset, or plain words. */
  title: SafeHtml | string;
  glance: AssetGlance | undefined;
  /** Where the thumbnail of a medium is served for this list's readers. */
  thumbnailHref: (mediaId: string) => string;
}): SafeHtml {
  const { glance } = options;
  const picture = glance?.thumbnailMediaId
    ? html`<img
        class="thumbnail"
        src="${options.thumbnailHref(glance.thumbnailMediaId)}"
        alt=""
        width="48"
        height="48"
        loading="lazy"
        decoding="async"
      />`
    : html`<span class="thumbnail thumbnail-none" aria-hidden="true"></span>`;
  return html`<span class="at-glance"
    >${picture}<span class="at-glance-words"
      >${options.title}${glance?.byline ? html`<span class="byline">${glance.byline}</span>` : ''}</span
    ></span
  >`;
}
