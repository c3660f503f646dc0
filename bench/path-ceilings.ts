// Issue #53, item 2 (first step): the statements each write path sends, per request, read from pg_stat_statements on
// the bench's own PostgreSQL 15 cluster (bench/stats-cluster.ts). The pgbench replay of them is still to come.
import { createFreshPostgres, seedPostgres } from './databases.js';
import { bindTags, createAssets, CREATE_BODY } from './fixtures.js';
import { startService } from './processes.js';
import type { BenchSettings } from './settings.js';
import { resetStatements, startStatsCluster, statementsOf } from './stats-cluster.js';

/** The name that selects the path ceilings: BENCH_ONLY=ceilings. */
const CEILINGS_GROUP = 'ceilings';

export function pathCeilingsSelected(only: ReadonlySet<string> | undefined): boolean {
  return !only || only.has(CEILINGS_GROUP);
}

/** The service's background work (log integration, notifications) settles before each count. */
const SETTLE_MS = 1_500;

/** Each path's requests sent one at a time, then its top-level statements and their calls per request. */
export async function runPathStatements(options: {
  settings: BenchSettings;
  serviceEnv: Record<string, string>;
  cleanups: (() => Promise<void>)[];
}): Promise<string[]> {
  const { settings } = options;
  const cluster = await startStatsCluster(settings.postgresBin, settings.connections + 100);
  options.cleanups.push(() => cluster.destroy());
  const fresh = await createFreshPostgres(cluster.adminUrl, 'paths');
  const credentials = await seedPostgres(fresh.url);
  const service = await startService({
    name: 'service-paths',
    env: { ...options.serviceEnv, DATABASE_URL: fresh.url },
    cpuProfileDir: settings.cpuProfileDir,
  });
  options.cleanups.push(() => service.stop());
  const headers = { authorization: `Bearer ${credentials.apiKey}`, 'content-type': 'application/json' };
  const assets = await createAssets(service.url, credentials.apiKey, 64);
  const tags = await bindTags(service.url, credentials.apiKey, assets.slice(0, 32));
  const requests = settings.pathStatementRequests;
  const paths: { name: string; send: (index: number) => Promise<Response> }[] = [
    {
      name: 'create',
      send: () =>
        fetch(`${service.url}/api/v1/assets/artworks`, { method: 'POST', headers, body: CREATE_BODY }),
    },
    {
      name: 'verify',
      send: (index) =>
        fetch(`${service.url}/api/v1/verify`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ planet: 'artworks', asset_id: assets[32 + (index % 32)]!.id }),
        }),
    },
    { name: 'tap', send: (index) => fetch(`${service.url}${tags[index % tags.length]!.tap('')}`) },
  ];
  const lines = [
    '',
    `Statements per request of each write path (pg_stat_statements, ${requests} requests one at a time):`,
  ];
  for (const path of paths) {
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    await resetStatements(cluster.adminUrl);
    for (let index = 0; index < requests; index++) {
      const response = await path.send(index);
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${path.name}: ${response.status}`);
    }
    const seen = await statementsOf(cluster.adminUrl, fresh.name);
    lines.push('', `${path.name}:`);
    // Statements called less than once per two requests are the service's background work, shown apart.
    for (const statement of seen) {
      const perRequest = statement.calls / requests;
      const text = statement.query.replace(/\s+/g, ' ');
      lines.push(
        `  ${perRequest.toFixed(2)}/req${perRequest < 0.5 ? ' (background)' : ''}  ${text.slice(0, 160)}`,
      );
    }
  }
  return lines;
}
