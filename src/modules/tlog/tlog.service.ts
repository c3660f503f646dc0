import type { Config } from '../../config.js';
import type { Database, Queryable } from '../../db/database.js';
import { AppError } from '../../errors/error-catalogue.js';
import { canonicalJson } from '../../lib/canonical-json.js';
import { etagOf, ImmutableResponses } from '../../lib/immutable-responses.js';
import type { PlanetId } from '../../planets/planets.js';
import { getAsset } from '../assets/assets.service.js';
import type { ChainedEvent } from '../chain/history-chain.js';
import type { PublicRead, PublicReadCache } from '../public-reads/public-read-cache.js';
import { publicBaseUrl } from '../signing/issuer-identity.js';
import { publishedKeys, type SigningKeyring } from '../signing/signing-keys.service.js';
import {
  appendLeaves,
  consistencyProof,
  inclusionProof,
  leafHash,
  nodesRead,
  readerOf,
  rightEdge,
  TILE_HEIGHT,
  TILE_WIDTH,
} from './merkle.js';
import { checkpointText, SIGNATURE_PREFIX, signNote, verifierKey } from './signed-note.js';
import { parseTilePath, type TileRef } from './tile-paths.js';
import {
  appendCosignature,
  appendToLog,
  findEventWithLogIndex,
  findState,
  listPending,
  lockState,
  readEntryRange,
  readHashRange,
  readNodes,
  saveState,
  type NewEntry,
  type TlogStateRow,
} from './tlog.repository.js';

/** What an entry commits to: the event as the history endpoint shows it, without its payload. */
export type LoggableEvent = Pick<
  ChainedEvent,
  'asset_id' | 'planet' | 'sequence' | 'event_type' | 'created_at' | 'prev_hash' | 'hash'
>;

/** The log entry of an event: the RFC 8785 JSON of exactly these seven fields. */
export function logEntryOf(event: LoggableEvent): string {
  return canonicalJson({
    asset_id: event.asset_id,
    planet: event.planet,
    sequence: event.sequence,
    event_type: event.event_type,
    created_at: event.created_at,
    prev_hash: event.prev_hash,
    hash: event.hash,
  })!;
}

/** The log's origin and key name: AVS_PUBLIC_URL without its scheme, then /tlog (C2SP tlog-tiles). */
export function logOrigin(config: Pick<Config, 'AVS_PUBLIC_URL' | 'HOST' | 'PORT'>): string {
  const url = new URL(publicBaseUrl(config));
  return `${url.host}${url.pathname.replace(/\/+$/, '')}/tlog`;
}

/** Events appended per transaction: bounded, so one integration never holds its lock for long. */
export const INTEGRATION_BATCH = 2000;

/**
 * Appends committed, not yet logged events to the log, in the order they were queued, and signs the new
 * checkpoint: entries, hashes, the queue and the checkpoint change in one transaction, so a crash leaves
 * no gap and no duplicate. Another integrator holding the lock makes this a no-op. Returns how many it appended
 * and the checkpoint it signed, if it signed one.
 */
export async function integrateBatch(
  db: Database,
  keyring: SigningKeyring,
  origin: string,
  limit = INTEGRATION_BATCH,
): Promise<{ appended: number; checkpoint?: string }> {
  return db.transaction(async (tx) => {
    const state = await lockState(tx);
    if (!state) return { appended: 0 };
    const pending = await listPending(tx, limit);
    const key = await keyring.activeKey(tx, 'log');
    if (pending.length === 0 && state.checkpoint !== null && state.checkpoint_key_id === key.id)
      return { appended: 0 };
    const entries: NewEntry[] = pending.map((event, offset) => ({
      logIndex: state.tree_size + offset,
      eventId: event.id,
      planet: event.planet,
      assetId: event.asset_id,
      sequence: event.sequence,
      entry: logEntryOf({ ...event, created_at: event.created_at.toISOString() }),
    }));
    const edge = await readNodes(tx, rightEdge(state.tree_size));
    const leaves = entries.map((entry) => leafHash(Buffer.from(entry.entry, 'utf8')));
    const { nodes, root } =
      leaves.length === 0
        ? { nodes: [], root: state.root_hash }
        : appendLeaves(state.tree_size, edge, leaves);
    const treeSize = state.tree_size + entries.length;
    const checkpoint = signNote(
      checkpointText({ origin, size: treeSize, rootHash: root }),
      origin,
      key.privateKey,
    );
    if (entries.length > 0) {
      await appendToLog(
        tx,
        entries,
        nodes,
        pending.map((event) => event.pending_id),
      );
    }
    await saveState(tx, { treeSize, rootHash: root, checkpoint, keyId: key.id });
    return { appended: entries.length, checkpoint };
  });
}

/** The checkpoint with the witnesses' cosignature lines appended: one signed note (C2SP tlog-cosignature). */
function cosignedNote(state: Pick<TlogStateRow, 'checkpoint' | 'cosignatures'>): string | undefined {
  return state.checkpoint === null ? undefined : `${state.checkpoint}${state.cosignatures}`;
}

/** The latest signed checkpoint, cosigned by the witnesses that answered; undefined before the first integration. */
async function latestCheckpoint(db: Queryable): Promise<string | undefined> {
  return cosignedNote(await findState(db));
}

