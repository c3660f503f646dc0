import { html, type SafeHtml } from '../../../lib/html.js';
import type { PhotoMatchType } from '../../photo-search/photo-search.schemas.js';
import { categoryName } from '../../web-pages/category-name.js';
import { photoField } from '../../web-pages/page-parts/photo-field.views.js';
import { formatTime } from '../../web-pages/page-document.views.js';
import { consolePage, type ConsoleFrame } from '../shell/console-layout.views.js';
import { text } from '../text/index.js';
import { uploadFormSection } from '../shell/upload-form.views.js';

const words = text.search;

/** A match's picture as the console may show it: `imageSrc` is null for another account's private image. */
export interface ConsoleMatch extends PhotoMatchType {
  imageSrc: string | null;
}

function searchForm(frame: ConsoleFrame): SafeHtml {
  return uploadFormSection({
    session: frame.session,
    id: 'search-form',
    heading: words.formHeading,
    action: '/console/search',
    fields: photoField('search-photo', { label: words.photoLabel, hint: words.photoHint }),
    submit: words.submit,
    attributes: html`role="search" aria-label="${words.title}"`,
    sectionClass: 'panel',
  });
}

/** How the match was found and how sure, in words: a copy by its likeness, a new photograph by its matching points. */
function likeness(match: ConsoleMatch): string {
  return match.method === 'copy'
    ? words.likeness[match.confidence]
    : words.recognised(match.confidence, match.inliers ?? 0);
}

function matchCard(match: ConsoleMatch): SafeHtml {
  const { alert } = match;
  return html`<li data-certificate-number="${match.certificate_number}">
    <figure>
      ${
        match.imageSrc
          ? html`<img src="${match.imageSrc}" alt="${words.imageAlt(match.title)}" loading="lazy" />`
          : html`<p class="empty">${words.privateImage}</p>`
      }
      <figcaption>
        <strong>${match.title}</strong><br />
        ${categoryName(match.planet)} ·
        <a
          href="/c/${match.certificate_number}"
          aria-label="${words.openCertificate(match.certificate_number)}"
          >${match.certificate_number}</a
        ><br />
        <span data-method="${match.method}">${words.likenessLabel}: ${likeness(match)}</span>
        ${
          alert
            ? html`<br /><span class="badge badge-expired">${words.reported(alert.kind)}</span> ${words.since}
                ${formatTime(alert.since)}`
            : ''
        }
      </figcaption>
    </figure>
  </li>`;
}

function resultsSection(matches: readonly ConsoleMatch[]): SafeHtml {
  return html`<section aria-labelledby="search-results-heading">
    <h2 id="search-results-heading">${words.resultsHeading(matches.length)}</h2>
    ${
      matches.length === 0
        ? html`<p class="empty">${words.noneFound}</p>`
        : html`<ul class="media-grid">
            ${matches.map(matchCard)}
          </ul>`
    }
  </section>`;
}

/** /console/search: the form, and after a search the matches as cards with their pictures. */
export function searchPage(frame: ConsoleFrame & { matches?: readonly ConsoleMatch[] }): SafeHtml {
  return consolePage({
    ...frame,
    section: 'search',
    title: words.title,
    content: html`<p>${words.intro}</p>
      ${searchForm(frame)} ${frame.matches ? resultsSection(frame.matches) : ''}`,
  });
}
