import pg from 'pg';
import { buildEvent } from '../src/modules/chain/history-events.service.js';
import type { ChainedEvent } from '../src/modules/chain/history-chain.js';
import { softwareTagOf, type ProvisioningAnswer, type SoftwareTag } from '../test/helpers/software-tag.js';

/** The body every bench create sends. */
export const CREATE_BODY = JSON.stringify({ title: 'Bench asset', medium: 'oil on canvas', year: 1919 });

export interface SeededAsset {
  id: string;
  certificate_number: string;
}

async function call(
  url: string,
  apiKey: string,
  method: string,
  path: string,
  body?: string,
): Promise<unknown> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body,
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** Creates count artworks through the API, eight at a time. */
export async function createAssets(url: string, apiKey: string, count: number): Promise<SeededAsset[]> {
  const assets: SeededAsset[] = [];
  for (let start = 0; start < count; start += 8) {
    const batch = Array.from({ length: Math.min(8, count - start) }, () =>
      call(url, apiKey, 'POST', '/api/v1/assets/artworks', CREATE_BODY),
    );
    assets.push(...((await Promise.all(batch)) as SeededAsset[]));
  }
  return assets;
}

/** Edits the pending asset's title times times: each edit appends an UPDATED event to its history. */
export async function updateRepeatedly(
  url: string,
  apiKey: string,
  assetId: string,
  times: number,
): Promise<void> {
  for (let count = 0; count < times; count++) {
    await call(
      url,
      apiKey,
      'PATCH',
      `/api/v1/assets/artworks/${assetId}`,
      JSON.stringify({ title: `Bench asset, edit ${count + 1}` }),
    );
  }
}

/** Verifies one asset times times, 32 at a time: a busy asset, whose history a verification no longer grows. */
export async function verifyRepeatedly(
  url: string,
  apiKey: string,
  assetId: string,
  times: number,
): Promise<void> {
  const body = JSON.stringify({ planet: 'artworks', asset_id: assetId });
  for (let start = 0; start < times; start += 32) {
    await Promise.all(
      Array.from({ length: Math.min(32, times - start) }, () =>
        call(url, apiKey, 'POST', '/api/v1/verify', body),
      ),
    );
  }
}

/**
 * Binds an NFC tag to each asset through the API (eight at a time) and answers the tag each binding's answer
 * writes (test/helpers/software-tag.ts): what the tap scenario taps, each tap a new link.
 */
export async function bindTags(
  url: string,
  apiKey: string,
  assets: readonly SeededAsset[],
): Promise<SoftwareTag[]> {
  const tags: SoftwareTag[] = [];
  for (let start = 0; start < assets.length; start += 8) {
    const batch = assets.slice(start, start + 8).map((asset, index) => {
      const uid = `04BE${(start + index).toString(16).toUpperCase().padStart(10, '0')}`;
      return call(url, apiKey, 'POST', `/api/v1/assets/artworks/${asset.id}/tags`, JSON.stringify({ uid }));
    });
    tags.push(...((await Promise.all(batch)) as ProvisioningAnswer[]).map((answer) => softwareTagOf(answer)));
  }
  return tags;
}

/** How the taps of a run came out, by verdict (of one link in flight twice, one is copied). */
export async function tapVerdicts(databaseUrl: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ verdict: string; count: number }>(
      'SELECT verdict, count(*)::int AS count FROM tag_taps GROUP BY verdict ORDER BY verdict',
    );
    return Object.fromEntries(rows.map((row) => [row.verdict, row.count]));
  } finally {
    await client.end();
  }
}

/**
 * The title term of the filtered list scenario: "Nocturne" is in 1 % of the bulk-loaded titles (every
 * hundredth), and about two thirds of those are pending.
 */
export const LIST_SEARCH_TERM = 'nocturne';

/**
 * Loads `count` artworks into one account with one INSERT … SELECT generate_series (not through the API: a
 * million creates would take longer than the bench). One a second back from now, newest first by number;
 * every third issued (and active), the rest pending drafts; every hundredth titled "Nocturne n". The rows have
 * no history: the list reads the assets table only, and the history triggers fire on asset_events, which this
 * leaves alone. VACUUM ANALYZE then gives the planner the table's statistics, as autovacuum would in time.
 */
