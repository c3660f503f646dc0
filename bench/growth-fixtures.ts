import { spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import pg from 'pg';
import { computeEventHash } from '../src/modules/chain/history-chain.js';
import { leafHash, nodeHash, nodeKey, readerOf, treeHash } from '../src/modules/tlog/merkle.js';
import { logEntryOf } from '../src/modules/tlog/tlog.service.js';

/** One bulk-loaded asset: what the scenarios address it by. */
export interface LoadedAsset {
  id: string;
  certificate_number: string;
}

/** A COPY … FROM STDIN through psql (the pg driver has no COPY stream), with the load's session settings. */
class CopyStream {
  private readonly child;
  private readonly exited;

  constructor(databaseUrl: string, copy: string) {
    // replica: the FK checks and the insert triggers (chain head, log queue) stay off; the loader writes what they would.
    this.child = spawn('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', databaseUrl, '-c', copy], {
      env: { ...process.env, PGOPTIONS: '-c session_replication_role=replica -c synchronous_commit=off' },
      stdio: ['pipe', 'inherit', 'inherit'],
    });
    this.exited = once(this.child, 'exit') as Promise<[number | null]>;
  }

  async write(text: string): Promise<void> {
    if (!this.child.stdin.write(text)) await once(this.child.stdin, 'drain');
  }

  async end(): Promise<void> {
    this.child.stdin.end();
    const [code] = await this.exited;
    if (code !== 0) throw new Error(`psql COPY exited with code ${code}`);
  }
}

const hex = (bytes: Uint8Array) => `\\\\x${Buffer.from(bytes).toString('hex')}`;

/** An event's content in the order RFC 8785 sorts its keys, for the fixed shapes the fixture writes. */
interface FixtureEvent {
  actor_account_id: string;
  asset_id: string;
  created_at: string;
  event_type: 'CREATED' | 'UPDATED';
  id: string;
  payload: Record<string, unknown>;
  planet: string;
  prev_hash: string | null;
  sequence: number;
}

/**
 * The canonical JSON of the event and of its log entry, written out for the fixture's fixed shapes (ASCII strings,
 * keys in sorted order): canonicalising ten million generic objects would take the load most of its time. Every
 * thousandth is held to the service's own (computeEventHash, logEntryOf), and the bench verifies a loaded asset.
 */
function canonicalEvent(event: FixtureEvent, payload: string): string {
  return (
    `{"actor_account_id":"${event.actor_account_id}","asset_id":"${event.asset_id}","created_at":"${event.created_at}",` +
    `"event_type":"${event.event_type}","id":"${event.id}","payload":${payload},"planet":"${event.planet}",` +
    `"prev_hash":${event.prev_hash === null ? 'null' : `"${event.prev_hash}"`},"sequence":${event.sequence}}`
  );
}

function canonicalEntry(event: FixtureEvent, hash: string): string {
  return (
    `{"asset_id":"${event.asset_id}","created_at":"${event.created_at}","event_type":"${event.event_type}",` +
    `"hash":"${hash}","planet":"${event.planet}","prev_hash":${event.prev_hash === null ? 'null' : `"${event.prev_hash}"`},` +
    `"sequence":${event.sequence}}`
  );
}

/** The log's Merkle tree grown leaf by leaf: its right edge, and every complete subtree as it completes. */
class GrowingTree {
  size = 0;
  private readonly edge: { level: number; idx: number; hash: Buffer }[] = [];

  /** Appends a leaf; returns the nodes it completed, the leaf first. */
  append(leaf: Buffer): { level: number; idx: number; hash: Buffer }[] {
    const completed = [{ level: 0, idx: this.size, hash: leaf }];
    let node = completed[0]!;
    while (this.edge.length > 0 && this.edge[this.edge.length - 1]!.level === node.level) {
      const left = this.edge.pop()!;
      node = { level: node.level + 1, idx: left.idx / 2, hash: nodeHash(left.hash, node.hash) };
      completed.push(node);
    }
    this.edge.push(node);
    this.size += 1;
    return completed;
  }

  root(): Buffer {
    return treeHash(
      this.size,
      readerOf(new Map(this.edge.map((node) => [nodeKey(node.level, node.idx), node.hash]))),
    );
  }
}

/**
 * Loads `count` artworks into one account, each with a history of `eventsPerAsset` valid events (CREATED, then
 * UPDATED ones), every event in the transparency log: what the service would have written through its API, in
 * minutes rather than days. The chain hashes, the log entries and the Merkle tree are computed here as the service
 * computes them (src/modules/chain, src/modules/tlog) and streamed in by COPY with the insert triggers off; the
 * asset rows carry their chain heads, the log state its size and root, and its checkpoint is left for the service to
 * sign at start. The assets are pending drafts, one a second back from now; every hundredth is titled "Nocturne n".
 * The indexes whose keys arrive in random order are built after the load, as pg_restore does. Returns the loaded
 * assets, oldest first.
 */
