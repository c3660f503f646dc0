import { createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import { rawPublicKeyOfKeyObject } from '../signing/multikey.js';
import {
  COSIGNATURE_TYPE,
  noteKeyId,
  parseVerifierKey,
  SIGNATURE_PREFIX,
  signaturesOfKey,
  splitNote,
  verifierKey,
  type NoteSignature,
  type NoteVerifier,
} from './signed-note.js';

/** C2SP tlog-cosignature, cosignature/v1 (Ed25519): a witness's timestamped signature of a checkpoint. */

/** A witness's verifier key: `<name>+<hex key id>+<base64(0x04 || public key)>`. */
export function witnessVerifierKey(name: string, rawPublicKey: Uint8Array): string {
  return verifierKey(name, rawPublicKey, COSIGNATURE_TYPE);
}

export type WitnessKey = NoteVerifier & { vkey: string };

/** Parses a witness's vkey; undefined when it is not a cosignature/v1 key whose id matches its name and key. */
export function parseWitnessKey(vkey: string): WitnessKey | undefined {
  const verifier = parseVerifierKey(vkey, COSIGNATURE_TYPE);
  return verifier && { ...verifier, vkey: vkey.trim() };
}

/** The signed message: "cosignature/v1", "time <seconds>", then the checkpoint's whole note text. */
function cosignedMessage(text: string, timestamp: bigint): Buffer {
  return Buffer.from(`cosignature/v1\ntime ${timestamp}\n${text}`, 'utf8');
}

/** The note signature line of a cosignature of the checkpoint text at `time`. */
export function cosign(text: string, name: string, privateKey: KeyObject, time: Date): string {
  const timestamp = BigInt(Math.floor(time.getTime() / 1000));
  const raw = rawPublicKeyOfKeyObject(createPublicKey(privateKey));
  const stamp = Buffer.alloc(8);
  stamp.writeBigUInt64BE(timestamp);
  const signature = sign(null, cosignedMessage(text, timestamp), privateKey);
  const blob = Buffer.concat([noteKeyId(name, raw, COSIGNATURE_TYPE), stamp, signature]);
  return `${SIGNATURE_PREFIX}${name} ${blob.toString('base64')}\n`;
}

/** The cosignature's time when it is a valid cosignature/v1 of the text by the witness; undefined otherwise. */
function cosignatureTime(text: string, signature: NoteSignature, witness: NoteVerifier): Date | undefined {
  // key ID (4) || u64 timestamp (8) || Ed25519 signature (64)
  if (signature.blob.length !== 76) return undefined;
  const timestamp = signature.blob.readBigUInt64BE(4);
  if (timestamp === 0n || timestamp > 2n ** 63n - 1n) return undefined;
  const valid = verify(
    null,
    cosignedMessage(text, timestamp),
    witness.publicKey,
    signature.blob.subarray(12),
  );
  return valid ? new Date(Number(timestamp) * 1000) : undefined;
}

export interface Cosigner {
  name: string;
  vkey: string;
  time: string;
}

/** The witnesses, of those given, whose valid cosignature the note carries, in the order given. */
export function cosignersOf(note: string, witnesses: readonly WitnessKey[]): Cosigner[] {
  const parsed = splitNote(note);
  if (!parsed) return [];
  const cosigners: Cosigner[] = [];
  for (const witness of witnesses) {
    for (const signature of signaturesOfKey(parsed.signatures, witness)) {
      const time = cosignatureTime(parsed.text, signature, witness);
      if (time) {
        cosigners.push({ name: witness.name, vkey: witness.vkey, time: time.toISOString() });
        break;
      }
    }
  }
  return cosigners;
}

export type QuorumCheck =
  | { ok: true; cosigners: Cosigner[] }
  | { ok: false; cosigners: Cosigner[]; missing: string[]; detail: string };

/**
 * Whether at least `quorum` of the witnesses cosigned the note (each over its exact text, under its name
 * and key ID); on failure, one sentence naming the witnesses whose cosignature is missing or wrong.
 */
export function checkQuorum(note: string, witnesses: readonly WitnessKey[], quorum: number): QuorumCheck {
  const cosigners = cosignersOf(note, witnesses);
  if (cosigners.length >= quorum) return { ok: true, cosigners };
  const missing = witnesses
    .filter((witness) => !cosigners.some((cosigner) => cosigner.vkey === witness.vkey))
    .map((witness) => witness.name);
  return {
    ok: false,
    cosigners,
    missing,
    detail: `The checkpoint carries ${cosigners.length} valid cosignature(s) of the ${quorum} required: none (or a wrong one) from ${missing.join(', ')}.`,
  };
}
