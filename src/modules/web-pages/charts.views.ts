import { html, type SafeHtml } from '../../lib/html.js';

/**
 * Small charts drawn on the server as SVG: no library, no script. Each one is an image with a title and a
 * description (role="img"), says its main figures in words beside it, and gives every number in a table
 * (caption, th scope) inside a <details>, so neither colour nor sight is needed to read it.
 */

/** The words around a chart, given by the page (its text file). */
export interface ChartText {
  title: string;
  /** What the chart shows, in a sentence (the SVG's <desc>). */
  description: string;
  /** The summary of the <details> that holds the table. */
  tableSummary: string;
  caption: string;
  labelHeader: string;
  valueHeader: string;
}

// The charts are drawn at the width of their column with no viewBox to scale them: their words keep the size they
// are given (13 px, above the 12 px a phone needs) at any width. Positions across are in percent of the width,
// heights in pixels; the bars sit in an inner <svg> stretched to its plot (preserveAspectRatio="none").
const LABEL_SIZE = 13;

// Named by its title, described by its desc: the description's words stay out of the accessible name.
function frame(id: string, text: ChartText, height: number, body: SafeHtml): SafeHtml {
  return html`<svg
    class="chart"
    id="${id}"
    role="img"
    width="100%"
    height="${height}"
    aria-labelledby="${id}-title"
    aria-describedby="${id}-desc"
  >
    <title id="${id}-title">${text.title}</title>
    <desc id="${id}-desc">${text.description}</desc>
    ${body}
  </svg>`;
}

function numbersTable(text: ChartText, rows: readonly { label: string; value: string }[]): SafeHtml {
  return html`<details class="chart-data">
    <summary>${text.tableSummary}</summary>
    <div class="table-wrap">
      <table>
        <caption>
          ${text.caption}
        </caption>
        <thead>
          <tr>
            <th scope="col">${text.labelHeader}</th>
            <th scope="col" class="number">${text.valueHeader}</th>
          </tr>
        </thead>
        <tbody>
          ${rows.map(
            (row) =>
              html`<tr>
                <th scope="row">${row.label}</th>
                <td class="number">${row.value}</td>
              </tr>`,
          )}
        </tbody>
      </table>
    </div>
  </details>`;
}

/** A round top for the axis: 1, 2 or 5 times a power of ten, at least the largest value and at least 1. */
function axisTop(max: number): number {
  if (max <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  return [1, 2, 5, 10].map((step) => step * power).find((top) => top >= max)!;
}

const round = (value: number) => Math.round(value * 10) / 10;
const percent = (value: number) => `${round(value)}%`;

/**
 * One bar per day (`day` as YYYY-MM-DD), the axis's top and middle values written on it, the first, middle and
 * last days under it. A day with none keeps a thin mark on the axis: zero, not missing.
 */
export function dayBarChart(
  id: string,
  text: ChartText,
  series: readonly { day: string; count: number }[],
): SafeHtml {
  const height = 200;
  const top = 12;
  const bottom = 28;
  // The axis's numbers in the left 12 % of the width, the bars in the rest.
  const plotLeft = 12;
  const slots = Math.max(1, series.length);
  const plotHeight = height - top - bottom;
  const axis = axisTop(Math.max(0, ...series.map((point) => point.count)));
  const baseline = top + plotHeight;
  const y = (value: number) => round(baseline - (value / axis) * plotHeight);
  const ticks = [0, axis / 2, axis].filter((value, index) => index !== 1 || Number.isInteger(value));
  const labelled = new Set([0, Math.floor((series.length - 1) / 2), series.length - 1]);
  const slotCentre = (index: number) => plotLeft + ((100 - plotLeft) * (index + 0.5)) / slots;
  // In the plot, a day is 10 units wide and a unit of height is a pixel: only the width stretches.
  const plot = html`<svg
    x="${plotLeft}%"
    width="${100 - plotLeft}%"
    height="${height}"
    viewBox="0 0 ${slots * 10} ${height}"
    preserveAspectRatio="none"
  >
    ${ticks.map(
      (value) =>
        html`<line
          x1="0"
          x2="${slots * 10}"
          y1="${y(value)}"
          y2="${y(value)}"
          stroke="#d0d7de"
          vector-effect="non-scaling-stroke"
        />`,
    )}
    ${series.map((point, index) => {
      const barTop = point.count === 0 ? baseline - 1 : y(point.count);
      return html`<rect
        fill="${point.count === 0 ? '#57606a' : '#0a58ca'}"
        x="${index * 10 + 1.5}"
        y="${barTop}"
        width="7"
        height="${round(baseline - barTop)}"
        ><title>${point.day}: ${point.count}</title></rect
      >`;
    })}
  </svg>`;
  const body = html`${plot}
    <g font-size="${LABEL_SIZE}" fill="#57606a">
      ${ticks.map(
        (value) => html`<text x="${plotLeft - 1}%" y="${y(value) + 4}" text-anchor="end">${value}</text>`,
      )}
      ${series.map((point, index) =>
        labelled.has(index)
          ? html`<text
              x="${percent(slotCentre(index))}"
              y="${height - 8}"
              text-anchor="${index === 0 ? 'start' : index === series.length - 1 ? 'end' : 'middle'}"
            >
              ${point.day.slice(5)}
            </text>`
          : '',
      )}
    </g>`;
  return html`${frame(id, text, height, body)}
  ${numbersTable(
    text,
    series.map((point) => ({ label: point.day, value: String(point.count) })),
  )}`;
}

/** One item of a bar list: its label and value are written beside the bar; `hatched` adds a pattern. */
export interface BarItem {
  label: string;
  value: number;
  /** What is written after the bar and in the table, when not the bare number (a share, a unit). */
  valueText?: string;
  /** A problem (a failure): drawn hatched, so it differs from the others by shape as well as by word. */
  hatched?: boolean;
}

/** Horizontal bars, one per item, its name and value written above it: readable with no colour at all. */
export function barList(id: string, text: ChartText, items: readonly BarItem[]): SafeHtml {
  const row = 42;
  const height = Math.max(1, items.length) * row + 4;
  const max = Math.max(1, ...items.map((item) => item.value));
  const body = html`<defs>
      <pattern
        id="${id}-hatch"
        width="8"
        height="8"
        patternUnits="userSpaceOnUse"
        patternTransform="rotate(45)"
      >
        <rect width="8" height="8" fill="#ffffff" />
        <line x1="0" y1="0" x2="0" y2="8" stroke="#b42318" stroke-width="4" />
      </pattern>
    </defs>
    ${items.map((item, index) => {
      const y = 4 + index * row;
      // A bar's length in percent of the width; zero keeps a one-pixel mark.
      const width = item.value === 0 ? '1' : percent(Math.max(0.5, (item.value / max) * 100));
      return html`<text font-size="${LABEL_SIZE}" x="0" y="${y + 14}">${item.label}</text>
        <text font-size="${LABEL_SIZE}" x="100%" y="${y + 14}" text-anchor="end">
          ${item.valueText ?? String(item.value)}
        </text>
        <rect
          x="0"
          y="${y + 20}"
          width="${width}"
          height="14"
          ${item.hatched ? html` fill="url(#${id}-hatch)" stroke="#b42318"` : html` fill="#0a58ca"`}
        />`;
    })}`;
  return html`${frame(id, text, height, body)}
  ${numbersTable(
    text,
    items.map((item) => ({ label: item.label, value: item.valueText ?? String(item.value) })),
  )}`;
}