export async function loadAssetsInBulk(databaseUrl: string, accountId: string, count: number): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO assets (id, planet, title, account_id, certificate_number, certificate_status, status,
                           attributes, created_by, updated_by, created_at, updated_at, issued_at)
       SELECT gen_random_uuid(), 'artworks',
              CASE WHEN g % 100 = 1 THEN 'Nocturne ' || g ELSE 'Bench asset ' || g END,
              $1, 'ART-BULK-' || lpad(g::text, 7, '0'),
              CASE WHEN g % 3 = 0 THEN 'issued' ELSE 'pending' END,
              CASE WHEN g % 3 = 0 THEN 'active' ELSE 'draft' END,
              '{"medium": "oil on canvas"}', $1, $1, t, t, CASE WHEN g % 3 = 0 THEN t END
       FROM generate_series(1, $2::int) g, LATERAL (SELECT now() - g * interval '1 second' AS t) at`,
      [accountId, count],
    );
    await client.query('VACUUM ANALYZE assets_artworks');
  } finally {
    await client.end();
  }
}

/** EXPLAIN (ANALYZE, BUFFERS) of a query as the service sends it, for docs/performance.md. */
export async function explain(
  databaseUrl: string,
  query: { text: string; params: unknown[] },
): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${query.text}`,
      query.params,
    );
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  } finally {
    await client.end();
  }
}

/**
 * Appends `count` valid UPDATED events to an asset's chain in bulk (1,000 to a statement; what `count` PATCHes would
 * leave, in seconds), through the table's triggers as any append: the row's chain head, the log's queue, the re-check's.
 */
export async function appendEventsInBulk(databaseUrl: string, assetId: string, count: number): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ sequence: number; hash: string; actor_account_id: string }>(
      'SELECT sequence, hash, actor_account_id FROM asset_events WHERE asset_id = $1 ORDER BY sequence DESC LIMIT 1',
      [assetId],
    );
    let previous: { sequence: number; hash: string } = rows[0]!;
    for (let done = 0; done < count;) {
      const batch: ChainedEvent[] = [];
      for (; batch.length < 1000 && done < count; done++) {
        const event: ChainedEvent = buildEvent(
          {
            assetId,
            planet: 'artworks',
            eventType: 'UPDATED',
            payload: {
              changes: { title: { old: `Bench asset, edit ${done}`, new: `Bench asset, edit ${done + 1}` } },
            },
            actorAccountId: rows[0]!.actor_account_id,
          },
          previous,
        );
        batch.push(event);
        previous = event;
      }
      await client.query(
        `INSERT INTO asset_events (id, asset_id, planet, sequence, event_type, payload, actor_account_id,
                                   created_at, prev_hash, hash)
         SELECT id, asset_id, planet, sequence, event_type, payload, actor_account_id, created_at, prev_hash, hash
         FROM jsonb_to_recordset($1::jsonb) AS e(id uuid, asset_id uuid, planet text, sequence int, event_type text,
           payload jsonb, actor_account_id uuid, created_at timestamptz, prev_hash text, hash text)
         ORDER BY sequence`,
        [JSON.stringify(batch)],
      );
    }
  } finally {
    await client.end();
  }
}

/**
 * Waits until the service's background re-check has checked the asset's history up to `sequence`, its log leaves
 * included (docs/api.md, "Verification": a verification then re-hashes only what follows); resolves with the wait.
 */
export async function waitForHistoryCheck(
  databaseUrl: string,
  assetId: string,
  sequence: number,
  timeoutMs: number,
): Promise<number> {
  const started = Date.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (;;) {
      const { rows } = await client.query<{ done: boolean }>(
        `SELECT checked_sequence = $2 AND logged_sequence = $2 AS done FROM history_checks WHERE asset_id = $1`,
        [assetId, sequence],
      );
      if (rows[0]?.done) return Date.now() - started;
      if (Date.now() - started > timeoutMs)
        throw new Error(
          `the history of ${assetId} was not checked up to event ${sequence} in ${timeoutMs} ms`,
        );
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } finally {
    await client.end();
  }
}
