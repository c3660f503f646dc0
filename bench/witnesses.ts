// The witnesses (issue #33, docs/performance.md "Witnesses"): create with two local witnesses beside the same
// create without, on PostgreSQL and on PGlite, and how many checkpoints a second two witnesses cosign.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Database } from '../src/db/database.js';
import { PgliteDatabase } from '../src/db/pglite.js';
import { PostgresDatabase } from '../src/db/postgres.js';
import { packageRoot } from '../src/lib/package-root.js';
import { INSERT_ASSET_WITH_CREATED_EVENT_SQL } from '../src/modules/assets/assets.repository.js';
import { ensureSigningKey, SigningKeyring } from '../src/modules/signing/signing-keys.service.js';
import { checkQuorum, parseWitnessKey, type WitnessKey } from '../src/modules/tlog/cosignature.js';
import { parseCheckpointText, splitNote } from '../src/modules/tlog/signed-note.js';
import { integrateBatch, logOrigin, logVerifierKey } from '../src/modules/tlog/tlog.service.js';
import { WitnessCosigner } from '../src/modules/tlog/witness-cosigner.js';
import { createFreshPostgres, createSeededPglite, seedPostgres, type Credentials } from './databases.js';
import { CREATE_BODY } from './fixtures.js';
import { loopMeasurement, runHttpLoad, type Measurement } from './load.js';
import { createAssetParams } from './pglite-loop.js';
import { costPerRequest, processCost, type ProcessCost } from './process-cost.js';
import { startService, type RunningServer, type ServiceBenchOptions } from './processes.js';
import type { BenchSettings } from './settings.js';

/** The name that selects every witness scenario: BENCH_ONLY=witness. */
const WITNESS_GROUP = 'witness';

const CREATE = 'witness create';
const PGLITE_CREATE = 'witness pglite create';
const OFF = '(off)';
const ON = '(2 witnesses)';

/** Whether BENCH_ONLY selects any witness scenario (the set-up starts six servers: only then). */
export function witnessScenariosSelected(only: ReadonlySet<string> | undefined): boolean {
  return (
    !only ||
    [WITNESS_GROUP, CREATE, PGLITE_CREATE, 'witness cosign', 'witness pglite cosign'].some((name) =>
      only.has(name),
    )
  );
}

const avsBin = path.join(packageRoot, 'dist/src/cli/avs.js');

interface WitnessProcess {
  key: WitnessKey;
  url: string;
  pid: number;
}

