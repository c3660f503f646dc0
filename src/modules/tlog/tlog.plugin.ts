import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge } from 'prom-client';
import type { Config } from '../../config.js';
import { parseWitnessKey } from './cosignature.js';
import { ensureSigningKey, SigningKeyring } from '../signing/signing-keys.service.js';
import { TlogIntegrator } from './tlog-integrator.js';
import { tlogRoutes } from './tlog.routes.js';
import { logOrigin } from './tlog.service.js';
import { WitnessCosigner, type ConfiguredWitness, type WitnessStatus } from './witness-cosigner.js';
import type { WitnessPolicy } from './witness-policy.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The transparency log integrator of this instance; null while AVS_TLOG is off. */
    tlogIntegrator: TlogIntegrator | null;
    /** The witnesses of AVS_WITNESSES and the quorum that makes a checkpoint witnessed. */
    tlogWitnesses: WitnessPolicy;
    /** Sends signed checkpoints to the witnesses; null without witnesses or while AVS_TLOG is off. */
    witnessCosigner: WitnessCosigner | null;
  }
}

/** AVS_WITNESSES as keys and URLs, and AVS_WITNESS_QUORUM (default: all); throws a sentence on a bad key or quorum. */
function witnessesOf(config: Config): { witnesses: ConfiguredWitness[]; quorum: number } {
  const witnesses = (config.AVS_WITNESSES ?? []).map(({ vkey, url }) => {
    const key = parseWitnessKey(vkey);
    if (!key)
      throw new Error(
        `AVS_WITNESSES: ${vkey} is not a cosignature/v1 verifier key (type 0x04, id of its name and key).`,
      );
    return { key, url };
  });
  const quorum = config.AVS_WITNESS_QUORUM ?? witnesses.length;
  if (quorum > witnesses.length)
    throw new Error(
      `AVS_WITNESS_QUORUM=${quorum} is more than the ${witnesses.length} witnesses of AVS_WITNESSES.`,
    );
  return { witnesses, quorum };
}

/**
 * The transparency log (docs/credentials.md): its integrator, started with the app when AVS_TLOG is on,
 * and its public C2SP surfaces under /tlog (tlog.routes.ts).
 */
export const tlogPlugin = fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    const origin = logOrigin(config);
    const keyring = new SigningKeyring(config.AVS_MASTER_KEY);
    await ensureSigningKey(app.db, 'log', config.AVS_MASTER_KEY);

    const { witnesses, quorum } = witnessesOf(config);
    app.decorate('tlogWitnesses', { keys: witnesses.map((witness) => witness.key), quorum });
    const answers = new Counter({
      name: 'avs_witness_answers_total',
      help: 'Checkpoints sent to each witness, by outcome: cosigned, refused, unreachable.',
      labelNames: ['witness', 'outcome'] as const,
      registers: [app.metricsRegistry],
    });
    const cosigner =
      config.AVS_TLOG && witnesses.length > 0
        ? new WitnessCosigner({
            db: app.db,
            witnesses,
            timeoutMs: config.AVS_WITNESS_TIMEOUT_MS,
            log: app.log,
            onOutcome: (witness, outcome) => answers.inc({ witness, outcome }),
          })
        : null;
    if (cosigner) {
      /** A gauge of one value per witness, read from its status when scraped (none while the value is null). */
      const witnessGauge = (name: string, help: string, valueOf: (status: WitnessStatus) => number | null) =>
        new Gauge({
          name,
          help,
          labelNames: ['witness'] as const,
          registers: [app.metricsRegistry],
          collect() {
            for (const status of cosigner.statuses()) {
              const value = valueOf(status);
              if (value !== null) this.set({ witness: status.name }, value);
            }
          },
        });
      witnessGauge(
        'avs_witness_up',
        'Whether the witness cosigned the last checkpoint sent to it (1) or is down or refusing (0).',
        (status) => (status.ok ? 1 : 0),
      );
      witnessGauge(
        'avs_witness_last_cosigned_size',
        'The tree size of the last checkpoint the witness cosigned for this instance.',
        (status) => status.last_cosigned_size,
      );
      app.readinessFacts.set('witnesses', () => cosigner.statuses());
    }
    app.decorate('witnessCosigner', cosigner);

    const integrator = config.AVS_TLOG
      ? new TlogIntegrator({
          db: app.db,
          keyring,
          origin,
          intervalMs: config.AVS_TLOG_INTERVAL_MS,
          idlePollMaxMs: config.AVS_IDLE_POLL_MAX_MS,
          log: app.log,
          cosigner: cosigner ?? undefined,
        })
      : null;
    app.decorate('tlogIntegrator', integrator);
    if (integrator) {
      app.addHook('onReady', async () => integrator.start());
      // preClose runs before any onClose hook, so a run in progress ends before the database closes.
      app.addHook('preClose', async () => integrator.stop());
    }

    await app.register(tlogRoutes, { keyring, origin });
  },
  { name: 'tlog', dependencies: ['observability'] },
);
