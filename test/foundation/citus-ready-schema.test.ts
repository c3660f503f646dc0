import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';

/**
 * The Citus step of docs/scaling.md, as the schema must allow it. Citus refuses to distribute a table whose
 * primary key or unique constraints leave out the distribution column, a foreign key between distributed
 * tables that leaves it out, and any foreign key from a distributed or reference table to a table kept on
 * the coordinator. A new table must be placed here, so the plan is kept as the schema grows.
 */
const DISTRIBUTED_BY_ASSET = {
  assets: 'id',
  asset_events: 'asset_id',
  verifications: 'asset_id',
  transfers: 'asset_id',
  certificate_credentials: 'asset_id',
  status_list_entries: 'asset_id',
  asset_media: 'asset_id',
  asset_alerts: 'asset_id',
  alert_lookups: 'asset_id',
  media_fingerprints: 'asset_id',
  media_features: 'asset_id',
  history_checks: 'asset_id',
  history_recheck_queue: 'asset_id',
  certificate_corrections: 'asset_id',
  certificate_correction_images: 'asset_id',
  asset_holdings: 'asset_id',
} as const;
const REFERENCE = [
  'planets',
  'accounts',
  'api_keys',
  'signing_keys',
  'tag_key_versions',
  'status_lists',
  'media_blobs',
  'people',
  'account_members',
  'account_profiles',
  'collectors',
];
const ON_THE_COORDINATOR = [
  'tlog_state',
  'tlog_pending',
  'tlog_entries',
  'tlog_hashes',
  'webhooks',
  'webhook_outbox',
  'mail_outbox',
  'webhook_deliveries',
  'idempotency_keys',
  'admin_users',
  'admin_sessions',
  'admin_setup_links',
  'watchlist_entries',
  'media_chunks',
  'public_read_versions',
  'schema_migrations',
  'member_invitations',
  'member_passkeys',
  'person_mail_links',
  'member_sessions',
  'webauthn_challenges',
  'password_resets',
  'notice_events',
  'notice_digest_items',
  'member_notice_settings',
  'admin_notice_settings',
  'person_devices',
  'notice_link_keys',
  'account_audit_log',
  'tags',
  'tag_taps',
  'keyless_search_changes',
  'imports',
  'import_rows',
  'import_media',
  'handovers',
  'collector_sessions',
  'holding_proofs',
];
/** The unique keys the Citus step drops, each with what holds its guarantee there (docs/scaling.md). */
const DROPPED_AT_THE_CITUS_STEP = [
  'assets (planet, certificate_number)',
  'assets (planet, account_id, inventory_number)',
  'certificate_credentials (planet, certificate_number)',
  'status_list_entries (purpose, list_number, status_index)',
];

type Placement = 'distributed' | 'reference' | 'coordinator';
const placementOf = (table: string): Placement | undefined =>
  table in DISTRIBUTED_BY_ASSET
    ? 'distributed'
    : REFERENCE.includes(table)
      ? 'reference'
      : ON_THE_COORDINATOR.includes(table)
        ? 'coordinator'
        : undefined;
const distributionColumn = (table: string): string | undefined =>
  (DISTRIBUTED_BY_ASSET as Record<string, string>)[table];

// Type aliases, not interfaces: the query's row type needs their implicit index signature.
type UniqueKey = { table: string; columns: string[] };
type ForeignKey = { table: string; columns: string[]; referenced: string; referencedColumns: string[] };

