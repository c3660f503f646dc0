import { sha256 } from '../../lib/sha256.js';

/** RFC 6962 Merkle tree hashing (SHA-256), as C2SP tlog-tiles and Go's golang.org/x/mod/sumdb/tlog use it. */

const HASH_SIZE = 32;
/** A tile is a subtree of height 8: 256 hashes. */
export const TILE_HEIGHT = 8;
export const TILE_WIDTH = 1 << TILE_HEIGHT;

/** The RFC 6962 root of the empty tree: SHA-256 of nothing. */
export const EMPTY_TREE_HASH = sha256(new Uint8Array(0));

// RFC 6962's domain separation: a leaf's hash and an inner node's cannot collide.
const LEAF_PREFIX = Buffer.of(0);
const NODE_PREFIX = Buffer.of(1);

export function leafHash(entry: Uint8Array): Buffer {
  return sha256(Buffer.concat([LEAF_PREFIX, entry]));
}

export function nodeHash(left: Uint8Array, right: Uint8Array): Buffer {
  return sha256(Buffer.concat([NODE_PREFIX, left, right]));
}

/** A stored hash: the complete subtree of 2^level leaves starting at leaf idx * 2^level. */
export interface NodeId {
  level: number;
  idx: number;
}

export type NodeReader = (level: number, idx: number) => Buffer;

