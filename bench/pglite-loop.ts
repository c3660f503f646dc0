import { randomUUID } from 'node:crypto';
import { PgliteDatabase } from '../src/db/pglite.js';
import {
  FIND_ASSET_SQL,
  INSERT_ASSET_WITH_CREATED_EVENT_SQL,
} from '../src/modules/assets/assets.repository.js';
import type { Credentials } from './databases.js';
import { loopMeasurement, type Measurement } from './load.js';
import { costPerRequest, processCost } from './process-cost.js';

/** The parameters of INSERT_ASSET_WITH_CREATED_EVENT_SQL for one new artwork, as the service fills them. */
export function createAssetParams(credentials: Credentials): unknown[] {
  const id = randomUUID();
  const now = new Date().toISOString();
  const attributes = { medium: 'oil on canvas', year: 1919 };
  return [
    id,
    'artworks',
    'Bench asset',
    credentials.accountId,
    JSON.stringify(attributes),
    now,
    randomUUID(),
    'CREATED',
    JSON.stringify({ source: 'api', api_key_id: credentials.apiKeyId }),
    '0'.repeat(64),
    randomUUID(),
    JSON.stringify({ id, title: 'Bench asset', account_id: credentials.accountId, created_at: now }),
    // No inventory number, as a create without one.
    null,
  ];
}

/** The reference for embedded PGlite: a create's and a get's SQL in a plain loop, no HTTP. */
export class RawPgliteLoop {
  private readonly ids: string[] = [];

  private constructor(
    private readonly db: PgliteDatabase,
    private readonly credentials: Credentials,
  ) {}

  static async open(dataDir: string, credentials: Credentials): Promise<RawPgliteLoop> {
    return new RawPgliteLoop(await PgliteDatabase.open(dataDir), credentials);
  }

  /** One create at a time, sent as the service sends it: in BEGIN … COMMIT, or the statement alone. */
  async create(seconds: number, statements: 'transaction' | 'single' = 'single'): Promise<Measurement> {
    const { pglite } = this.db;
    return this.loop(seconds, async () => {
      const params = createAssetParams(this.credentials);
      if (statements === 'single') await pglite.query(INSERT_ASSET_WITH_CREATED_EVENT_SQL, params);
      else
        await pglite.transaction(async (tx) => {
          await tx.query(INSERT_ASSET_WITH_CREATED_EVENT_SQL, params);
        });
      if (this.ids.length < 1000) this.ids.push(params[0] as string);
    });
  }

  async get(seconds: number): Promise<Measurement> {
    if (this.ids.length === 0) await this.create(0.2);
    const { pglite } = this.db;
    let next = 0;
    return this.loop(seconds, async () => {
      const { rows } = await pglite.query(FIND_ASSET_SQL, ['artworks', this.ids[next++ % this.ids.length]]);
      if (rows.length !== 1) throw new Error('asset not found');
    });
  }

  private async loop(seconds: number, operation: () => Promise<void>): Promise<Measurement> {
    const latencies: number[] = [];
    let errors = 0;
    // In process: the bench's own CPU over the loop is the loop's (nothing else runs meanwhile).
    const costBefore = processCost(process.pid);
    const started = performance.now();
    const end = started + seconds * 1000;
    for (let now = started; now < end;) {
      try {
        await operation();
      } catch {
        errors++;
      }
      const after = performance.now();
      latencies.push(after - now);
      now = after;
    }
    const elapsed = (performance.now() - started) / 1000;
    const cost = costPerRequest(costBefore, processCost(process.pid), latencies.length);
    return {
      ...loopMeasurement(latencies, elapsed, errors),
      cpuMsPer1000: cost.cpuMsPer1000,
      ...(cost.writesPerRequest === undefined ? {} : { writesPerRequest: cost.writesPerRequest }),
    };
  }

  async close(): Promise<void> {
    await this.db.close();
  }
}
