// Lists (issue #53 item 3, docs/performance.md "Round 4: lists"): the list pages of one account at 1,000 assets and at
// settings.listAssets (a million), each size on its own database and service, beside a get of that service's own
// assets: a page's p99 and CPU per request over the get's, from the same run.
import { recordTarget } from './targets.js';
import { assetListQuery } from '../src/modules/assets/asset-list.repository.js';
import { createFreshPostgres, seedPostgres } from './databases.js';
import { createAssets, explain, LIST_SEARCH_TERM, loadAssetsInBulk, updateRepeatedly } from './fixtures.js';
import { rotatingGet, runHttpLoad, type Measurement } from './load.js';
import { startService, type ServiceBenchOptions } from './processes.js';

/** The name that selects every list scenario: BENCH_ONLY=lists. */
const LIST_GROUP = 'lists';
/** The pages measured at each size; BENCH_ONLY takes a name without its size too ('list first page'). */
const LIST_PAGES = ['list first page', 'list deep page', 'list filtered', 'list history page'] as const;
/** The anchor of each size: a get of that account's assets in turn, on that service. */
const LIST_GET = 'list get';
/** The small account of the issue's two sizes. */
const SMALL_ACCOUNT = 1_000;
/** Rows a deep page's cursor is walked past (fewer in a small account: half of it). */
const DEEP_ROWS = 10_000;
/** Assets the anchor gets in turn. */
const GET_ASSETS = 256;
/** Issue #53: a page's p99 at most twice a get's, its CPU per request at most three times. */
const P99_TARGET = 2;
const CPU_TARGET = 3;

export function listScenariosSelected(only: ReadonlySet<string> | undefined): boolean {
  return (
    !only ||
    only.has(LIST_GROUP) ||
    [...only].some((name) => name === LIST_GET || LIST_PAGES.some((page) => name.startsWith(page)))
  );
}

export interface ListScenario {
  name: string;
  description: string;
  group: string;
  measure: (seconds: number, connections: number) => Promise<Measurement>;
}

export interface ListBench {
  scenarios: ListScenario[];
  /** The query plans of the three list queries at each size (EXPLAIN ANALYZE, BUFFERS). */
  plans: string;
  /** After the rounds: each page's p99 and CPU per request over its size's get, with the targets. */
  report: (summaries: ReadonlyMap<string, Measurement>, floorGet?: Measurement) => string[];
}

const sizeName = (assets: number) => `(${assets.toLocaleString('en')} assets)`;

/**
 * One size: `assets` artworks in one account loaded in bulk (bench/fixtures.ts), a cursor walked DEEP_ROWS deep
 * through the API (the ids on the way are what the get fetches), an asset of 10 events for the history page.
 */
