import { createPrivateKey, type KeyObject } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { newKeyPair } from '../../lib/key-pairs.js';

/**
 * A witness's own directory: its key (witness-key.json, mode 0600) and its state (witness-state.json, the
 * last checkpoint it cosigned per log). Never the service's database: a witness is another party.
 */

const KEY_FILE = 'witness-key.json';
const STATE_FILE = 'witness-state.json';

export interface WitnessIdentity {
  name: string;
  privateKey: KeyObject;
}

/** What a witness remembers of one log: the latest checkpoint it cosigned (size, root, the note it verified). */
export interface LoggedHead {
  size: number;
  root_hash: string;
  checkpoint: string;
}

export type WitnessState = Record<string, LoggedHead>;

export class WitnessDirectoryError extends Error {}

/** Makes a new key in the directory; refuses a directory that already holds one. */
export async function createWitnessIdentity(dir: string, name: string): Promise<WitnessIdentity> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const { privateKey } = newKeyPair('ed25519');
  const pkcs8 = privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
  try {
    await writeFile(join(dir, KEY_FILE), `${JSON.stringify({ name, private_key_pkcs8: pkcs8 })}\n`, {
      flag: 'wx',
      mode: 0o600,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      throw new WitnessDirectoryError(`${dir} already holds a witness key; use another directory.`);
    throw error;
  }
  return { name, privateKey };
}

export async function readWitnessIdentity(dir: string): Promise<WitnessIdentity> {
  let text: string;
  try {
    text = await readFile(join(dir, KEY_FILE), 'utf8');
  } catch {
    throw new WitnessDirectoryError(
      `${dir} holds no witness key; run "avs witness init --dir ${dir}" first.`,
    );
  }
  const { name, private_key_pkcs8 } = JSON.parse(text) as { name: string; private_key_pkcs8: string };
  const privateKey = createPrivateKey({
    key: Buffer.from(private_key_pkcs8, 'base64'),
    format: 'der',
    type: 'pkcs8',
  });
  return { name, privateKey };
}

export async function readWitnessState(dir: string): Promise<WitnessState> {
  try {
    return JSON.parse(await readFile(join(dir, STATE_FILE), 'utf8')) as WitnessState;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
}

/** Writes the state atomically (a temporary file, flushed, then renamed over the old one). */
export async function saveWitnessState(dir: string, state: WitnessState): Promise<void> {
  const file = join(dir, STATE_FILE);
  const temporary = `${file}.tmp`;
  await writeFile(temporary, `${JSON.stringify(state, null, 2)}\n`, { flush: true });
  await rename(temporary, file);
}
