import type { Database } from '../../src/db/database.js';
import { createAccount } from '../../src/modules/accounts/accounts.service.js';
import { createApiKey } from '../../src/modules/keys/keys.service.js';

/** An account and a key for every planet, made directly in the database a child server uses. */
export async function accountWithKey(
  db: Database,
  name = 'Reliability Gallery',
): Promise<{ accountId: string; authorization: string }> {
  const account = await createAccount(db, { name });
  const key = await createApiKey(db, {
    actor: { admin: true },
    accountId: account.id,
    planetScope: [],
    expiresAt: null,
    name,
  });
  return { accountId: account.id, authorization: `Bearer ${key.key}` };
}

export interface CreateIntegrity {
  assets: number;
  /** Assets without exactly one CREATED event or without exactly one asset.created outbox row. */
  assetsWithoutTheirEvents: number;
  /** CREATED events or asset.created outbox rows whose asset does not exist. */
  orphans: number;
  distinctCertificateNumbers: number;
}

/** Checks that every asset of the account was created with its event and outbox row, and nothing else was. */
export async function createIntegrity(db: Database, accountId: string): Promise<CreateIntegrity> {
  const { rows } = await db.query<{
    assets: number;
    without_events: number;
    orphan_events: number;
    orphan_outbox: number;
    numbers: number;
  }>(
    `SELECT
       (SELECT count(*)::int FROM assets WHERE account_id = $1) AS assets,
       (SELECT count(DISTINCT certificate_number)::int FROM assets WHERE account_id = $1) AS numbers,
       (SELECT count(*)::int FROM assets a WHERE a.account_id = $1 AND (
          (SELECT count(*) FROM asset_events e WHERE e.asset_id = a.id AND e.event_type = 'CREATED') <> 1
          OR (SELECT count(*) FROM webhook_outbox o
              WHERE o.event_type = 'asset.created' AND o.payload->'asset'->>'id' = a.id::text) <> 1
       )) AS without_events,
       (SELECT count(*)::int FROM asset_events e WHERE e.event_type = 'CREATED'
          AND e.actor_account_id = $1 AND NOT EXISTS (SELECT 1 FROM assets a WHERE a.id = e.asset_id)) AS orphan_events,
       (SELECT count(*)::int FROM webhook_outbox o WHERE o.event_type = 'asset.created' AND o.account_id = $1
          AND NOT EXISTS (SELECT 1 FROM assets a WHERE a.id::text = o.payload->'asset'->>'id')) AS orphan_outbox`,
    [accountId],
  );
  const row = rows[0]!;
  return {
    assets: row.assets,
    assetsWithoutTheirEvents: row.without_events,
    orphans: row.orphan_events + row.orphan_outbox,
    distinctCertificateNumbers: row.numbers,
  };
}