async function setUpSize(
  assets: number,
  options: ServiceBenchOptions,
): Promise<{ scenarios: ListScenario[]; plans: string }> {
  const { settings, serviceEnv, poolEnv, cleanups, track } = options;
  const fresh = await createFreshPostgres(settings.adminDatabaseUrl, `lists_${assets}`);
  cleanups.push(() => fresh.drop());
  const credentials = await seedPostgres(fresh.url);
  const started = Date.now();
  await loadAssetsInBulk(fresh.url, credentials.accountId, assets);
  console.log(
    `Lists: ${assets} assets loaded and analysed in ${((Date.now() - started) / 1000).toFixed(0)} s.`,
  );
  const server = track(
    await startService({
      name: `service-postgres-lists-${assets}`,
      env: { ...serviceEnv, ...poolEnv, DATABASE_URL: fresh.url },
      cpuProfileDir: settings.cpuProfileDir,
    }),
  );
  const auth = { authorization: `Bearer ${credentials.apiKey}` };
  const depth = Math.min(DEEP_ROWS, Math.floor(assets / 2));
  const walked: { created_at: string; id: string }[] = [];
  let cursor: string | null = null;
  while (walked.length < depth) {
    const response = await fetch(
      `${server.url}/api/v1/assets/artworks?limit=${Math.min(100, depth - walked.length)}${cursor ? `&cursor=${cursor}` : ''}`,
      { headers: auth },
    );
    const body = (await response.json()) as {
      data: { created_at: string; id: string }[];
      next_cursor: string | null;
    };
    walked.push(...body.data);
    cursor = body.next_cursor;
    if (!cursor) throw new Error(`the list of ${assets} ended after ${walked.length} rows`);
  }
  const last = walked.at(-1)!;
  // The get's assets spread over the rows walked, not only the newest.
  const step = Math.max(1, Math.floor(walked.length / GET_ASSETS));
  const getPaths = walked
    .filter((_, index) => index % step === 0)
    .slice(0, GET_ASSETS)
    .map((asset) => `/api/v1/assets/artworks/${asset.id}`);
  const [historyAsset] = await createAssets(server.url, credentials.apiKey, 1);
  await updateRepeatedly(server.url, credentials.apiKey, historyAsset!.id, 9);
  const pages: Record<(typeof LIST_PAGES)[number], { path: string; description: string }> = {
    'list first page': {
      path: '/api/v1/assets/artworks',
      description: 'GET /api/v1/assets/artworks (50 rows)',
    },
    'list deep page': {
      path: `/api/v1/assets/artworks?cursor=${cursor}`,
      description: `GET /api/v1/assets/artworks?cursor=… (${depth.toLocaleString('en')} rows deep)`,
    },
    'list filtered': {
      path: `/api/v1/assets/artworks?certificate_status=pending&q=${LIST_SEARCH_TERM}`,
      description: `GET /api/v1/assets/artworks?certificate_status=pending&q=${LIST_SEARCH_TERM} (1 % of the titles)`,
    },
    'list history page': {
      path: `/api/v1/assets/artworks/${historyAsset!.id}/history`,
      description: 'GET /api/v1/assets/artworks/{id}/history, an asset of 10 events',
    },
  };
  const http = (paths: readonly string[]) => (seconds: number, connections: number) =>
    runHttpLoad(
      { target: () => server.url, pid: () => server.pid, headers: auth, requests: [rotatingGet(paths)] },
      { connections, seconds },
    );
  const suffix = sizeName(assets);
  const scenarios: ListScenario[] = [
    {
      name: `${LIST_GET} ${suffix}`,
      description: `GET /api/v1/assets/artworks/{id}, ${getPaths.length} of the account's assets in turn`,
      group: LIST_GROUP,
      measure: http(getPaths),
    },
    ...LIST_PAGES.map((page) => ({
      name: `${page} ${suffix}`,
      description: `${pages[page].description}, an account of ${assets.toLocaleString('en')}`,
      group: LIST_GROUP,
      measure: http([pages[page].path]),
    })),
  ];
  const base = { planet: 'artworks', accountId: credentials.accountId };
  const queries = [
    ['first page', assetListQuery(base, { limit: 51 })],
    [
      'deep page',
      assetListQuery(base, { limit: 51, after: { createdAt: new Date(last.created_at), id: last.id } }),
    ],
    [
      'filtered',
      assetListQuery(
        {
          ...base,
          certificateStatuses: ['pending'],
          titlePattern: `%${LIST_SEARCH_TERM}%`,
          titleOrInventoryNumber: LIST_SEARCH_TERM,
        },
        { limit: 51 },
      ),
    ],
  ] as const;
  const plans: string[] = [];
  for (const [name, query] of queries) plans.push(`-- ${name} ${suffix}\n${await explain(fresh.url, query)}`);
  return { scenarios, plans: plans.join('\n\n') };
}

/** The list scenarios at SMALL_ACCOUNT and at settings.listAssets assets. */
export async function setUpListBench(options: ServiceBenchOptions): Promise<ListBench> {
  const sizes = [...new Set([SMALL_ACCOUNT, options.settings.listAssets])];
  const scenarios: ListScenario[] = [];
  const plans: string[] = [];
  for (const assets of sizes) {
    const size = await setUpSize(assets, options);
    scenarios.push(...size.scenarios);
    plans.push(size.plans);
  }
  return {
    scenarios,
    plans: plans.join('\n\n'),
    report: (summaries, floorGet) => {
      const lines: string[] = [];
      for (const assets of sizes) {
        const suffix = sizeName(assets);
        const get = summaries.get(`${LIST_GET} ${suffix}`);
        for (const page of LIST_PAGES) {
          const name = `${page} ${suffix}`;
          const measured = summaries.get(name);
          if (!measured) continue;
          // Issue #35 target 2, an absolute bound kept beside the ratios.
          lines.push(
            `${name} p99: ${measured.p99Ms.toFixed(1)} ms  target ≤ 20 ms: ${measured.p99Ms <= 20 ? 'met' : 'NOT met'}`,
          );
          if (get && get.p99Ms > 0)
            lines.push(
              recordTarget({
                item: 3,
                name: `${name} p99 / get p99`,
                value: measured.p99Ms / get.p99Ms,
                target: P99_TARGET,
                atMost: true,
              }),
            );
          if (get?.cpuMsPer1000 && measured.cpuMsPer1000 !== undefined)
            lines.push(
              recordTarget({
                item: 3,
                name: `${name} CPU / get CPU`,
                value: measured.cpuMsPer1000 / get.cpuMsPer1000,
                target: CPU_TARGET,
                atMost: true,
              }),
            );
          // The bare floor's get (bench/floor-server.ts), when it ran too: the figure earlier rounds reported.
          if (floorGet && floorGet.p99Ms > 0)
            lines.push(`${name} p99 / floor get p99: ${(measured.p99Ms / floorGet.p99Ms).toFixed(2)}`);
        }
      }
      return lines;
    },
  };
}