export async function loadGrowthFixture(
  databaseUrl: string,
  accountId: string,
  count: number,
  eventsPerAsset: number,
): Promise<LoadedAsset[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const state = await client.query<{ tree_size: string }>('SELECT tree_size FROM tlog_state');
    if (Number(state.rows[0]!.tree_size) !== 0) throw new Error('the growth fixture needs an empty log');
    const deferred = await deferIndexes(client);
    const assets = new CopyStream(
      databaseUrl,
      `COPY assets (id, planet, title, account_id, certificate_number, certificate_status, status, attributes,
                    created_by, updated_by, created_at, updated_at, head_sequence, head_hash) FROM STDIN`,
    );
    const events = new CopyStream(
      databaseUrl,
      `COPY asset_events (id, asset_id, planet, sequence, event_type, payload, actor_account_id, created_at,
                          prev_hash, hash) FROM STDIN`,
    );
    const entries = new CopyStream(
      databaseUrl,
      'COPY tlog_entries (log_index, event_id, planet, asset_id, sequence, entry) FROM STDIN',
    );
    const hashes = new CopyStream(databaseUrl, 'COPY tlog_hashes (level, idx, hash) FROM STDIN');
    const loaded: LoadedAsset[] = [];
    const tree = new GrowingTree();
    const now = Date.now();
    const BLOCK = 1000;
    for (let start = 0; start < count; start += BLOCK) {
      const assetRows: string[] = [];
      const eventRows: string[] = [];
      const entryRows: string[] = [];
      const hashRows: string[] = [];
      for (let g = start; g < Math.min(count, start + BLOCK); g++) {
        const id = randomUUID();
        const number = `ART-1999-${String(g + 1).padStart(9, '0')}`;
        const title = (g + 1) % 100 === 1 ? `Nocturne ${g + 1}` : `Bench asset ${g + 1}`;
        const createdAt = now - (count - g) * 1000 - eventsPerAsset;
        let previousHash: string | null = null;
        for (let sequence = 1; sequence <= eventsPerAsset; sequence++) {
          const payload =
            sequence === 1
              ? `{"title":"${title}"}`
              : `{"changes":{"attributes":{"new":{"edit":${sequence}},"old":{"edit":${sequence - 1}}}}}`;
          const event: FixtureEvent = {
            actor_account_id: accountId,
            asset_id: id,
            created_at: new Date(createdAt + sequence).toISOString(),
            event_type: sequence === 1 ? 'CREATED' : 'UPDATED',
            id: randomUUID(),
            payload: JSON.parse(payload) as Record<string, unknown>,
            planet: 'artworks',
            prev_hash: previousHash,
            sequence,
          };
          const hash = createHash('sha256').update(canonicalEvent(event, payload), 'utf8').digest('hex');
          const entry = canonicalEntry(event, hash);
          if (tree.size % 1000 === 0) expectServiceCanonical(event, hash, entry);
          eventRows.push(
            `${event.id}\t${id}\tartworks\t${sequence}\t${event.event_type}\t${payload}\t` +
              `${accountId}\t${event.created_at}\t${previousHash ?? '\\N'}\t${hash}\n`,
          );
          const entryBytes = Buffer.from(entry, 'utf8');
          entryRows.push(`${tree.size}\t${event.id}\tartworks\t${id}\t${sequence}\t${hex(entryBytes)}\n`);
          for (const node of tree.append(leafHash(entryBytes)))
            hashRows.push(`${node.level}\t${node.idx}\t${hex(node.hash)}\n`);
          previousHash = hash;
        }
        const at = new Date(createdAt + eventsPerAsset).toISOString();
        assetRows.push(
          `${id}\tartworks\t${title}\t${accountId}\t${number}\tpending\tdraft\t{"edit": ${eventsPerAsset}}\t` +
            `${accountId}\t${accountId}\t${new Date(createdAt).toISOString()}\t${at}\t${eventsPerAsset}\t${previousHash}\n`,
        );
        loaded.push({ id, certificate_number: number });
      }
      await Promise.all([
        assets.write(assetRows.join('')),
        events.write(eventRows.join('')),
        entries.write(entryRows.join('')),
        hashes.write(hashRows.join('')),
      ]);
    }
    await Promise.all([assets.end(), events.end(), entries.end(), hashes.end()]);
    await client.query('UPDATE tlog_state SET tree_size = $1, root_hash = $2, checkpoint = NULL', [
      tree.size,
      tree.root(),
    ]);
    await client.query("SET maintenance_work_mem = '512MB'");
    for (const statement of deferred) await client.query(statement);
    for (const table of ['assets', 'asset_events', 'tlog_entries', 'tlog_hashes', 'tlog_state'])
      await client.query(`VACUUM ANALYZE ${table}`);
    return loaded;
  } finally {
    await client.end();
  }
}

