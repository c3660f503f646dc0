import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../../db/database.js';
import { cosignersOf, type WitnessKey } from './cosignature.js';
import { parseCheckpointText, splitNote } from './signed-note.js';
import { addCosignature, consistencyProofBetween } from './tlog.service.js';

/** A witness the log asks: its cosignature key and submission prefix (AVS_WITNESSES). */
export interface ConfiguredWitness {
  key: WitnessKey;
  url: string;
}

/** What /readyz and /metrics say of a witness: whether its last answer was a cosignature, and of which size. */
export interface WitnessStatus {
  name: string;
  ok: boolean;
  last_cosigned_size: number | null;
}

export type WitnessOutcome = 'cosigned' | 'refused' | 'unreachable';

const TRIES = 3;
const RETRY_DELAY_MS = 200;

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

class WitnessChannel {
  /** The size the witness last cosigned, as far as this instance knows (0 until it says, with a 409). */
  knownSize = 0;
  status: WitnessStatus;
  /** The newest checkpoint not yet sent: a newer one replaces it, so a slow witness is sent the latest. */
  waiting: string | undefined;
  draining: Promise<void> | undefined;

  constructor(readonly witness: ConfiguredWitness) {
    this.status = { name: witness.key.name, ok: false, last_cosigned_size: null };
  }
}

export interface WitnessCosignerOptions {
  db: Queryable;
  witnesses: readonly ConfiguredWitness[];
  timeoutMs: number;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** Told each answer (metrics). */
  onOutcome?: (witness: string, outcome: WitnessOutcome) => void;
}

/**
 * Sends each new checkpoint to every witness (C2SP tlog-witness add-checkpoint), in parallel and in the
 * background: a write never waits for a witness. Each answer's cosignature is kept with the checkpoint, which
 * /tlog/checkpoint then serves with it. A witness that is down or refuses is retried, logged and counted;
 * the log keeps going.
 */
export class WitnessCosigner {
  private readonly channels: WitnessChannel[];

  constructor(private readonly options: WitnessCosignerOptions) {
    this.channels = options.witnesses.map((witness) => new WitnessChannel(witness));
  }

  /** Queues the checkpoint for every witness and returns at once. */
  submit(checkpoint: string): void {
    for (const channel of this.channels) {
      channel.waiting = checkpoint;
      if (!channel.draining) this.startDraining(channel);
    }
  }

  private startDraining(channel: WitnessChannel): void {
    channel.draining = this.drain(channel).finally(() => {
      channel.draining = undefined;
      // Submitted between the last look and now: send it too.
      if (channel.waiting !== undefined) this.startDraining(channel);
    });
  }

  /** Resolves once every witness has answered (or given up on) every checkpoint submitted so far. */
  async settled(): Promise<void> {
    for (;;) {
      const draining = this.channels.flatMap((channel) => (channel.draining ? [channel.draining] : []));
      if (draining.length === 0) return;
      await Promise.all(draining);
    }
  }

  statuses(): WitnessStatus[] {
    return this.channels.map((channel) => ({ ...channel.status }));
  }

  private async drain(channel: WitnessChannel): Promise<void> {
    while (channel.waiting !== undefined) {
      const checkpoint = channel.waiting;
      channel.waiting = undefined;
      const outcome = await this.send(channel, checkpoint).catch((error: unknown) => {
        this.refused(channel, `failed: ${(error as Error).message}`);
        return 'refused' as const;
      });
      this.options.onOutcome?.(channel.witness.key.name, outcome);
    }
  }

  private refused(channel: WitnessChannel, reason: string): void {
    channel.status.ok = false;
    this.options.log.warn(
      { witness: channel.witness.key.name, reason },
      'witness did not cosign the checkpoint',
    );
  }

  /** One checkpoint to one witness: up to TRIES requests (a 409 teaches the size it knows; a failure waits). */
  private async send(channel: WitnessChannel, checkpoint: string): Promise<WitnessOutcome> {
    const { key, url } = channel.witness;
    const size = parseCheckpointText(splitNote(checkpoint)!.text)!.size;
    let reason = '';
    for (let attempt = 1; attempt <= TRIES; attempt++) {
      if (channel.knownSize > size) {
        this.refused(channel, `it knows size ${channel.knownSize}, past this checkpoint's ${size}`);
        return 'refused';
      }
      const proof = await consistencyProofBetween(this.options.db, channel.knownSize, size);
      const body = `old ${channel.knownSize}\n${proof.map((hash) => `${hash.toString('base64')}\n`).join('')}\n${checkpoint}`;
      let response: Response;
      try {
        response = await fetch(`${url}/add-checkpoint`, {
          method: 'POST',
          body,
          signal: AbortSignal.timeout(this.options.timeoutMs),
        });
      } catch (error) {
        reason = `unreachable: ${(error as Error).message}`;
        channel.status.ok = false;
        await delay(RETRY_DELAY_MS * attempt);
        continue;
      }
      const text = await response.text();
      if (response.status === 200) {
        const line = text
          .split(/(?<=\n)/)
          .find((candidate) => cosignersOf(checkpoint + candidate, [key]).length > 0);
        if (!line) {
          this.refused(channel, 'its answer holds no valid cosignature of its key');
          return 'refused';
        }
        await addCosignature(this.options.db, checkpoint, key.name, line);
        channel.knownSize = size;
        channel.status = { name: key.name, ok: true, last_cosigned_size: size };
        return 'cosigned';
      }
      if (response.status === 409 && /^(0|[1-9][0-9]*)\n$/.test(text)) {
        channel.knownSize = Number(text.trim());
        continue;
      }
      if (response.status < 500) {
        this.refused(channel, `HTTP ${response.status}: ${text.trim().slice(0, 200)}`);
        return 'refused';
      }
      reason = `HTTP ${response.status}`;
      await delay(RETRY_DELAY_MS * attempt);
    }
    this.refused(channel, reason || 'no agreement on the old size');
    return reason.startsWith('unreachable') ? 'unreachable' : 'refused';
  }
}
