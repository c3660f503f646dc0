import { createHash, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import { publicKeyObjectOfRaw, rawPublicKeyOfKeyObject } from '../signing/multikey.js';

/** C2SP signed-note (Ed25519, signature type 0x01) and tlog-checkpoint. */

const ED25519_TYPE = 0x01;
/** The signature type of a C2SP tlog-cosignature (cosignature/v1, Ed25519). */
export const COSIGNATURE_TYPE = 0x04;
export const SIGNATURE_PREFIX = '\u2014 ';

/** key ID = SHA-256(key name || 0x0A || signature type || 32-byte public key)[:4] */
export function noteKeyId(name: string, rawPublicKey: Uint8Array, type = ED25519_TYPE): Buffer {
  return createHash('sha256')
    .update(name, 'utf8')
    .update(Buffer.of(0x0a, type))
    .update(rawPublicKey)
    .digest()
    .subarray(0, 4);
}

/** `<name>+<hex key id>+<base64(type || public key)>` */
export function verifierKey(name: string, rawPublicKey: Uint8Array, type = ED25519_TYPE): string {
  const typed = Buffer.concat([Buffer.of(type), rawPublicKey]);
  return `${name}+${noteKeyId(name, rawPublicKey, type).toString('hex')}+${typed.toString('base64')}`;
}

export interface NoteVerifier {
  name: string;
  keyId: Buffer;
  publicKey: KeyObject;
}

/**
 * Parses a vkey; undefined when it is not an Ed25519 verifier key of the signature type (a log's 0x01, a
 * witness's 0x04) whose id matches its name and key.
 */
export function parseVerifierKey(vkey: string, type = ED25519_TYPE): NoteVerifier | undefined {
  // The base64 part may hold '+' itself: split at the first two only.
  const match = /^([^+\s]+)\+([^+]*)\+(\S+)$/.exec(vkey.trim());
  if (!match) return undefined;
  const [, name, hexId, encoded] = match as unknown as [string, string, string, string];
  const typed = Buffer.from(encoded, 'base64');
  if (!name || typed.length !== 33 || typed[0] !== type || !/^[0-9a-f]{8}$/.test(hexId)) return undefined;
  const raw = typed.subarray(1);
  const keyId = noteKeyId(name, raw, type);
  if (keyId.toString('hex') !== hexId) return undefined;
  return { name, keyId, publicKey: publicKeyObjectOfRaw(raw) };
}

/** Signs a note's text (which ends in a newline) with the named Ed25519 key. */
export function signNote(text: string, name: string, privateKey: KeyObject): string {
  const raw = rawPublicKeyOfKeyObject(createPublicKey(privateKey));
  const signature = sign(null, Buffer.from(text, 'utf8'), privateKey);
  const blob = Buffer.concat([noteKeyId(name, raw), signature]).toString('base64');
  return `${text}\n${SIGNATURE_PREFIX}${name} ${blob}\n`;
}

export interface NoteSignature {
  name: string;
  /** The decoded base64 after the name: key ID, then the signature (a cosignature's timestamp first). */
  blob: Buffer;
  line: string;
}

/** A note split into its text (ending in a newline) and its signature lines; undefined when malformed. */
export function splitNote(note: string): { text: string; signatures: NoteSignature[] } | undefined {
  const split = note.lastIndexOf('\n\n');
  if (split < 0 || !note.endsWith('\n')) return undefined;
  const signatures: NoteSignature[] = [];
  for (const line of note.slice(split + 2, -1).split('\n')) {
    if (!line.startsWith(SIGNATURE_PREFIX)) return undefined;
    const [name, encoded, ...rest] = line.slice(SIGNATURE_PREFIX.length).split(' ');
    if (!name || encoded === undefined || rest.length > 0) return undefined;
    signatures.push({ name, blob: Buffer.from(encoded, 'base64'), line: `${line}\n` });
  }
  return { text: note.slice(0, split + 1), signatures };
}

/** The signatures of a note that claim the verifier's key: its name and key ID. */
export function signaturesOfKey(
  signatures: readonly NoteSignature[],
  verifier: NoteVerifier,
): NoteSignature[] {
  return signatures.filter(
    ({ name, blob }) =>
      name === verifier.name && blob.length >= 4 && blob.subarray(0, 4).equals(verifier.keyId),
  );
}

/** Whether an Ed25519 note signature (key ID, then 64 bytes) of the verifier's key signs the text. */
export function isNoteSignatureValid(
  text: string,
  signature: NoteSignature,
  verifier: NoteVerifier,
): boolean {
  return (
    signature.blob.length === 68 &&
    verify(null, Buffer.from(text, 'utf8'), verifier.publicKey, signature.blob.subarray(4))
  );
}

/** The note's text when a signature of the verifier's key checks out; undefined otherwise. */
export function openNote(note: string, verifier: NoteVerifier): string | undefined {
  const parsed = splitNote(note);
  if (!parsed) return undefined;
  const valid = signaturesOfKey(parsed.signatures, verifier).some((signature) =>
    isNoteSignatureValid(parsed.text, signature, verifier),
  );
  return valid ? parsed.text : undefined;
}

export interface Checkpoint {
  origin: string;
  size: number;
  rootHash: Buffer;
}

/** The checkpoint's note text: origin, tree size, base64 root hash, each on its own line. */
export function checkpointText(checkpoint: Checkpoint): string {
  return `${checkpoint.origin}\n${checkpoint.size}\n${checkpoint.rootHash.toString('base64')}\n`;
}

/** Parses a checkpoint's (verified) note text; undefined when it is not one. */
export function parseCheckpointText(text: string): Checkpoint | undefined {
  const [origin, size, root] = text.split('\n');
  if (!origin || !size || !/^(0|[1-9][0-9]*)$/.test(size) || root === undefined) return undefined;
  const rootHash = Buffer.from(root, 'base64');
  if (rootHash.length !== 32 || rootHash.toString('base64') !== root) return undefined;
  return { origin, size: Number(size), rootHash };
}