describe('the schema keeps the Citus path of docs/scaling.md open', () => {
  let database: TestDatabase;
  let tables: string[];
  let uniqueKeys: UniqueKey[];
  let foreignKeys: ForeignKey[];

  beforeAll(async () => {
    database = await createTestDatabase();
    const { db } = database;
    tables = (
      await db.query<{ name: string }>(
        `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition ORDER BY 1`,
      )
    ).rows.map((row) => row.name);
    // Unique indexes, whether they back a constraint or not, partial or whole (Citus refuses them all).
    uniqueKeys = (
      await db.query<UniqueKey>(
        `SELECT t.relname AS table,
                array(SELECT a.attname::text FROM unnest(i.indkey) WITH ORDINALITY k(attnum, n)
                      JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum ORDER BY k.n) AS columns
         FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid JOIN pg_namespace n ON n.oid = t.relnamespace
         WHERE n.nspname = 'public' AND i.indisunique AND NOT t.relispartition`,
      )
    ).rows;
    foreignKeys = (
      await db.query<ForeignKey>(
        `SELECT t.relname AS table, r.relname AS referenced,
                array(SELECT a.attname::text FROM unnest(c.conkey) WITH ORDINALITY k(attnum, n)
                      JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum ORDER BY k.n) AS columns,
                array(SELECT a.attname::text FROM unnest(c.confkey) WITH ORDINALITY k(attnum, n)
                      JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.attnum ORDER BY k.n)
                  AS "referencedColumns"
         FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid JOIN pg_class r ON r.oid = c.confrelid
         JOIN pg_namespace n ON n.oid = t.relnamespace
         WHERE n.nspname = 'public' AND c.contype = 'f' AND NOT t.relispartition AND c.conparentid = 0`,
      )
    ).rows;
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('places every table: distributed by asset id, a reference table, or on the coordinator', () => {
    expect(tables.filter((table) => placementOf(table) === undefined)).toEqual([]);
    expect(tables).toEqual(expect.arrayContaining(Object.keys(DISTRIBUTED_BY_ASSET)));
  });

  it('gives every distributed table a uuid distribution column, so the tables colocate', async () => {
    const { rows } = await database.db.query<{ table: string; column: string; type: string }>(
      `SELECT c.table_name AS table, c.column_name AS column, c.data_type AS type
       FROM information_schema.columns c WHERE c.table_schema = 'public'`,
    );
    for (const [table, column] of Object.entries(DISTRIBUTED_BY_ASSET))
      expect(rows.find((row) => row.table === table && row.column === column)?.type, table).toBe('uuid');
  });

  it('includes the asset id in every unique key of a distributed table, but for those the step drops', () => {
    const lacking = uniqueKeys
      .filter(({ table, columns }) => {
        const column = distributionColumn(table);
        return column !== undefined && !columns.includes(column);
      })
      .map(({ table, columns }) => `${table} (${columns.join(', ')})`);
    expect(lacking.sort()).toEqual([...DROPPED_AT_THE_CITUS_STEP].sort());
    // The history's own key is the primary key: (asset_id, sequence), as the chain orders events.
    expect(uniqueKeys.filter(({ table }) => table === 'asset_events').map(({ columns }) => columns)).toEqual([
      ['asset_id', 'sequence'],
    ]);
  });

  it('joins distributed tables only on the asset id, and never points a distributed or reference table at the coordinator', () => {
    const refused = foreignKeys.filter(({ table, columns, referenced, referencedColumns }) => {
      const from = placementOf(table);
      const to = placementOf(referenced);
      if (to === 'coordinator') return from !== 'coordinator';
      if (to === 'distributed') {
        if (from !== 'distributed') return true;
        const at = columns.indexOf(distributionColumn(table)!);
        return at < 0 || referencedColumns[at] !== distributionColumn(referenced);
      }
      return from === 'reference' && to !== 'reference';
    });
    expect(refused.map((key) => `${key.table} (${key.columns.join(', ')}) → ${key.referenced}`)).toEqual([]);
  });

  it('gives no distributed or reference table a sequence default: numbering stays on the coordinator', async () => {
    const { rows } = await database.db.query<{ table: string; column: string }>(
      `SELECT c.table_name AS table, c.column_name AS column FROM information_schema.columns c
       WHERE c.table_schema = 'public' AND c.column_default LIKE 'nextval(%'`,
    );
    expect(rows.filter((row) => placementOf(row.table) !== 'coordinator')).toEqual([]);
  });
});
