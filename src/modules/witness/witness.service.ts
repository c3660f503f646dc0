import { createHash, createPublicKey } from 'node:crypto';
import { rawPublicKeyOfKeyObject } from '../signing/multikey.js';
import { cosign, witnessVerifierKey } from '../tlog/cosignature.js';
import { EMPTY_TREE_HASH, verifyConsistency } from '../tlog/merkle.js';
import {
  isNoteSignatureValid,
  parseCheckpointText,
  parseVerifierKey,
  signaturesOfKey,
  splitNote,
  type NoteVerifier,
} from '../tlog/signed-note.js';
import {
  readWitnessState,
  saveWitnessState,
  type WitnessIdentity,
  type WitnessState,
} from './witness-files.js';

/** A witness's answer to add-checkpoint: the status C2SP tlog-witness names, and its body. */
export interface WitnessAnswer {
  status: 200 | 400 | 403 | 404 | 409 | 422;
  contentType: string;
  body: string;
}

const TEXT = 'text/plain; charset=utf-8';
/** The content type of a 409's body: the size the witness knows (C2SP tlog-witness). */
const TLOG_SIZE_TYPE = 'text/x.tlog.size';
const MAX_PROOF_LINES = 63;

const refuse = (status: WitnessAnswer['status'], reason: string): WitnessAnswer => ({
  status,
  contentType: TEXT,
  body: `${reason}\n`,
});

interface AddCheckpointRequest {
  oldSize: number;
  proof: Buffer[];
  note: string;
}

/** old <size>, proof lines (base64 hashes), an empty line, the checkpoint note; undefined when malformed. */
function parseAddCheckpoint(body: string): AddCheckpointRequest | undefined {
  const split = body.indexOf('\n\n');
  if (split < 0) return undefined;
  const [oldLine, ...proofLines] = body.slice(0, split).split('\n');
  const old = /^old (0|[1-9][0-9]*)$/.exec(oldLine ?? '');
  if (!old || proofLines.length > MAX_PROOF_LINES) return undefined;
  const proof = proofLines.map((line) => Buffer.from(line, 'base64'));
  if (proof.some((hash, i) => hash.length !== 32 || hash.toString('base64') !== proofLines[i]))
    return undefined;
  return { oldSize: Number(old[1]), proof, note: body.slice(split + 2) };
}

export interface WitnessOptions {
  dir: string;
  identity: WitnessIdentity;
  /** The logs it witnesses: their note verifier keys, as /tlog/vkey serves them (the key's name is the origin). */
  logVkeys: readonly string[];
  now?: () => Date;
}

/**
 * A C2SP tlog-witness: remembers, per log, the latest checkpoint it cosigned, and cosigns a new one only when
 * the log signed it and it is consistent with that one. Requests run one at a time, so the check of the old
 * size and the write of the new head are atomic (no two roots are ever cosigned for one size).
 */
export class Witness {
  readonly name: string;
  readonly vkey: string;
  private readonly logs = new Map<string, NoteVerifier>();
  private state: WitnessState = {};
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(private readonly options: WitnessOptions) {
    this.name = options.identity.name;
    const raw = rawPublicKeyOfKeyObject(createPublicKey(options.identity.privateKey));
    this.vkey = witnessVerifierKey(this.name, raw);
    for (const vkey of options.logVkeys) {
      const verifier = parseVerifierKey(vkey);
      if (!verifier) throw new Error(`not a log's note verifier key: ${vkey}`);
      this.logs.set(verifier.name, verifier);
    }
  }

  /** A witness over its directory's key and state. */
  static async open(options: WitnessOptions): Promise<Witness> {
    const witness = new Witness(options);
    witness.state = await readWitnessState(options.dir);
    return witness;
  }

  /** POST add-checkpoint, one request at a time. */
  addCheckpoint(body: string): Promise<WitnessAnswer> {
    const answer = this.queue.then(() => this.checkAndCosign(body));
    this.queue = answer.catch(() => undefined);
    return answer;
  }

  /** GET <origin hash>/checkpoint: the latest cosigned checkpoint of the log, with its log's signature. */
  latestCheckpoint(originHash: string): string | undefined {
    for (const [origin, head] of Object.entries(this.state))
      if (createHash('sha256').update(origin).digest('hex') === originHash) return head.checkpoint;
    return undefined;
  }

  private async checkAndCosign(body: string): Promise<WitnessAnswer> {
    const request = parseAddCheckpoint(body);
    const note = request && splitNote(request.note);
    const checkpoint = note && parseCheckpointText(note.text);
    if (!request || !note || !checkpoint) return refuse(400, 'malformed add-checkpoint request');
    const log = this.logs.get(checkpoint.origin);
    if (!log) return refuse(404, `unknown log ${checkpoint.origin}`);
    // Unknown keys are ignored; a known key's signature that fails makes the note malformed.
    const ofLog = signaturesOfKey(note.signatures, log);
    if (ofLog.length === 0 || !ofLog.every((signature) => isNoteSignatureValid(note.text, signature, log)))
      return refuse(403, 'no valid signature of the log key');
    if (request.oldSize > checkpoint.size) return refuse(400, 'old size is past the checkpoint size');
    const known = this.state[checkpoint.origin];
    const knownSize = known?.size ?? 0;
    if (request.oldSize !== knownSize)
      return { status: 409, contentType: TLOG_SIZE_TYPE, body: `${knownSize}\n` };
    if (checkpoint.size === 0 && !checkpoint.rootHash.equals(EMPTY_TREE_HASH))
      return refuse(422, 'a checkpoint of size 0 must have the empty tree root');
    if (!this.isConsistent(request, checkpoint.size, checkpoint.rootHash, known?.root_hash))
      return refuse(422, 'the consistency proof does not verify');

    const next = {
      ...this.state,
      [checkpoint.origin]: {
        size: checkpoint.size,
        root_hash: checkpoint.rootHash.toString('base64'),
        checkpoint: request.note,
      },
    };
    await saveWitnessState(this.options.dir, next);
    this.state = next;
    const time = (this.options.now ?? (() => new Date()))();
    return {
      status: 200,
      contentType: TEXT,
      body: cosign(note.text, this.name, this.options.identity.privateKey, time),
    };
  }

  private isConsistent(
    request: AddCheckpointRequest,
    size: number,
    root: Buffer,
    knownRoot: string | undefined,
  ): boolean {
    // The empty tree is consistent with any tree: no proof.
    if (request.oldSize === 0) return request.proof.length === 0;
    const oldRoot = Buffer.from(knownRoot!, 'base64');
    if (request.oldSize === size) return request.proof.length === 0 && oldRoot.equals(root);
    return verifyConsistency(request.oldSize, size, oldRoot, root, request.proof);
  }
}