/** The RFC 6962 consistency proof from the tree of `oldSize` leaves to the one of `newSize` (empty from 0). */
export async function consistencyProofBetween(
  db: Queryable,
  oldSize: number,
  newSize: number,
): Promise<Buffer[]> {
  if (oldSize === 0 || oldSize === newSize) return [];
  const nodes = await readNodes(
    db,
    nodesRead((read) => consistencyProof(oldSize, newSize, read)),
  );
  return consistencyProof(oldSize, newSize, readerOf(nodes));
}

/** Keeps a witness's cosignature line with the checkpoint while it is the current one; whether it was kept. */
export function addCosignature(
  db: Queryable,
  checkpoint: string,
  witnessName: string,
  line: string,
): Promise<boolean> {
  return appendCosignature(db, checkpoint, line, `${SIGNATURE_PREFIX}${witnessName} `);
}

/** The checkpoint as served: from memory while it is unchanged (a new one bumps tlog_checkpoint, on every instance). */
export function readCheckpoint(reads: PublicReadCache, db: Queryable): Promise<PublicRead<string>> {
  return reads.read(
    'tlog/checkpoint',
    ['tlog_checkpoint'],
    async () => {
      const checkpoint = await latestCheckpoint(db);
      if (checkpoint === undefined) throw new AppError('tlog_resource_not_found');
      return checkpoint;
    },
    etagOf,
  );
}

/** The note verifier key (`<name>+<hex key id>+<base64 0x01 || key>`) of the key that signs checkpoints. */
export async function logVerifierKey(
  db: Queryable,
  keyring: SigningKeyring,
  origin: string,
): Promise<string> {
  const active = await keyring.activeKey(db, 'log');
  const key = (await publishedKeys(db, 'log')).find((published) => published.id === active.id)!;
  return verifierKey(origin, key.rawPublicKey);
}

/**
 * A tile's bytes (256 hashes when full), or an entry bundle (big-endian uint16 length-prefixed entries);
 * undefined when the log does not hold that many yet.
 */
async function readTile(db: Queryable, tile: TileRef): Promise<Buffer | undefined> {
  const from = tile.index * TILE_WIDTH;
  if (tile.level === 'entries') {
    const entries = await readEntryRange(db, from, tile.width);
    if (entries.length !== tile.width) return undefined;
    return Buffer.concat(
      entries.flatMap((entry) => {
        const length = Buffer.alloc(2);
        length.writeUInt16BE(entry.length);
        return [length, entry];
      }),
    );
  }
  const hashes = await readHashRange(db, tile.level * TILE_HEIGHT, from, tile.width);
  return hashes.length === tile.width ? Buffer.concat(hashes) : undefined;
}

/** Tiles as served: a tile never changes once it exists, so it is read from memory after its first read. */
export class PublicTiles {
  private readonly tiles = new ImmutableResponses();

  constructor(private readonly db: Queryable) {}

  /** The tile at a path under /tlog/tile/; 404 tlog_resource_not_found for a malformed path or one not there yet. */
  async read(path: string): Promise<PublicRead<string | Buffer>> {
    let cached = this.tiles.get(path);
    if (!cached) {
      const tile = parseTilePath(path);
      const bytes = tile && (await readTile(this.db, tile));
      if (!bytes) throw new AppError('tlog_resource_not_found');
      cached = this.tiles.put(path, bytes);
    }
    return { value: cached.body, etag: cached.etag, cacheable: true };
  }
}

export interface EventProof {
  log_index: number;
  checkpoint: string;
  proof: string;
}

/** The text of a c2sp.org/tlog-proof@v1 of one entry in the tree of a checkpoint. */
function tlogProofText(logIndex: number, proof: readonly Buffer[], checkpoint: string): string {
  const lines = [
    'c2sp.org/tlog-proof@v1',
    `index ${logIndex}`,
    ...proof.map((hash) => hash.toString('base64')),
  ];
  return `${lines.join('\n')}\n\n${checkpoint}`;
}

/**
 * The inclusion proof of an asset's event against the latest checkpoint. 404 for an unknown asset or
 * sequence; 409 not_yet_logged (with Retry-After) before the integrator has appended it.
 */
export async function eventProof(
  db: Queryable,
  planet: PlanetId,
  assetId: string,
  sequence: number,
  retryAfterSeconds: number,
): Promise<EventProof> {
  await getAsset(db, planet, assetId);
  const event = await findEventWithLogIndex(db, assetId, sequence);
  if (!event) throw new AppError('history_event_not_found', 'no_sequence', { sequence });
  if (event.log_index === null) {
    throw new AppError('not_yet_logged').withHeaders({ 'retry-after': String(retryAfterSeconds) });
  }
  const logIndex = Number(event.log_index);
  // Read after the entry: the checkpoint committed with it, or a later one, covers it.
  const state = await findState(db);
  const size = state.tree_size;
  const nodes = await readNodes(
    db,
    nodesRead((read) => inclusionProof(logIndex, size, read)),
  );
  const proof = inclusionProof(logIndex, size, readerOf(nodes));
  const checkpoint = cosignedNote(state)!;
  return { log_index: logIndex, checkpoint, proof: tlogProofText(logIndex, proof, checkpoint) };
}
