// The service's own cosignature check (src/modules/tlog/cosignature.ts), compiled into the SDK: one source, used
// by `avs log verify --witness` and by verifyWitnessedCheckpoint() here (docs/transparency.md).
import {
  checkQuorum,
  parseWitnessKey,
  type Cosigner,
  type QuorumCheck,
} from '../../src/modules/tlog/cosignature.js';

export type { Cosigner, QuorumCheck };

/**
 * Checks that a checkpoint note (`/tlog/checkpoint`, a proof's `checkpoint`, `/verify`'s `facts.log.checkpoint`)
 * carries valid cosignatures of at least `quorum` of the witnesses (cosignature/v1 vkeys; default: all of them),
 * each over its exact body under the witness's name and key ID. On failure, `detail` names the missing witnesses.
 */
export function verifyWitnessedCheckpoint(
  checkpoint: string,
  witnessVkeys: readonly string[],
  quorum = witnessVkeys.length,
): QuorumCheck {
  const witnesses = witnessVkeys.map((vkey) => {
    const key = parseWitnessKey(vkey);
    if (!key) throw new Error(`not a cosignature/v1 verifier key: ${vkey}`);
    return key;
  });
  return checkQuorum(checkpoint, witnesses, quorum);
}
