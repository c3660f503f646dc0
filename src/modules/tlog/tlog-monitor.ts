import { checkQuorum, type Cosigner, type WitnessKey } from './cosignature.js';
import { EMPTY_TREE_HASH, leafHash, nodeHash, TILE_WIDTH } from './merkle.js';
import { openNote, parseCheckpointText, parseVerifierKey } from './signed-note.js';
import { tilePath } from './tile-paths.js';
import { logEntryOf, type LoggableEvent } from './tlog.service.js';

/** What a monitor keeps between runs: the last checkpoint it verified, and the key it trusts. */
export interface MonitorState {
  origin: string;
  vkey: string;
  size: number;
  root_hash: string;
}

export interface MonitorResult {
  origin: string;
  size: number;
  root_hash: string;
  previous_size: number | null;
  assets: number;
  /** The required witnesses whose valid cosignature the checkpoint carries. */
  cosigners: Cosigner[];
  state: MonitorState;
}

/** A failure of the log: one sentence saying what does not hold. */
export class LogVerificationError extends Error {}

/** The RFC 6962 root of a growing tree, keeping only its right edge (log n hashes). */
class CompactRange {
  private readonly stack: { level: number; hash: Buffer }[] = [];
  size = 0;

  append(leaf: Buffer): void {
    let node = { level: 0, hash: leaf };
    while (this.stack.length > 0 && this.stack[this.stack.length - 1]!.level === node.level) {
      const left = this.stack.pop()!;
      node = { level: node.level + 1, hash: nodeHash(left.hash, node.hash) };
    }
    this.stack.push(node);
    this.size += 1;
  }

  root(): Buffer {
    if (this.stack.length === 0) return EMPTY_TREE_HASH;
    let hash = this.stack[this.stack.length - 1]!.hash;
    for (let i = this.stack.length - 2; i >= 0; i--) hash = nodeHash(this.stack[i]!.hash, hash);
    return hash;
  }
}

function splitBundle(bundle: Buffer, path: string): Buffer[] {
  const entries: Buffer[] = [];
  for (let offset = 0; offset < bundle.length;) {
    if (offset + 2 > bundle.length) throw new LogVerificationError(`The entry bundle ${path} is truncated.`);
    const length = bundle.readUInt16BE(offset);
    if (offset + 2 + length > bundle.length)
      throw new LogVerificationError(`The entry bundle ${path} is truncated.`);
    entries.push(bundle.subarray(offset + 2, offset + 2 + length));
    offset += 2 + length;
  }
  return entries;
}

const ENTRY_FIELDS = ['asset_id', 'created_at', 'event_type', 'hash', 'planet', 'prev_hash', 'sequence'];

function parseEntry(entry: Buffer, index: number): LoggableEvent {
  const text = entry.toString('utf8');
  let parsed: LoggableEvent;
  try {
    parsed = JSON.parse(text) as LoggableEvent;
  } catch {
    throw new LogVerificationError(`Entry ${index} is not JSON.`);
  }
  const fields = typeof parsed === 'object' && parsed !== null ? Object.keys(parsed).sort() : [];
  if (fields.join() !== ENTRY_FIELDS.join() || logEntryOf(parsed) !== text) {
    throw new LogVerificationError(`Entry ${index} is not the canonical JSON of the seven entry fields.`);
  }
  return parsed;
}

/**
 * Verifies a log as a monitor, with no database: the checkpoint's signature, the tree rebuilt from the
 * entry bundles against the checkpoint's root, the saved checkpoint as a prefix of it (its root
 * recomputed from the same entries), and every asset's entries running sequence 1, 2, 3… with
 * prev_hash linking. Throws LogVerificationError with one sentence on any failure.
 */
