import { html, type SafeHtml } from '../../lib/html.js';
import { fieldLabel } from '../../planets/field-labels.js';
import type { PhotoMatchType } from '../photo-search/photo-search.schemas.js';
import { date, photoSearchSection, publicDocument } from './public-pages.views.js';

/** The likeness in words a person reads at a glance (the confidence of docs/media.md). */
const LIKENESS: Record<PhotoMatchType['confidence'], string> = {
  exact: 'The same picture',
  likely: 'Very like it',
  possible: 'Possibly like it',
};

function matchPicture(match: PhotoMatchType): SafeHtml {
  if (match.image_url)
    return html`<img class="match-image" src="${match.image_url}" alt="Photograph of ${match.title}" />`;
  // A private photograph matched: the owner's report lets it be found, never shown.
  return html`<p class="match-no-image">The photograph that matched is private: it is not shown.</p>`;
}

function matchCard(match: PhotoMatchType, index: number): SafeHtml {
  const titleId = `match-${index + 1}-title`;
  const { alert } = match;
  return html`<li class="match-card">
    <article aria-labelledby="${titleId}">
      ${matchPicture(match)}
      <div class="match-body">
        <h3 id="${titleId}"><a href="/c/${match.certificate_number}">${match.title}</a></h3>
        ${
          alert
            ? html`<p class="match-alert">
                <strong>Reported ${alert.kind}</strong> on or since ${date(alert.since)}
              </p>`
            : ''
        }
        <dl class="facts">
          <div>
            <dt>Certificate number</dt>
            <dd class="number">${match.certificate_number}</dd>
          </div>
          <div>
            <dt>Planet</dt>
            <dd>${fieldLabel(match.planet)}</dd>
          </div>
          <div>
            <dt>Likeness</dt>
            <dd>${LIKENESS[match.confidence]}</dd>
          </div>
        </dl>
      </div>
    </article>
  </li>`;
}

/** The answer to the look-up page's photo search: a card per reported asset that looks like the photograph. */
export function photoSearchResultsView(matches: readonly PhotoMatchType[]): SafeHtml {
  const count = matches.length;
  const heading =
    count === 0
      ? 'No reported asset looks like this photograph'
      : `${count} reported ${count === 1 ? 'asset looks' : 'assets look'} like this photograph`;
  return publicDocument(
    `${heading} · Search by photograph`,
    html`<section class="panel" aria-labelledby="page-title">
        <p class="eyebrow">Search by photograph</p>
        <h1 id="page-title">${heading}</h1>
        ${
          count === 0
            ? html`<p>
                That is no proof it is not stolen: only assets their owners reported stolen or lost are
                searched, and a different photograph of the same object, or a strong crop, is not found.
              </p>`
            : html`<p>
                  Their owners reported them stolen or lost. Do not buy, sell or lend against the object; open
                  its certificate to see whom to tell. This search is recorded.
                </p>
                <ul class="match-list">
                  ${matches.map(matchCard)}
                </ul>`
        }
      </section>
      ${photoSearchSection()}`,
  );
}

/** A refused photo search, as a page: what went wrong, and the form to try again. */
export function photoSearchErrorView(status: number, message: string): SafeHtml {
  const title = status === 429 ? 'Too many searches' : 'The photograph could not be searched';
  return publicDocument(
    `${title} · Search by photograph`,
    html`<section class="panel" aria-labelledby="page-title">
        <p class="eyebrow">Search by photograph</p>
        <h1 id="page-title">${title}</h1>
        <p>${message}</p>
      </section>
      ${status === 429 ? '' : photoSearchSection()}`,
  );
}
