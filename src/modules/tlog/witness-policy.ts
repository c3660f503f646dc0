import { cosignersOf, type WitnessKey } from './cosignature.js';

/** The witnesses the service trusts (AVS_WITNESSES) and how many make a checkpoint witnessed (AVS_WITNESS_QUORUM). */
export interface WitnessPolicy {
  keys: readonly WitnessKey[];
  quorum: number;
}

/** What /verify says of the log a history was checked against (`facts.log`): the note, so anyone can check it. */
export interface LogFact {
  /** The checkpoint note, its log's signature and the witnesses' cosignature lines. */
  checkpoint: string;
  /** The log index of the asset's last event. */
  log_index: number;
  /** The configured witnesses whose valid cosignature the checkpoint carries. */
  witnesses: { name: string; vkey: string; time: string }[];
  quorum: number;
  /** At least `quorum` configured witnesses cosigned it (false when none are configured). */
  witnessed: boolean;
}

export function logFact(checkpoint: string, logIndex: number, policy: WitnessPolicy): LogFact {
  const witnesses = cosignersOf(checkpoint, policy.keys);
  return {
    checkpoint,
    log_index: logIndex,
    witnesses,
    quorum: policy.quorum,
    witnessed: policy.keys.length > 0 && witnesses.length >= policy.quorum,
  };
}
