import { html, type SafeHtml } from '../../lib/html.js';
import type { PhotoMatchType } from '../photo-search/photo-search.schemas.js';
import type { ServiceBrand } from '../../lib/service-brand.js';
import { categoryName, date, photoSearchSection, publicDocument, titledPanel } from './public-pages.views.js';
import { text } from './text/index.js';

// The form's answer is no address to open again: the language switcher leads to the look-up page and its form.
const LOOK_UP_PATH = '/c';

function matchPicture(match: PhotoMatchType): SafeHtml {
  if (match.image_url)
    return html`<img
      class="match-image"
      src="${match.image_url}"
      alt="${text.certificate.photographOf(match.title)}"
    />`;
  // A private photograph matched: the owner's report lets it be found, never shown.
  return html`<p class="match-no-image">${text.photoSearch.privateMatch}</p>`;
}

function matchCard(match: PhotoMatchType, index: number): SafeHtml {
  const titleId = `match-${index + 1}-title`;
  const { alert } = match;
  const words = text.photoSearch;
  // A registered certificate nobody reported is not framed in the warning's colour.
  return html`<li class="${alert ? 'match-card' : 'match-card match-card-registered'}">
    <article aria-labelledby="${titleId}">
      ${matchPicture(match)}
      <div class="match-body">
        <h3 id="${titleId}"><a href="/c/${match.certificate_number}">${match.title}</a></h3>
        ${
          alert
            ? html`<p class="match-alert">
                ${words.reported((said) => html`<strong>${said}</strong>`, alert.kind, date(alert.since))}
              </p>`
            : html`<p class="match-registered">${words.registered}</p>`
        }
        <dl class="facts">
          <div>
            <dt>${text.certificate.number}</dt>
            <dd class="number">${match.certificate_number}</dd>
          </div>
          <div>
            <dt>${text.certificate.category}</dt>
            <dd>${categoryName(match.planet)}</dd>
          </div>
          <div>
            <dt>${words.likeness}</dt>
            <dd data-method="${match.method}">
              ${
                match.method === 'copy'
                  ? words.likenesses[match.confidence]
                  : words.recognised(match.confidence, match.inliers ?? 0)
              }
            </dd>
          </div>
        </dl>
      </div>
    </article>
  </li>`;
}

/** A page that answers the photo search's form: `heading` under the search's name, then the form again if `again`. */
function photoSearchAnswer(brand: ServiceBrand, heading: string, body: SafeHtml, again: boolean): SafeHtml {
  const words = text.photoSearch;
  return publicDocument(
    brand,
    `${heading} · ${words.title}`,
    html`${titledPanel(heading, body, { eyebrow: words.title })} ${again ? photoSearchSection() : ''}`,
    'other',
    undefined,
    LOOK_UP_PATH,
  );
}

/**
 * The answer to the look-up page's photo search: a card per asset that looks like the photograph, reported stolen or
 * lost, or a registered certificate of a gallery findable by photograph (then not called reported).
 */
export function photoSearchResultsView(brand: ServiceBrand, matches: readonly PhotoMatchType[]): SafeHtml {
  const words = text.photoSearch;
  const allReported = matches.every((match) => match.alert !== null);
  const body =
    matches.length === 0
      ? html`<p>${words.noMatch}</p>`
      : html`<p>${allReported ? words.matches : words.matchesRegistered}</p>
          <ul class="match-list">
            ${matches.map(matchCard)}
          </ul>`;
  const heading = allReported ? words.found(matches.length) : words.foundRegistered(matches.length);
  return photoSearchAnswer(brand, heading, body, true);
}

/** A refused photo search, as a page: what went wrong, and the form to try again (not after too many searches). */
export function photoSearchErrorView(brand: ServiceBrand, status: number, message: string): SafeHtml {
  const words = text.photoSearch;
  const title = status === 429 ? words.tooMany : words.notSearched;
  return photoSearchAnswer(brand, title, html`<p>${message}</p>`, status !== 429);
}