/** Throws unless the fixture's canonical text gives the hash and the log entry the service's own code gives. */
function expectServiceCanonical(event: FixtureEvent, hash: string, entry: string): void {
  if (computeEventHash(event) !== hash || logEntryOf({ ...event, hash }) !== entry)
    throw new Error(`the fixture's canonical JSON differs from the service's for ${JSON.stringify(event)}`);
}

/** Indexes built after the load: their keys (random UUIDs, titles) arrive in no order. No foreign key uses them. */
const DEFERRED_INDEXES = [
  'assets_account_created_idx',
  'assets_certificate_status_idx',
  'assets_title_trgm_idx',
  'asset_events_pkey',
  'asset_events_id_idx',
  'tlog_entries_asset_idx',
];

/** Drops the deferred indexes (and the constraints they back); returns the statements that build them again. */
async function deferIndexes(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{
    name: string;
    table_name: string;
    constraint_def: string | null;
    index_def: string;
  }>(
    `SELECT i.relname AS name, t.relname AS table_name, pg_get_constraintdef(c.oid) AS constraint_def,
            pg_get_indexdef(i.oid) AS index_def
     FROM pg_class i JOIN pg_index x ON x.indexrelid = i.oid JOIN pg_class t ON t.oid = x.indrelid
     LEFT JOIN pg_constraint c ON c.conindid = i.oid AND c.conrelid = t.oid AND c.contype IN ('p', 'u')
     WHERE i.relname = ANY($1) AND i.relnamespace = 'public'::regnamespace`,
    [DEFERRED_INDEXES],
  );
  if (rows.length !== DEFERRED_INDEXES.length)
    throw new Error('the schema changed: revisit DEFERRED_INDEXES');
  const rebuild: string[] = [];
  for (const row of rows) {
    if (row.constraint_def) {
      await client.query(`ALTER TABLE ${row.table_name} DROP CONSTRAINT ${row.name}`);
      rebuild.push(`ALTER TABLE ${row.table_name} ADD CONSTRAINT ${row.name} ${row.constraint_def}`);
    } else {
      await client.query(`DROP INDEX ${row.name}`);
      // A partitioned table's index is defined ON ONLY the parent: built without ONLY, it is built on every partition.
      rebuild.push(row.index_def.replace(' ON ONLY ', ' ON '));
    }
  }
  return rebuild;
}

/** One relation's size on disk (a partitioned table's partitions summed) and its rows. */
export interface RelationSize {
  name: string;
  kind: 'table' | 'index';
  rows: number;
  bytes: number;
}

/** The database's size, and its tables (heap and TOAST) and indexes of at least 1 MiB, largest first. */
export async function databaseSizes(
  databaseUrl: string,
): Promise<{ databaseBytes: number; relations: RelationSize[] }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const database = await client.query<{ bytes: string }>(
      'SELECT pg_database_size(current_database()) AS bytes',
    );
    // A partition's size is counted under its partitioned parent (assets_artworks under assets).
    const { rows } = await client.query<{
      name: string;
      kind: 'table' | 'index';
      rows: string;
      bytes: string;
    }>(
      `WITH RECURSIVE leaf AS (
         SELECT c.oid, c.oid AS top FROM pg_class c
         WHERE c.relkind IN ('r', 'p', 'i', 'I') AND c.relnamespace = 'public'::regnamespace AND NOT c.relispartition
         UNION ALL
         SELECT i.inhrelid, leaf.top FROM pg_inherits i JOIN leaf ON i.inhparent = leaf.oid
       )
       SELECT top::regclass::text AS name,
              CASE WHEN t.relkind IN ('i', 'I') THEN 'index' ELSE 'table' END AS kind,
              sum(CASE WHEN c.relkind IN ('r', 'i') THEN greatest(c.reltuples, 0) ELSE 0 END)::bigint AS rows,
              sum(CASE WHEN c.relkind IN ('r', 'i') THEN
                    pg_relation_size(c.oid) + CASE WHEN c.relkind = 'r' AND c.reltoastrelid <> 0
                      THEN pg_total_relation_size(c.reltoastrelid) ELSE 0 END
                  ELSE 0 END)::bigint AS bytes
       FROM leaf JOIN pg_class c ON c.oid = leaf.oid JOIN pg_class t ON t.oid = leaf.top
       GROUP BY top, t.relkind
       HAVING sum(CASE WHEN c.relkind IN ('r', 'i') THEN pg_relation_size(c.oid) ELSE 0 END) >= 1048576
       ORDER BY bytes DESC`,
    );
    return {
      databaseBytes: Number(database.rows[0]!.bytes),
      relations: rows.map((row) => ({
        name: row.name,
        kind: row.kind,
        rows: Number(row.rows),
        bytes: Number(row.bytes),
      })),
    };
  } finally {
    await client.end();
  }
}
