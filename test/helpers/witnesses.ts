import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Config, ConfigOverrides } from '../../src/config.js';
import type { Database } from '../../src/db/database.js';
import { rawPublicKeyOfKeyObject } from '../../src/modules/signing/multikey.js';
import { ensureSigningKey, SigningKeyring } from '../../src/modules/signing/signing-keys.service.js';
import {
  EMPTY_TREE_HASH,
  leafHash,
  nodeHash,
  treeHash,
  type NodeReader,
} from '../../src/modules/tlog/merkle.js';
import { checkpointText, signNote, verifierKey } from '../../src/modules/tlog/signed-note.js';
import { logOrigin, logVerifierKey } from '../../src/modules/tlog/tlog.service.js';
import { createWitnessIdentity } from '../../src/modules/witness/witness-files.js';
import { serveWitness, type RunningWitness } from '../../src/modules/witness/witness-server.js';

/** A witness's directory with a new key: what `avs witness init` makes. */
export async function makeWitnessDir(name: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'avs-witness-'));
  await createWitnessIdentity(dir, name);
  return dir;
}

/** Witnesses in this process, each on a free port, each in its own directory. */
export class TestWitnesses {
  readonly running: RunningWitness[] = [];
  readonly dirs: string[] = [];

  /** Starts one witness per name for the log of `logVkey`; starts it again over the same directory with `restart`. */
  async start(names: string[], logVkey: string): Promise<RunningWitness[]> {
    for (const name of names) {
      const dir = await makeWitnessDir(name);
      this.dirs.push(dir);
      this.running.push(await serveWitness({ dir, logVkeys: [logVkey], port: 0 }));
    }
    return this.running;
  }

  /** AVS_WITNESSES for the running witnesses. */
  setting(): ConfigOverrides {
    return { AVS_WITNESSES: this.running.map(({ witness, url }) => ({ vkey: witness.vkey, url })) };
  }

  async close(): Promise<void> {
    await Promise.all(this.running.map((running) => running.close()));
    await Promise.all(this.dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  }
}

/** The note verifier key of the log of a fresh database, before the app is built (its key made as the app makes it). */
export async function logVkeyOf(db: Database, config: Config): Promise<string> {
  await ensureSigningKey(db, 'log', config.AVS_MASTER_KEY);
  return logVerifierKey(db, new SigningKeyring(config.AVS_MASTER_KEY), logOrigin(config));
}

/** The nodes of a tree whose leaves are "<prefix> 0", "<prefix> 1", … (computed, not stored). */
export function computedTree(prefix: string): NodeReader {
  const node: NodeReader = (level, idx) =>
    level === 0
      ? leafHash(Buffer.from(`${prefix} ${idx}`))
      : nodeHash(node(level - 1, idx * 2), node(level - 1, idx * 2 + 1));
  return node;
}

/** A log of the test's own making (its key and computed tree, no database): a witness sees only notes and proofs. */
export function testLog(origin = 'log.example.com/tlog') {
  const key = generateKeyPairSync('ed25519').privateKey;
  const entries = computedTree('entry');
  return {
    origin,
    entries,
    vkey: verifierKey(origin, rawPublicKeyOfKeyObject(createPublicKey(key))),
    /** The log's signed checkpoint of the first `size` leaves of `tree` (another key signs with `signer`). */
    checkpoint: (size: number, tree = entries, signer = key) =>
      signNote(
        checkpointText({ origin, size, rootHash: size === 0 ? EMPTY_TREE_HASH : treeHash(size, tree) }),
        origin,
        signer,
      ),
  };
}