/** `avs <args>` to its end; its standard output. */
async function runAvs(args: string[]): Promise<string> {
  const child = spawn(process.execPath, [avsBin, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`avs ${args.join(' ')} exited with ${code}`);
  return output;
}

/**
 * A witness as its operator runs one: `avs witness init`, then `avs witness serve` as its own process on a free
 * port, for the logs of the given vkeys; ready once it prints its {name, vkey, url} line.
 */
async function startWitness(
  name: string,
  logVkeys: readonly string[],
  cleanups: (() => Promise<void>)[],
): Promise<WitnessProcess> {
  const dir = await mkdtemp(path.join(tmpdir(), 'avs-bench-witness-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const { vkey } = JSON.parse(await runAvs(['witness', 'init', '--dir', dir, '--name', name, '--json'])) as {
    vkey: string;
  };
  const child = spawn(
    process.execPath,
    [avsBin, 'witness', 'serve', '--dir', dir, '--port', '0', ...logVkeys.flatMap((log) => ['--log', log])],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = once(child, 'exit');
  cleanups.push(async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await exited;
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 30_000;
  while (!output.includes('\n')) {
    if (child.exitCode !== null) throw new Error(`avs witness serve exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('avs witness serve did not start in 30 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const { url } = JSON.parse(output.split('\n')[0]!) as { url: string };
  return { key: parseWitnessKey(vkey)!, url, pid: child.pid! };
}

/**
 * The service's public URL, fixed so that its log's origin (and so its vkey) is known before it starts; one per
 * log, since a witness tells the logs it witnesses apart by origin.
 */
function publicUrlOf(label: string): string {
  return `https://${label}.bench.example`;
}

/** The log's note verifier key, its key made in the database as the service makes it at start. */
async function logVkeyOf(db: Database, publicUrl: string): Promise<{ origin: string; vkey: string }> {
  const origin = logOrigin({ AVS_PUBLIC_URL: publicUrl, HOST: '127.0.0.1', PORT: 0 });
  await ensureSigningKey(db, 'log', undefined);
  return { origin, vkey: await logVerifierKey(db, new SigningKeyring(undefined), origin) };
}

function openPostgres(url: string): PostgresDatabase {
  return new PostgresDatabase({
    connectionString: url,
    poolSize: 2,
    statementTimeoutMs: 60_000,
    connectTimeoutMs: 10_000,
  });
}

/** A log to be witnessed: its database (PostgreSQL or a PGlite directory), credentials, origin and vkey. */
interface LogUnderTest {
  databaseEnv: Record<string, string>;
  credentials: Credentials;
  publicUrl: string;
  origin: string;
  vkey: string;
  /** PostgreSQL only: the database's URL. */
  url?: string;
  /** PGlite only: its data directory. */
  dataDir?: string;
}

async function postgresLog(
  settings: BenchSettings,
  label: string,
  cleanups: (() => Promise<void>)[],
): Promise<LogUnderTest> {
  const fresh = await createFreshPostgres(settings.adminDatabaseUrl, label);
  cleanups.push(() => fresh.drop());
  const credentials = await seedPostgres(fresh.url);
  const publicUrl = publicUrlOf(`postgres-${label.replaceAll('_', '-')}`);
  const db = openPostgres(fresh.url);
  try {
    const { origin, vkey } = await logVkeyOf(db, publicUrl);
    return { databaseEnv: { DATABASE_URL: fresh.url }, credentials, publicUrl, origin, vkey, url: fresh.url };
  } finally {
    await db.close();
  }
}

async function pgliteLog(label: string, cleanups: (() => Promise<void>)[]): Promise<LogUnderTest> {
  const seeded = await createSeededPglite(label);
  cleanups.push(() => seeded.remove());
  const publicUrl = publicUrlOf(`pglite-${label}`);
  const db = await PgliteDatabase.open(seeded.dataDir);
  try {
    const { origin, vkey } = await logVkeyOf(db, publicUrl);
    return {
      databaseEnv: { AVS_DATA_DIR: seeded.dataDir },
      credentials: seeded.credentials,
      publicUrl,
      origin,
      vkey,
      dataDir: seeded.dataDir,
    };
  } finally {
    await db.close();
  }
}

function summedCost(pids: readonly number[]): ProcessCost {
  const costs = pids.map((pid) => processCost(pid));
  const writes = costs.map((cost) => cost.writeSyscalls);
  return {
    cpuMs: costs.reduce((sum, cost) => sum + cost.cpuMs, 0),
    writeSyscalls: writes.every((value) => value !== undefined)
      ? writes.reduce((sum, value) => sum + value, 0)
      : undefined,
  };
}

/**
 * The log publishing checkpoints as fast as it can, one after another, in this process: each turn writes one
 * create (its event queued for the log), integrates it (a new checkpoint, signed) and hands the checkpoint to the
 * service's own WitnessCosigner, which sends it to both witnesses in parallel (the consistency proof read from
 * the database) and keeps their cosignatures; the turn ends when both are kept. Counted: checkpoints that got
 * both cosignatures, per second of the whole loop. Latency: the cosigning alone (hand-over to both kept).
 */
class CosignLoop {
  private refusals = 0;
  /** This process's CPU from hand-over to both cosignatures kept (the log's side), over all rounds. */
  private cosigningCpuMs = 0;
  private cosignedTotal = 0;
  private readonly keyring = new SigningKeyring(undefined);
  private readonly cosigner: WitnessCosigner;

  constructor(
    private readonly db: Database,
    private readonly log: LogUnderTest,
    private readonly witnesses: readonly WitnessProcess[],
  ) {
    this.cosigner = new WitnessCosigner({
      db,
      witnesses: witnesses.map(({ key, url }) => ({ key, url })),
      timeoutMs: 5_000,
      log: {
        warn: (details: unknown) => {
          if (this.refusals++ === 0) console.warn('witness cosign: a witness did not cosign:', details);
        },
      },
    });
  }

  async measure(seconds: number): Promise<Measurement> {
    const latencies: number[] = [];
    let cosigned = 0;
    let errors = 0;
    // The witnesses' CPU and writes: the server processes of this scenario.
    const before = summedCost(this.witnesses.map((witness) => witness.pid));
    const started = performance.now();
    const end = started + seconds * 1000;
    while (performance.now() < end) {
      await this.db.query(INSERT_ASSET_WITH_CREATED_EVENT_SQL, createAssetParams(this.log.credentials));
      const { checkpoint } = await integrateBatch(this.db, this.keyring, this.log.origin);
      if (checkpoint === undefined) {
        errors++;
        continue;
      }
      const size = parseCheckpointText(splitNote(checkpoint)!.text)!.size;
      const handedOver = performance.now();
      const cpuBefore = process.cpuUsage();
      this.cosigner.submit(checkpoint);
      await this.cosigner.settled();
      const cpu = process.cpuUsage(cpuBefore);
      latencies.push(performance.now() - handedOver);
      const statuses = this.cosigner.statuses();
      if (statuses.every((status) => status.ok && status.last_cosigned_size === size)) {
        cosigned++;
        this.cosigningCpuMs += (cpu.user + cpu.system) / 1000;
        this.cosignedTotal++;
      } else errors++;
    }
    const elapsed = (performance.now() - started) / 1000;
    const cost = costPerRequest(before, summedCost(this.witnesses.map((witness) => witness.pid)), cosigned);
    return {
      ...loopMeasurement(latencies, elapsed, errors),
      requestsPerSecond: cosigned / elapsed,
      total: cosigned,
      cpuMsPer1000: cost.cpuMsPer1000,
      ...(cost.writesPerRequest === undefined ? {} : { writesPerRequest: cost.writesPerRequest }),
    };
  }

  /**
   * What one cosigned checkpoint costs the log's process (the consistency proof read, two requests, two
   * cosignatures checked and stored; on PGlite its queries too): what a service with witnesses spends per checkpoint.
   */
  cosigningCpuMsPerCheckpoint(): number | undefined {
    return this.cosignedTotal === 0 ? undefined : this.cosigningCpuMs / this.cosignedTotal;
  }
}

/** avs_witness_answers_total of a service, by witness and outcome ("name cosigned" → count). */
async function witnessAnswers(url: string): Promise<Map<string, number>> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const answers = new Map<string, number>();
  for (const match of text.matchAll(
    /^avs_witness_answers_total\{(?=[^}]*witness="([^"]+)")(?=[^}]*outcome="([^"]+)")[^}]*\} (\d+)$/gm,
  ))
    answers.set(`${match[1]} ${match[2]}`, Number(match[3]));
  return answers;
}

/** The served checkpoint: its tree size, and whether every given witness cosigned it. */
async function servedCheckpoint(
  url: string,
  witnessKeys: readonly WitnessKey[],
): Promise<{ size: number | undefined; cosigned: boolean; quorum: ReturnType<typeof checkQuorum> }> {
  const note = await (await fetch(`${url}/tlog/checkpoint`)).text();
  const quorum = checkQuorum(note, witnessKeys, witnessKeys.length);
  return { size: parseCheckpointText(splitNote(note)?.text ?? '')?.size, cosigned: quorum.ok, quorum };
}

/** Waits (up to a minute) until the log holds `size` entries and its checkpoint carries every witness's cosignature. */
async function caughtUp(url: string, size: number, witnessKeys: readonly WitnessKey[]): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const served = await servedCheckpoint(url, witnessKeys);
    if ((served.size ?? 0) >= size && served.cosigned) return;
    if (Date.now() > deadline) {
      console.warn(`${url}: the log did not catch up in a minute (${served.size} of ${size} logged)`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

interface WitnessedRounds {
  seconds: number;
  answers: Map<string, number>;
}

/** A create load on a witnessed service that also counts what the witnesses answered meanwhile (/metrics). */
function countingAnswers(
  load: (seconds: number) => Promise<Measurement>,
  server: () => RunningServer,
  rounds: WitnessedRounds,
) {
  return async (seconds: number) => {
    const before = await witnessAnswers(server().url);
    const measured = await load(seconds);
    const after = await witnessAnswers(server().url);
    rounds.seconds += seconds;
    for (const [label, count] of after)
      rounds.answers.set(label, (rounds.answers.get(label) ?? 0) + count - (before.get(label) ?? 0));
    return measured;
  };
}

export interface WitnessScenario {
  name: string;
  description: string;
  group: string;
  measure: (seconds: number) => Promise<Measurement>;
}

export interface WitnessBench {
  scenarios: WitnessScenario[];
  /** The ratios docs/performance.md reports: [name, with witnesses, without, target]. */
  ratios: { name: string; service: string; reference: string; target?: number; cpu?: boolean }[];
  /** After the rounds: what the witnesses answered during the witnessed creates, and the checkpoint served. */
  report(): Promise<Record<string, unknown>>;
}

/**
 * Two witness processes (`avs witness serve`) witnessing four logs: a service with AVS_WITNESSES naming them and
 * the same service without, on fresh PostgreSQL databases and on PGlite directories (each its own), and the
 * cosign loops' own database and directory (opened in this process).
 */
export async function setUpWitnessBench(options: ServiceBenchOptions): Promise<WitnessBench> {
  const { settings, serviceEnv, poolEnv, cleanups, track } = options;
  const logs = {
    postgresOn: await postgresLog(settings, 'witness_on', cleanups),
    postgresOff: await postgresLog(settings, 'witness_off', cleanups),
    postgresLoop: await postgresLog(settings, 'witness_cosign', cleanups),
    pgliteOn: await pgliteLog('witness-on', cleanups),
    pgliteOff: await pgliteLog('witness-off', cleanups),
    pgliteLoop: await pgliteLog('witness-cosign', cleanups),
  };
  const witnessed = [logs.postgresOn, logs.postgresLoop, logs.pgliteOn, logs.pgliteLoop].map(
    (log) => log.vkey,
  );
  const witnesses = [
    await startWitness('bench.example/w1', witnessed, cleanups),
    await startWitness('bench.example/w2', witnessed, cleanups),
  ];
  const witnessKeys = witnesses.map((witness) => witness.key);
  const witnessSetting = witnesses.map((witness) => `${witness.key.vkey} ${witness.url}`).join(',');
  console.log(
    `Witnesses: ${witnesses.map((witness) => `${witness.key.name} at ${witness.url} (pid ${witness.pid})`).join(', ')}.`,
  );

  const start = async (name: string, log: LogUnderTest, extra: Record<string, string>) =>
    track(
      await startService({
        name,
        env: {
          ...serviceEnv,
          ...(log.url ? poolEnv : {}),
          ...log.databaseEnv,
          AVS_PUBLIC_URL: log.publicUrl,
          ...extra,
        },
        cpuProfileDir: settings.cpuProfileDir,
      }),
    );
  const services = {
    postgresOn: await start('service-postgres-witnessed', logs.postgresOn, { AVS_WITNESSES: witnessSetting }),
    postgresOff: await start('service-postgres-unwitnessed', logs.postgresOff, {}),
    pgliteOn: await start('service-pglite-witnessed', logs.pgliteOn, { AVS_WITNESSES: witnessSetting }),
    pgliteOff: await start('service-pglite-unwitnessed', logs.pgliteOff, {}),
  };

  const postgresLoopDb = openPostgres(logs.postgresLoop.url!);
  cleanups.push(() => postgresLoopDb.close());
  const pgliteLoopDb = await PgliteDatabase.open(logs.pgliteLoop.dataDir!);
  cleanups.push(() => pgliteLoopDb.close());
  const loops = {
    postgres: new CosignLoop(postgresLoopDb, logs.postgresLoop, witnesses),
    pglite: new CosignLoop(pgliteLoopDb, logs.pgliteLoop, witnesses),
  };

  const create = (server: RunningServer, log: LogUnderTest, witnessKeys: readonly WitnessKey[]) => {
    let logged = 0;
    return async (seconds: number) => {
      const measured = await runHttpLoad(
        {
          target: () => server.url,
          pid: () => server.pid,
          headers: { authorization: `Bearer ${log.credentials.apiKey}` },
          requests: [{ method: 'POST', path: '/api/v1/assets/artworks', body: CREATE_BODY }],
        },
        { connections: settings.connections, seconds },
      );
      // Each create is one event for the log: wait for it to be logged (and cosigned), so that the log's catching
      // up after the round is not paid by the scenario that runs next on these two cores.
      logged += measured.total - measured.non2xx;
      await caughtUp(server.url, logged, witnessKeys);
      return measured;
    };
  };
  const answered = {
    postgres: { seconds: 0, answers: new Map<string, number>() },
    pglite: { seconds: 0, answers: new Map<string, number>() },
  };
  const witnessedCreate = `POST /api/v1/assets/artworks, AVS_WITNESSES naming two local witness processes`;
  const scenarios: WitnessScenario[] = [
    {
      name: `${CREATE} ${OFF}`,
      description: 'POST /api/v1/assets/artworks, no witnesses (log on, its own database)',
      group: WITNESS_GROUP,
      measure: create(services.postgresOff, logs.postgresOff, []),
    },
    {
      name: `${CREATE} ${ON}`,
      description: `${witnessedCreate} (its own database)`,
      group: WITNESS_GROUP,
      measure: countingAnswers(
        create(services.postgresOn, logs.postgresOn, witnessKeys),
        () => services.postgresOn,
        answered.postgres,
      ),
    },
    {
      name: `${PGLITE_CREATE} ${OFF}`,
      description: 'the service on PGlite: POST /api/v1/assets/artworks, no witnesses',
      group: WITNESS_GROUP,
      measure: create(services.pgliteOff, logs.pgliteOff, []),
    },
    {
      name: `${PGLITE_CREATE} ${ON}`,
      description: `the service on PGlite: ${witnessedCreate}`,
      group: WITNESS_GROUP,
      measure: countingAnswers(
        create(services.pgliteOn, logs.pgliteOn, witnessKeys),
        () => services.pgliteOn,
        answered.pglite,
      ),
    },
    {
      name: 'witness cosign (checkpoints/s)',
      description:
        'checkpoints signed one after another (one create each) and cosigned by both witnesses, on PostgreSQL; ' +
        'latency: the cosigning; CPU and writes: the two witness processes per 1,000 checkpoints',
      group: WITNESS_GROUP,
      measure: (seconds) => loops.postgres.measure(seconds),
    },
    {
      name: 'witness pglite cosign (checkpoints/s)',
      description: 'the same on PGlite (in this process)',
      group: WITNESS_GROUP,
      measure: (seconds) => loops.pglite.measure(seconds),
    },
  ];

  return {
    scenarios,
    ratios: [
      {
        name: `${CREATE}: with / without`,
        service: `${CREATE} ${ON}`,
        reference: `${CREATE} ${OFF}`,
        target: 0.95,
      },
      {
        name: `${CREATE}: CPU per request with / without`,
        service: `${CREATE} ${ON}`,
        reference: `${CREATE} ${OFF}`,
        cpu: true,
      },
      {
        name: `${PGLITE_CREATE}: with / without`,
        service: `${PGLITE_CREATE} ${ON}`,
        reference: `${PGLITE_CREATE} ${OFF}`,
        target: 0.95,
      },
      {
        name: `${PGLITE_CREATE}: CPU per request with / without`,
        service: `${PGLITE_CREATE} ${ON}`,
        reference: `${PGLITE_CREATE} ${OFF}`,
        cpu: true,
      },
    ],
    async report() {
      const reported: Record<string, unknown> = {};
      for (const [database, loop] of Object.entries(loops)) {
        const cpuMs = loop.cosigningCpuMsPerCheckpoint();
        if (cpuMs === undefined) continue;
        console.log(
          `witness cosign on ${database}: the log's process spent ${cpuMs.toFixed(2)} ms of CPU per checkpoint ` +
            'from hand-over to both cosignatures kept',
        );
        reported[`${database}CosigningCpuMsPerCheckpoint`] = cpuMs;
      }
      for (const [database, server] of [
        ['postgres', services.postgresOn],
        ['pglite', services.pgliteOn],
      ] as const) {
        const rounds = answered[database];
        if (rounds.seconds === 0) continue;
        const { size, quorum } = await servedCheckpoint(server.url, witnessKeys);
        const answers = Object.fromEntries(rounds.answers);
        // Checkpoints both witnesses cosigned: the fewer of the two counts.
        const cosignedByBoth = Math.min(
          ...witnesses.map((witness) => rounds.answers.get(`${witness.key.name} cosigned`) ?? 0),
        );
        console.log(
          `witnessed creates on ${database}: over ${rounds.seconds} s of load (warm-up included) the witnesses ` +
            `answered ${JSON.stringify(answers)} (${(cosignedByBoth / rounds.seconds).toFixed(1)} checkpoints a ` +
            `second cosigned by both); the checkpoint served afterwards (size ${size}) ` +
            `${quorum.ok ? 'carries both cosignatures' : `lacks cosignatures: ${JSON.stringify(quorum)}`}`,
        );
        reported[database] = {
          loadSeconds: rounds.seconds,
          answers,
          cosignedByBothPerSecond: cosignedByBoth / rounds.seconds,
          checkpointSize: size,
          cosigned: quorum.ok,
        };
      }
      return reported;
    },
  };
}
