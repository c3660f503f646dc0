// The collector's pages (issue #50, docs/collectors.md) beside the public certificate pages of the same works: a
// collector has no API, so the anchor is the page anyone reads of each object (docs/performance.md, "Round 4").
import { collectorHolding, issueCertificates, type Credentials } from './databases.js';
import { createAssets } from './fixtures.js';
import { rotatingGet, runHttpLoad, type HttpLoad, type Measurement } from './load.js';
import { recordTarget } from './targets.js';

/** The name that selects every collector scenario: BENCH_ONLY=collector. */
const COLLECTOR_GROUP = 'collector';
const LIST_PAGE = 'collector list page';
const OBJECT_PAGE = 'collector object page';
const ANCHOR = 'collector certificate page (anchor)';
/** Works the bench's collector holds: a private collection, all on one list page. */
const HELD_OBJECTS = 20;
/** The console pages' bar (issue #53 item 3), taken for the collector's pages: issue #50 gave no figure. */
const P99_RATIO_TARGET = 3;

export function collectorScenariosSelected(only: ReadonlySet<string> | undefined): boolean {
  return !only || [COLLECTOR_GROUP, LIST_PAGE, OBJECT_PAGE, ANCHOR].some((name) => only.has(name));
}

/**
 * HELD_OBJECTS new issued works, each handed over by the account's claim and accepted by one collector signed in by a
 * mailed link; the scenarios read them with the collector's cookie and, for the anchor, as anyone does.
 */
export async function setUpCollectorBench(options: {
  databaseUrl: string;
  url: () => string;
  pid: () => number;
  credentials: Credentials;
}) {
  const { url, pid } = options;
  const works = await createAssets(url(), options.credentials.apiKey, HELD_OBJECTS);
  await issueCertificates(
    options.databaseUrl,
    works.map((work) => work.certificate_number),
  );
  const collector = await collectorHolding(
    options.databaseUrl,
    options.credentials,
    'collector@bench.example',
    works,
  );
  const http =
    (headers: Record<string, string>, load: Pick<HttpLoad, 'requests'>) =>
    (seconds: number, connections: number): Promise<Measurement> =>
      runHttpLoad({ target: url, pid, headers, ...load }, { connections, seconds });
  const session = { cookie: collector.cookie };
  const scenarios = [
    {
      name: LIST_PAGE,
      group: COLLECTOR_GROUP,
      description: `GET /collection ("My collection", ${HELD_OBJECTS} works with their photos), the collector's session cookie`,
      measure: http(session, { requests: [{ method: 'GET', path: '/collection' }] }),
    },
    {
      name: OBJECT_PAGE,
      group: COLLECTOR_GROUP,
      description: `GET /collection/objects/artworks/{id} (the collector's session cookie), ${HELD_OBJECTS} works in turn`,
      measure: http(session, {
        requests: [rotatingGet(works.map((work) => `/collection/objects/artworks/${work.id}`))],
      }),
    },
    {
      name: ANCHOR,
      group: COLLECTOR_GROUP,
      description: `GET /c/{number} (public page, no cookie), the same ${HELD_OBJECTS} works in turn`,
      measure: http({}, { requests: [rotatingGet(works.map((work) => `/c/${work.certificate_number}`))] }),
    },
  ];
  /** Each page's p99 beside the anchor's, with the target (item 5 of issue #53): the lines to print. */
  const report = (summaries: ReadonlyMap<string, Measurement>): string[] => {
    const anchor = summaries.get(ANCHOR);
    const lines: string[] = [];
    for (const page of [LIST_PAGE, OBJECT_PAGE]) {
      const measured = summaries.get(page);
      if (!measured || !anchor || anchor.p99Ms <= 0) continue;
      lines.push(
        `${page}: p50 ${measured.p50Ms.toFixed(1)} ms, p99 ${measured.p99Ms.toFixed(1)} ms, ` +
          `${measured.requestsPerSecond.toFixed(0)} req/s; anchor p99 ${anchor.p99Ms.toFixed(1)} ms, ` +
          `${anchor.requestsPerSecond.toFixed(0)} req/s`,
        recordTarget({
          item: 5,
          name: `${page} p99 / certificate page p99`,
          value: measured.p99Ms / anchor.p99Ms,
          target: P99_RATIO_TARGET,
          atMost: true,
        }),
      );
    }
    return lines;
  };
  return { scenarios, report };
}
