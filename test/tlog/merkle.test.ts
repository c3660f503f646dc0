import { describe, expect, it } from 'vitest';
import {
  appendLeaves,
  consistencyProof,
  inclusionProof,
  leafHash,
  nodeKey,
  readerOf,
  rightEdge,
  treeHash,
  verifyConsistency,
  verifyInclusion,
} from '../../src/modules/tlog/merkle.js';
import { parseTilePath, tileIndexPath, tilePath } from '../../src/modules/tlog/tile-paths.js';
import {
  checkpointText,
  openNote,
  parseCheckpointText,
  parseVerifierKey,
  signNote,
  verifierKey,
} from '../../src/modules/tlog/signed-note.js';
import { generateKeyPairSync } from 'node:crypto';
import { rawPublicKeyOfKeyObject } from '../../src/modules/signing/multikey.js';

/** A tree grown one batch at a time, as the integrator grows it, keeping every node. */
function grow(batches: number[]): { nodes: Map<string, Buffer>; size: number; root: Buffer } {
  const nodes = new Map<string, Buffer>();
  let size = 0;
  let root = treeHash(0, readerOf(nodes));
  for (const count of batches) {
    const edge = new Map(
      rightEdge(size).map(({ level, idx }) => [nodeKey(level, idx), nodes.get(nodeKey(level, idx))!]),
    );
    const leaves = Array.from({ length: count }, (_, i) => leafHash(Buffer.from(`entry ${size + i}`)));
    const appended = appendLeaves(size, edge, leaves);
    for (const node of appended.nodes) nodes.set(nodeKey(node.level, node.idx), node.hash);
    size += count;
    root = appended.root;
  }
  return { nodes, size, root };
}

/** MTH straight from RFC 6962's definition, over the leaves. */
function referenceRoot(leaves: Buffer[]): Buffer {
  if (leaves.length === 1) return leaves[0]!;
  let k = 1;
  while (k * 2 < leaves.length) k *= 2;
  return nodeHashOf(referenceRoot(leaves.slice(0, k)), referenceRoot(leaves.slice(k)));
}
import { nodeHash as nodeHashOf } from '../../src/modules/tlog/merkle.js';

describe('RFC 6962 tree', () => {
  it('grows batch by batch to the root RFC 6962 defines', () => {
    const { size, root, nodes } = grow([1, 2, 5, 100, 300, 1]);
    const leaves = Array.from({ length: size }, (_, i) => leafHash(Buffer.from(`entry ${i}`)));
    expect(root.equals(referenceRoot(leaves))).toBe(true);
    expect(treeHash(size, readerOf(nodes)).equals(root)).toBe(true);
  });

  it('proves inclusion and consistency that the RFC 9162 checks accept, and rejects a wrong leaf', () => {
    const { size, nodes } = grow([77, 200, 123]);
    const read = readerOf(nodes);
    for (const n of [1, 2, 3, 7, 8, 255, 256, 257, size]) {
      const root = treeHash(n, read);
      for (const index of [0, Math.floor(n / 2), n - 1]) {
        const proof = inclusionProof(index, n, read);
        expect(verifyInclusion(index, n, nodes.get(nodeKey(0, index))!, proof, root)).toBe(true);
        expect(verifyInclusion(index, n, leafHash(Buffer.from('forged')), proof, root)).toBe(false);
      }
      for (const m of [1, 2, 5, 8, Math.floor(n / 2), n]) {
        if (m < 1 || m > n) continue;
        const proof = consistencyProof(m, n, read);
        expect(verifyConsistency(m, n, treeHash(m, read), root, proof)).toBe(true);
        if (m < n) expect(verifyConsistency(m, n, leafHash(Buffer.from('x')), root, proof)).toBe(false);
      }
    }
  });
});

describe('C2SP tile paths', () => {
  it('writes and reads x-prefixed three-digit elements', () => {
    expect(tileIndexPath(5)).toBe('005');
    expect(tileIndexPath(1234067)).toBe('x001/x234/067');
    expect(tilePath({ level: 0, index: 1234067, width: 256 })).toBe('tile/0/x001/x234/067');
    expect(tilePath({ level: 'entries', index: 3, width: 17 })).toBe('tile/entries/003.p/17');
    expect(parseTilePath('1/x001/x234/067.p/255')).toEqual({ level: 1, index: 1234067, width: 255 });
    expect(parseTilePath('entries/000')).toEqual({ level: 'entries', index: 0, width: 256 });
    for (const bad of [
      '0/5',
      '0/x000/005',
      '0/005.p/256',
      '0/005.p/0',
      '64/000',
      '01/000',
      '0/1000',
      'x/000',
      '0',
    ])
      expect(parseTilePath(bad), bad).toBeUndefined();
  });
});

describe('C2SP signed notes', () => {
  it('signs a checkpoint that its vkey opens, and refuses an altered one', () => {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const name = 'example.com/tlog';
    const vkey = verifierKey(name, rawPublicKeyOfKeyObject(publicKey));
    expect(vkey).toMatch(/^example\.com\/tlog\+[0-9a-f]{8}\+[A-Za-z0-9+/]{44}$/);
    const verifier = parseVerifierKey(vkey)!;
    const text = checkpointText({ origin: name, size: 42, rootHash: Buffer.alloc(32, 7) });
    const note = signNote(text, name, privateKey);
    expect(note).toMatch(
      /^example\.com\/tlog\n42\n[A-Za-z0-9+/=]{44}\n\n\u2014 example\.com\/tlog [A-Za-z0-9+/=]+\n$/,
    );
    expect(openNote(note, verifier)).toBe(text);
    expect(parseCheckpointText(text)).toEqual({ origin: name, size: 42, rootHash: Buffer.alloc(32, 7) });
    expect(openNote(note.replace('\n42\n', '\n43\n'), verifier)).toBeUndefined();
  });
});