function largestPowerOfTwoBelow(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

function log2(n: number): number {
  return Math.round(Math.log2(n));
}

function isPowerOfTwo(n: number): boolean {
  return n > 0 && 2 ** log2(n) === n;
}

/** MTH(D[lo:hi]), lo being a multiple of the largest power of two below hi - lo (as every RFC 6962 split is). */
function subtreeHash(lo: number, hi: number, read: NodeReader): Buffer {
  const size = hi - lo;
  if (isPowerOfTwo(size)) {
    const level = log2(size);
    return read(level, lo / size);
  }
  const k = largestPowerOfTwoBelow(size);
  return nodeHash(subtreeHash(lo, lo + k, read), subtreeHash(lo + k, hi, read));
}

/** The root hash of the tree of the first `size` leaves. */
export function treeHash(size: number, read: NodeReader): Buffer {
  return size === 0 ? EMPTY_TREE_HASH : subtreeHash(0, size, read);
}

function inclusionPath(index: number, lo: number, hi: number, read: NodeReader): Buffer[] {
  const size = hi - lo;
  if (size === 1) return [];
  const k = largestPowerOfTwoBelow(size);
  return index - lo < k
    ? [...inclusionPath(index, lo, lo + k, read), subtreeHash(lo + k, hi, read)]
    : [...inclusionPath(index, lo + k, hi, read), subtreeHash(lo, lo + k, read)];
}

/** RFC 6962 section 2.1.1: the audit path of leaf `index` in the tree of `size` leaves, leaf side first. */
export function inclusionProof(index: number, size: number, read: NodeReader): Buffer[] {
  if (index < 0 || index >= size) throw new RangeError(`leaf ${index} is not in a tree of ${size}`);
  return inclusionPath(index, 0, size, read);
}

function consistencySubproof(m: number, lo: number, hi: number, whole: boolean, read: NodeReader): Buffer[] {
  const size = hi - lo;
  if (m === size) return whole ? [] : [subtreeHash(lo, hi, read)];
  const k = largestPowerOfTwoBelow(size);
  return m <= k
    ? [...consistencySubproof(m, lo, lo + k, whole, read), subtreeHash(lo + k, hi, read)]
    : [...consistencySubproof(m - k, lo + k, hi, false, read), subtreeHash(lo, lo + k, read)];
}

/** RFC 6962 section 2.1.2: the proof that the tree of `oldSize` leaves is a prefix of the one of `newSize`. */
export function consistencyProof(oldSize: number, newSize: number, read: NodeReader): Buffer[] {
  if (oldSize < 1 || oldSize > newSize)
    throw new RangeError(`no consistency proof from ${oldSize} to ${newSize}`);
  return consistencySubproof(oldSize, 0, newSize, true, read);
}

/** The stored nodes a computation reads: run it once with this reader, fetch them, then run it for real. */
export function nodesRead(compute: (read: NodeReader) => unknown): NodeId[] {
  const seen = new Map<string, NodeId>();
  compute((level, idx) => {
    seen.set(`${level}:${idx}`, { level, idx });
    return Buffer.alloc(HASH_SIZE);
  });
  return [...seen.values()];
}

/** A NodeReader over fetched nodes; throws for a node that was not fetched. */
export function readerOf(nodes: ReadonlyMap<string, Buffer>): NodeReader {
  return (level, idx) => {
    const hash = nodes.get(`${level}:${idx}`);
    if (!hash) throw new Error(`tlog: node ${level}/${idx} is missing`);
    return hash;
  };
}

export function nodeKey(level: number, idx: number): string {
  return `${level}:${idx}`;
}

/** The complete subtrees on the right edge of a tree of `size` leaves: what appending needs. */
export function rightEdge(size: number): NodeId[] {
  const nodes: NodeId[] = [];
  for (let level = 0; 2 ** level <= size; level++) {
    const count = Math.floor(size / 2 ** level);
    if (count % 2 === 1) nodes.push({ level, idx: count - 1 });
  }
  return nodes;
}

/**
 * Appends leaves to a tree of `size` leaves whose right edge `edge` holds: returns every new complete
 * subtree's hash (leaves included) and the new root.
 */
export function appendLeaves(
  size: number,
  edge: ReadonlyMap<string, Buffer>,
  leaves: readonly Buffer[],
): { nodes: { level: number; idx: number; hash: Buffer }[]; root: Buffer } {
  const known = new Map(edge);
  const nodes: { level: number; idx: number; hash: Buffer }[] = [];
  const add = (level: number, idx: number, hash: Buffer) => {
    known.set(nodeKey(level, idx), hash);
    nodes.push({ level, idx, hash });
  };
  let index = size;
  for (const leaf of leaves) {
    add(0, index, leaf);
    let level = 0;
    let idx = index;
    let hash = leaf;
    while (idx % 2 === 1) {
      const left = known.get(nodeKey(level, idx - 1));
      if (!left) throw new Error(`tlog: node ${level}/${idx - 1} is missing`);
      hash = nodeHash(left, hash);
      level += 1;
      idx = (idx - 1) / 2;
      add(level, idx, hash);
    }
    index += 1;
  }
  return { nodes, root: treeHash(index, readerOf(known)) };
}

/** RFC 9162's node positions fn and sn, walked up the tree together while a proof is checked. */
interface ProofWalk {
  fn: number;
  sn: number;
}

/** Right-shifts fn and sn once: one level up. */
function shiftUp(walk: ProofWalk): void {
  walk.fn = Math.floor(walk.fn / 2);
  walk.sn = Math.floor(walk.sn / 2);
}

/** The proof's next hash is a left sibling: LSB(fn) is set, or fn equals sn. */
function siblingIsLeft(walk: ProofWalk): boolean {
  return walk.fn % 2 === 1 || walk.fn === walk.sn;
}

/** After a left sibling: right-shifts fn and sn until LSB(fn) is set or fn is 0. */
function shiftToRightChild(walk: ProofWalk): void {
  while (walk.fn % 2 === 0 && walk.fn !== 0) shiftUp(walk);
}

/** Checks an RFC 6962 inclusion proof (the algorithm of RFC 9162 section 2.1.3.2). */
export function verifyInclusion(
  index: number,
  size: number,
  leaf: Buffer,
  proof: readonly Buffer[],
  root: Buffer,
): boolean {
  if (index < 0 || index >= size) return false;
  const walk: ProofWalk = { fn: index, sn: size - 1 };
  let r = leaf;
  for (const p of proof) {
    if (walk.sn === 0) return false;
    if (siblingIsLeft(walk)) {
      r = nodeHash(p, r);
      shiftToRightChild(walk);
    } else {
      r = nodeHash(r, p);
    }
    shiftUp(walk);
  }
  return walk.sn === 0 && r.equals(root);
}

/** Checks an RFC 6962 consistency proof (RFC 9162 section 2.1.4.2). */
export function verifyConsistency(
  oldSize: number,
  newSize: number,
  oldRoot: Buffer,
  newRoot: Buffer,
  proof: readonly Buffer[],
): boolean {
  if (oldSize > newSize) return false;
  if (oldSize === newSize) return proof.length === 0 && oldRoot.equals(newRoot);
  if (oldSize === 0 || proof.length === 0) return false;
  const path = isPowerOfTwo(oldSize) ? [oldRoot, ...proof] : [...proof];
  if (path.length === 0) return false;
  const walk: ProofWalk = { fn: oldSize - 1, sn: newSize - 1 };
  while (walk.fn % 2 === 1) shiftUp(walk);
  let fr = path[0]!;
  let sr = path[0]!;
  for (const c of path.slice(1)) {
    if (walk.sn === 0) return false;
    if (siblingIsLeft(walk)) {
      fr = nodeHash(c, fr);
      sr = nodeHash(c, sr);
      shiftToRightChild(walk);
    } else {
      sr = nodeHash(sr, c);
    }
    shiftUp(walk);
  }
  return fr.equals(oldRoot) && sr.equals(newRoot) && walk.sn === 0;
}