export async function verifyLog(options: {
  prefix: string;
  vkey: string;
  previous?: MonitorState;
  /** Witnesses of which at least `quorum` must have cosigned the checkpoint. */
  witnesses?: readonly WitnessKey[];
  quorum?: number;
  fetchBytes: (url: string) => Promise<Buffer>;
}): Promise<MonitorResult> {
  const verifier = parseVerifierKey(options.vkey);
  if (!verifier) throw new LogVerificationError('The verifier key is not an Ed25519 note verifier key.');
  const note = (await options.fetchBytes(`${options.prefix}/checkpoint`)).toString('utf8');
  const text = openNote(note, verifier);
  if (text === undefined)
    throw new LogVerificationError(`The checkpoint is not signed by the key ${verifier.name}.`);
  const checkpoint = parseCheckpointText(text);
  if (!checkpoint) throw new LogVerificationError('The checkpoint is not a C2SP checkpoint.');
  // Before the tiles: a checkpoint the witnesses did not see may be a split view, whatever its tree says.
  const witnessed = checkQuorum(
    note,
    options.witnesses ?? [],
    options.quorum ?? options.witnesses?.length ?? 0,
  );
  if (!witnessed.ok) throw new LogVerificationError(witnessed.detail);
  if (checkpoint.origin !== verifier.name)
    throw new LogVerificationError(
      `The checkpoint's origin ${checkpoint.origin} is not the key's name ${verifier.name}.`,
    );
  const previous = options.previous;
  if (previous && previous.origin !== checkpoint.origin)
    throw new LogVerificationError(`The saved checkpoint is of another log (${previous.origin}).`);
  if (previous && previous.size > checkpoint.size)
    throw new LogVerificationError(
      `The log shrank: its checkpoint has ${checkpoint.size} entries, the saved one ${previous.size}.`,
    );

  const tree = new CompactRange();
  const heads = new Map<string, { sequence: number; hash: string }>();
  for (let index = 0; index * TILE_WIDTH < checkpoint.size; index++) {
    const width = Math.min(TILE_WIDTH, checkpoint.size - index * TILE_WIDTH);
    const path = tilePath({ level: 'entries', index, width });
    const entries = splitBundle(await options.fetchBytes(`${options.prefix}/${path}`), path);
    if (entries.length !== width)
      throw new LogVerificationError(
        `The entry bundle ${path} holds ${entries.length} entries, not ${width}.`,
      );
    for (const entry of entries) {
      const logIndex = tree.size;
      const event = parseEntry(entry, logIndex);
      const head = heads.get(event.asset_id);
      const expected = head
        ? { sequence: head.sequence + 1, prevHash: head.hash }
        : { sequence: 1, prevHash: null };
      if (event.sequence !== expected.sequence || event.prev_hash !== expected.prevHash)
        throw new LogVerificationError(
          `Entry ${logIndex} (asset ${event.asset_id}, sequence ${event.sequence}) does not follow the asset's entry before it.`,
        );
      heads.set(event.asset_id, { sequence: event.sequence, hash: event.hash });
      tree.append(leafHash(entry));
      if (previous && tree.size === previous.size && tree.root().toString('base64') !== previous.root_hash)
        throw new LogVerificationError(
          `The log is not consistent with the saved checkpoint of size ${previous.size}: its first ${previous.size} entries have another root.`,
        );
    }
  }
  if (!tree.root().equals(checkpoint.rootHash))
    throw new LogVerificationError(
      `The entries do not hash to the checkpoint's root: the log's entries or tiles were changed.`,
    );
  if (previous && previous.size === 0 && previous.root_hash !== EMPTY_TREE_HASH.toString('base64'))
    throw new LogVerificationError('The saved checkpoint of size 0 has a root other than the empty tree.');
  const rootHash = checkpoint.rootHash.toString('base64');
  return {
    origin: checkpoint.origin,
    size: checkpoint.size,
    root_hash: rootHash,
    previous_size: previous?.size ?? null,
    assets: heads.size,
    cosigners: witnessed.cosigners,
    state: { origin: checkpoint.origin, vkey: options.vkey, size: checkpoint.size, root_hash: rootHash },
  };
}
