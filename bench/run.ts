// `npm run bench`: the service against PostgreSQL's own ceiling (pgbench) and a bare Fastify floor,
// and against a raw loop on embedded PGlite. See docs/performance.md.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { packageRoot } from '../src/lib/package-root.js';
import { collectorScenariosSelected, setUpCollectorBench } from './collector-pages.js';
import { createFreshPostgres, createSeededPglite, issueCertificates, seedPostgres } from './databases.js';
import {
  appendEventsInBulk,
  bindTags,
  CREATE_BODY,
  createAssets,
  tapVerdicts,
  updateRepeatedly,
  verifyRepeatedly,
  waitForHistoryCheck,
  type SeededAsset,
} from './fixtures.js';
import {
  mixedRequests,
  rotatingGet,
  rotatingTitlePatch,
  rotatingVerify,
  runHttpLoad,
  type HttpLoad,
  type Measurement,
} from './load.js';
import { formatIdleReport, IDLE_GROUP, measureIdleCosts } from './idle.js';
import { describeMachine, serviceBenchEnv } from './machine.js';
import { inventoryScenariosSelected, runInventoryBench } from './inventory.js';
import { listScenariosSelected, setUpListBench } from './lists.js';
import { mailScenariosSelected, setUpMailBench } from './mail.js';
import { pathCeilingsSelected, runPathStatements } from './path-ceilings.js';
import {
  benchImages,
  measureUploadProcessing,
  photoSearchImages,
  rotatingJpegPosts,
  rotatingUploads,
  testPhotographs,
  uploadOnce,
  withPeakRss,
  type MemoryMeasurement,
} from './media.js';
import { createScript, runPgbench } from './pgbench.js';
import {
  CONSOLE_GROUP,
  compareConsolePairs,
  consoleScenarios,
  formatConsoleComparison,
  memberSessionUpdates,
} from './console-pages.js';
import { RawPgliteLoop } from './pglite-loop.js';
import { startServerProcess, startService, freePort, type RunningServer } from './processes.js';
import { measureInRounds } from './report.js';
import { recognitionScenariosSelected, runRecognitionCostBench } from './recognition-cost.js';
import { readBenchSettings } from './settings.js';
import { printTargetSummary, recordedTargets, recordTarget } from './targets.js';
import { setUpWitnessBench, witnessScenariosSelected } from './witnesses.js';

/**
 * How the service sends a create to PostgreSQL: 'transaction' is BEGIN, the statement, COMMIT (three
 * round trips); 'single' is the one statement on its own (its own transaction). The ceiling and the
 * floor send it the same way, so that they measure the same SQL.
 */
const SERVICE_CREATE_STATEMENTS: 'transaction' | 'single' = 'single';

/** Events of the asset the "verify a long history" scenario verifies. */
const LONG_HISTORY = 10_000;

/** Issue #53: verification stays flat right after a burst of writes and under a stream of them (BENCH_ONLY group). */
const VERIFY_AFTER_WRITES = 'verify after writes';
const VERIFY_RIGHT_AFTER = 'verify right after 10,000 events written';
const VERIFY_UNDER_PATCHES = 'verify a long history under a stream of PATCHes';
/** Events written in bulk to the asset of VERIFY_RIGHT_AFTER before each of its rounds (and to the PATCHed asset). */
const WRITTEN_EVENTS = 10_000;
/** Connections of the PATCH stream beside the verifications: PATCHes of one asset take its row lock in turn. */
const PATCH_CONNECTIONS = 4;

/** The public reads (no key) answered from memory, whose target is ≥ 0.9 × the floor get (docs/performance.md). */
const PUBLIC_READS = [
  'certificate page',
  'credential',
  'status list',
  'did.json',
  'tlog checkpoint',
  'tlog tile',
] as const;

interface Scenario {
  name: string;
  description: string;
  /** A name BENCH_ONLY selects the scenario by, besides its own. */
  group?: string;
  /** Connections of its HTTP load, when not settings.connections. */
  connections?: number;
  measure: (seconds: number, connections: number) => Promise<Measurement>;
}

/** The group, and the names, that select the media scenarios and their set-up (BENCH_ONLY). */
const MEDIA_GROUP = 'media';
const MEDIA_SCENARIOS = [
  'media upload',
  'media download',
  'media download (AVS_MEDIA_DIR)',
  'floor media download (@fastify/static)',
  'sharp re-encode alone',
] as const;

const FLOOR_STATIC = 'floor media download (@fastify/static)';

/** Uploads of a 1 MiB JPEG are measured at this many connections (issue #35: p99 ≤ 500 ms at 8). */
const UPLOAD_CONNECTIONS = 8;

const settings = readBenchSettings();
const cleanups: (() => Promise<void>)[] = [];

async function cleanUp(): Promise<void> {
  // Drained: the run's servers stop before the idle measurement, the rest at the end.
  for (const cleanup of cleanups.splice(0).reverse()) {
    try {
      await cleanup();
    } catch (error) {
      console.error('clean-up failed:', error);
    }
  }
}

function track(server: RunningServer): RunningServer {
  cleanups.push(() => server.stop());
  return server;
}

function http(load: HttpLoad): (seconds: number, connections: number) => Promise<Measurement> {
  return (seconds, connections) => runHttpLoad(load, { connections, seconds });
}

/** The path of the status list a certificate's credential points at (the credential is signed at first read). */
async function firstStatusListPath(baseUrl: string, certificateNumber: string): Promise<string> {
  const response = await fetch(`${baseUrl}/c/${certificateNumber}/credential`);
  const credential = (await response.json()) as {
    credentialStatus?: { statusListCredential?: string }[] | { statusListCredential?: string };
  };
  const status = credential.credentialStatus;
  const url = (Array.isArray(status) ? status[0] : status)?.statusListCredential;
  if (!url) throw new Error(`the credential of ${certificateNumber} names no status list`);
  return new URL(url).pathname;
}

/**
 * The media service on AVS_MEDIA_DIR: its own database and service, the bytes in `mediaDir`, the same images
 * uploaded; their files (`ab/abcdef…`, by SHA-256 of the stored bytes) are what the floor serves.
 */
async function setUpMediaDirectory(
  mediaDir: string,
  images: readonly Buffer[],
  benchEnv: Record<string, string>,
  poolEnv: Record<string, string>,
) {
  const fresh = await createFreshPostgres(settings.adminDatabaseUrl, 'media_dir');
  cleanups.push(() => fresh.drop());
  const credentials = await seedPostgres(fresh.url);
  const server = track(
    await startService({
      name: 'service-postgres-media-dir',
      env: { ...benchEnv, ...poolEnv, DATABASE_URL: fresh.url, AVS_MEDIA_DIR: mediaDir },
      cpuProfileDir: settings.cpuProfileDir,
    }),
  );
  const assets = await createAssets(server.url, credentials.apiKey, images.length);
  const ids: string[] = [];
  const files: string[] = [];
  for (const [index, image] of images.entries()) {
    const stored = await uploadOnce(server.url, credentials.apiKey, assets[index]!.id, image);
    ids.push(stored.id);
    files.push(`${stored.sha256.slice(0, 2)}/${stored.sha256}`);
  }
  return {
    url: server.url,
    pid: server.pid,
    auth: { authorization: `Bearer ${credentials.apiKey}` },
    ids,
    files,
  };
}

async function main(): Promise<void> {
  const machine = await describeMachine(settings.adminDatabaseUrl);
  const benchEnv = serviceBenchEnv();
  const poolEnv: Record<string, string> = settings.poolSize
    ? { AVS_DB_POOL_SIZE: String(settings.poolSize) }
    : {};
  const poolSize = settings.poolSize ?? 20;
  console.log(
    `Machine: ${machine.cpus} CPUs (${machine.cpuModel}), Node ${machine.node}, PostgreSQL ${machine.postgres}, PGlite ${machine.pglite}`,
  );
  console.log(
    `Load: ${settings.connections} connections, ${settings.rounds} rounds of ${settings.seconds} s per scenario (median reported), ` +
      `${settings.warmupSeconds} s warm-up, scenarios interleaved round by round.`,
  );
  console.log(
    `The service runs with ${Object.entries({ ...benchEnv, ...poolEnv })
      .map(([name, value]) => `${name}=${value}`)
      .join(' ')}: rate limits raised out of the way, request logging off (warn level).`,
  );

  // The set-ups that take long are made only for the scenarios that need them (BENCH_ONLY).
  const selects = (...names: string[]) => !settings.only || names.some((name) => settings.only!.has(name));
  const mediaSelected = selects(MEDIA_GROUP, ...MEDIA_SCENARIOS);
  // The AVS_MEDIA_DIR of the media service below, which the floor serves with @fastify/static as well.
  let mediaDir: string | undefined;
  if (mediaSelected) {
    const created = mkdtempSync(path.join(tmpdir(), 'avs-bench-media-'));
    cleanups.push(async () => rmSync(created, { recursive: true, force: true }));
    chmodSync(created, 0o700);
    mediaDir = created;
  }

  // PostgreSQL: a fresh database, the service and the floor server on it.
  const fresh = await createFreshPostgres(settings.adminDatabaseUrl, 'run');
  cleanups.push(() => fresh.drop());
  const credentials = await seedPostgres(fresh.url);
  const service = track(
    await startService({
      name: 'service-postgres',
      env: { ...benchEnv, ...poolEnv, DATABASE_URL: fresh.url },
      cpuProfileDir: settings.cpuProfileDir,
    }),
  );
  const floorPort = await freePort();
  const floor = track(
    await startServerProcess({
      name: 'floor-postgres',
      script: path.join(packageRoot, 'dist/bench/floor-server.js'),
      args: [
        JSON.stringify({
          port: floorPort,
          databaseUrl: fresh.url,
          poolSize,
          accountId: credentials.accountId,
          apiKeyId: credentials.apiKeyId,
          createStatements: SERVICE_CREATE_STATEMENTS,
          mediaRoot: mediaDir,
        }),
      ],
      env: process.env,
      port: floorPort,
      cpuProfileDir: settings.cpuProfileDir,
    }),
  );
  // The same service with the transparency log off, on its own database: create with the log on vs off.
  const freshLogOff = await createFreshPostgres(settings.adminDatabaseUrl, 'tlog_off');
  cleanups.push(() => freshLogOff.drop());
  const logOffCredentials = await seedPostgres(freshLogOff.url);
  const logOffService = track(
    await startService({
      name: 'service-postgres-tlog-off',
      env: { ...benchEnv, ...poolEnv, DATABASE_URL: freshLogOff.url, AVS_TLOG: 'off' },
      cpuProfileDir: settings.cpuProfileDir,
    }),
  );
  const auth = { authorization: `Bearer ${credentials.apiKey}` };
  const [historyAsset, busyAsset, ...assets] = await createAssets(service.url, credentials.apiKey, 258);
  await updateRepeatedly(service.url, credentials.apiKey, historyAsset!.id, 9);
  if (selects('verify a busy asset'))
    await verifyRepeatedly(service.url, credentials.apiKey, busyAsset!.id, 10_000);
  const getPaths = assets.map((asset) => `/api/v1/assets/artworks/${asset.id}`);
  // The public reads need issued certificates (a pending one has no credential and a no-store page).
  await issueCertificates(
    fresh.url,
    assets.map((asset) => asset.certificate_number),
  );
  const statusListPath = await firstStatusListPath(service.url, assets[0]!.certificate_number);
  // An issued asset with LONG_HISTORY events, loaded in bulk, whose history the service's background re-check
  // (every AVS_HISTORY_RECHECK_MS, a minute by default) has checked: verified from that check (docs/api.md).
  let longHistoryAsset: SeededAsset | undefined;
  if (!settings.only || settings.only.has('verify a long history')) {
    [longHistoryAsset] = await createAssets(service.url, credentials.apiKey, 1);
    await appendEventsInBulk(fresh.url, longHistoryAsset!.id, LONG_HISTORY - 2);
    await issueCertificates(fresh.url, [longHistoryAsset!.certificate_number]);
    const waited = await waitForHistoryCheck(fresh.url, longHistoryAsset!.id, LONG_HISTORY, 180_000);
    console.log(
      `Long history: ${LONG_HISTORY} events loaded; the background re-check had it ${(waited / 1000).toFixed(0)} s later.`,
    );
  }
  // Issue #53: two assets whose 10,000 events are written with no wait for the background re-check (a minute): the
  // first verification re-hashes them and records the check point it reached, the next ones only what is new. The
  // PATCHed one stays pending (an issued certificate's asset refuses a PATCH); its verification checks as much.
  const [writtenAsset, patchedAsset] = selects(VERIFY_AFTER_WRITES, VERIFY_RIGHT_AFTER, VERIFY_UNDER_PATCHES)
    ? await createAssets(service.url, credentials.apiKey, 2)
    : [];
  if (writtenAsset && patchedAsset) {
    await issueCertificates(fresh.url, [writtenAsset.certificate_number]);
    await appendEventsInBulk(fresh.url, patchedAsset.id, WRITTEN_EVENTS);
  }
  // An NFC tag on each of those certificates (docs/tags.md): each tap of the scenario is a new link of one.
  const tags =
    !settings.only || settings.only.has('tap') ? await bindTags(service.url, credentials.apiKey, assets) : [];
  const pgbenchScript = createScript(credentials, SERVICE_CREATE_STATEMENTS);

  // PGlite: the service on one data directory, the raw loop on another.
  const pgliteData = await createSeededPglite('service');
  cleanups.push(() => pgliteData.remove());
  const pgliteService = track(
    await startService({
      name: 'service-pglite',
      env: { ...benchEnv, AVS_DATA_DIR: pgliteData.dataDir },
      cpuProfileDir: settings.cpuProfileDir,
    }),
  );
  const pgliteAuth = { authorization: `Bearer ${pgliteData.credentials.apiKey}` };
  const pgliteAssets = await createAssets(pgliteService.url, pgliteData.credentials.apiKey, 256);
  const rawData = await createSeededPglite('raw');
  cleanups.push(() => rawData.remove());
  const raw = await RawPgliteLoop.open(rawData.dataDir, rawData.credentials);
  cleanups.push(() => raw.close());

  // Media: 64 distinct 1 MiB JPEGs uploaded in turn to 32 draft assets; downloads of 8 stored ones, from the
  // database and, on a second service with AVS_MEDIA_DIR (its own database), from files the floor serves too.
  const mediaImages = mediaSelected ? await benchImages(64) : [];
  const mediaAssets = mediaSelected ? await createAssets(service.url, credentials.apiKey, 32) : [];
  const mediaIds: string[] = [];
  for (let index = 0; index < (mediaSelected ? 8 : 0); index++) {
    const stored = await uploadOnce(
      service.url,
      credentials.apiKey,
      mediaAssets[index]!.id,
      mediaImages[index]!,
    );
    mediaIds.push(stored.id);
  }
  const mediaDirBench = mediaDir
    ? await setUpMediaDirectory(mediaDir, mediaImages.slice(0, 8), benchEnv, poolEnv)
    : undefined;
  const mediaMemory = new Map<string, MemoryMeasurement[]>();
  const measuringMemory =
    (name: string, pid: () => number, measure: Scenario['measure']) =>
    async (seconds: number, connections: number) => {
      const measured = await withPeakRss(pid(), () => measure(seconds, connections));
      mediaMemory.set(name, [...(mediaMemory.get(name) ?? []), measured]);
      return measured;
    };
  // Photo search (docs/media.md): the 60 test photographs stored in each service; each search sends one of them
  // enlarged to about 100 KB, so every request decodes, fingerprints, looks up the index and re-checks a match in SQL.
  const photoSelected =
    !settings.only ||
    ['photo', 'photo search', 'pglite photo search'].some((name) => settings.only!.has(name));
  const photographs = photoSelected ? testPhotographs() : [];
  const photoQueries = await photoSearchImages(photographs);
  const photoQueryKiB =
    photoQueries.reduce((sum, image) => sum + image.length, 0) / photoQueries.length / 1024;
  for (const [url, apiKey] of [
    [service.url, credentials.apiKey],
    [pgliteService.url, pgliteData.credentials.apiKey],
  ] as const) {
    if (!photoSelected) break;
    const photoAssets = await createAssets(url, apiKey, photographs.length);
    for (const [index, photo] of photographs.entries())
      await uploadOnce(url, apiKey, photoAssets[index]!.id, photo);
  }
  // The lists at 1,000 and at settings.listAssets assets, each size on its own database and service (bench/lists.ts).
  const listBench = listScenariosSelected(settings.only)
    ? await setUpListBench({ settings, serviceEnv: benchEnv, poolEnv, cleanups, track })
    : undefined;
  // Two witness processes and four services of their own (docs/performance.md, "Witnesses").
  const witnessBench = witnessScenariosSelected(settings.only)
    ? await setUpWitnessBench({ settings, serviceEnv: benchEnv, poolEnv, cleanups, track })
    : undefined;
  // The mail outbox beside the webhook outbox, and a create with a notice on and off (docs/performance.md, "Mail").
  const mailBench = mailScenariosSelected(settings.only)
    ? await setUpMailBench({ settings, serviceEnv: benchEnv, poolEnv, cleanups, track })
    : undefined;
  // The collector's pages (issue #50) beside the public pages of the same works (docs/performance.md, "Round 4").
  const collectorBench = collectorScenariosSelected(settings.only)
    ? await setUpCollectorBench({
        databaseUrl: fresh.url,
        url: () => service.url,
        pid: () => service.pid,
        credentials,
      })
    : undefined;

  let tapNext = 0;
  const scenarios: Scenario[] = [
    {
      name: 'create',
      description: 'POST /api/v1/assets/artworks',
      measure: http({
        target: () => service.url,
        pid: () => service.pid,
        headers: auth,
        requests: [{ method: 'POST', path: '/api/v1/assets/artworks', body: CREATE_BODY }],
      }),
    },
    {
      name: 'create (log off)',
      description: 'POST /api/v1/assets/artworks with AVS_TLOG=off (its own database)',
      measure: http({
        target: () => logOffService.url,
        pid: () => logOffService.pid,
        headers: { authorization: `Bearer ${logOffCredentials.apiKey}` },
        requests: [{ method: 'POST', path: '/api/v1/assets/artworks', body: CREATE_BODY }],
      }),
    },
    {
      name: 'tlog checkpoint',
      description: 'GET /tlog/checkpoint (public, signed note)',
      measure: http({
        target: () => service.url,
        pid: () => service.pid,
        headers: {},
        requests: [{ method: 'GET', path: '/tlog/checkpoint' }],
      }),
    },
    {
      name: 'tlog tile',
      description: 'GET /tlog/tile/0/000 (a full level-0 tile, 8 KiB)',
      measure: http({
        target: () => service.url,
        pid: () => service.pid,
        headers: {},
        requests: [{ method: 'GET', path: '/tlog/tile/0/000' }],
      }),
    },
    {
      name: 'certificate page',
      description: 'GET /c/{number} (public HTML page), 256 certificates in turn',
      measure: http({
        target: () => service.url,
        pid: () => service.pid,
        headers: {},
        requests: [rotatingGet(assets.map((asset) => `/c/${asset.certificate_number}`))],
      }),
    },
    {
      name: 'tap',
      description: 'GET /t?picc_data=…&cmac=… (public HTML tap page), a new link of 256 tags in turn',
      measure: http({
        target: () => service.url,
        pid: () => service.pid,
        headers: {},
        requests: [
          {
            method: 'GET',
            setupRequest: (request) => {
              request.path = tags[tapNext++ % tags.length]!.tap('');
              return request;
            },
          },
        ],
      }),
    },
    {
      name: 'credential',
      description: 'GET /c/{number}/credential (signed VC), 256 certificates in turn',
      measure: http({
        target: () => service.url,
        pid: () => service.pid,
        headers: {},
        requests: [rotatingGet(assets.map((asset) => `/c/${asset.certificate_number}/credential`))],
      }),
    },
    {
      name: 'status list',
      description: 'GET the status list a credential names (signed, 131,072 entries)',
      measure: http({
        target: () => service.url,
        pid: () => service.pid,
        headers: {},
        requests: [{ method: 'GET', path: statusListPath }],
      }),
    },
    {
      name: 'did.json',
      description: 'GET /.well-known/did.json',
      measure: http({
        target: () => service.url,
        pid: () => service.pid,
        headers: {},
        requests: [{ method: 'GET', path: '/.well-known/did.json' }],
      }),
    },
    {
      name: 'get',
      description: 'GET /api/v1/assets/artworks/{id}, 256 assets in turn',
      measure: http({
        target: () => service.url,
        pid: () => service.pid,
        headers: auth,
        requests: [rotatingGet(getPaths)],
      }),
    },
    {
      name: 'history',
      description: 'GET /api/v1/assets/artworks/{id}/history, an asset with 10 events',
      measure: http({
        target: () => service.url,
        pid: () => service.pid,
        headers: auth,
        requests: [{ method: 'GET', path: `/api/v1/assets/artworks/${historyAsset!.id}/history` }],
      }),
    },
    {
      name: 'certificate',
      description: 'GET /api/v1/certificates/{number}, 256 certificates in turn',
      measure: http({
        target: () => service.url,
        pid: () => service.pid,
        headers: auth,
        requests: [rotatingGet(assets.map((asset) => `/api/v1/certificates/${asset.certificate_number}`))],
      }),
    },
    {
      name: 'verify',
      description: 'POST /api/v1/verify, 256 assets in turn',
      measure: http({
        target: () => service.url,
        pid: () => service.pid,
        headers: auth,
        requests: [rotatingVerify(assets)],
      }),
    },
    {
      name: 'verify a busy asset',
      description: 'POST /api/v1/verify, one asset verified 10,000 times before the run',
      measure: http({
        target: () => service.url,
        pid: () => service.pid,
        headers: auth,
        requests: [
          {
            method: 'POST',
            path: '/api/v1/verify',
            body: JSON.stringify({ planet: 'artworks', asset_id: busyAsset!.id }),
          },
        ],
      }),
    },
    ...(longHistoryAsset
      ? [
          {
            name: 'verify a long history',
            description: `POST /api/v1/verify, one asset with ${LONG_HISTORY.toLocaleString('en')} events, checked in the background`,
            measure: http({
              target: () => service.url,
              pid: () => service.pid,
              headers: auth,
              requests: [
                {
                  method: 'POST',
                  path: '/api/v1/verify',
                  body: JSON.stringify({ planet: 'artworks', asset_id: longHistoryAsset.id }),
                },
              ],
            }),
          },
        ]
      : []),
    ...(writtenAsset && patchedAsset
      ? [
          {
            name: VERIFY_RIGHT_AFTER,
            description: `POST /api/v1/verify of one asset, ${WRITTEN_EVENTS.toLocaleString('en')} more events written just before each round`,
            group: VERIFY_AFTER_WRITES,
            measure: async (seconds: number, connections: number) => {
              await appendEventsInBulk(fresh.url, writtenAsset.id, WRITTEN_EVENTS);
              return http({
                target: () => service.url,
                pid: () => service.pid,
                headers: auth,
                requests: [rotatingVerify([writtenAsset])],
              })(seconds, connections);
            },
          },
          {
            name: VERIFY_UNDER_PATCHES,
            description: `POST /api/v1/verify of one asset with ${WRITTEN_EVENTS.toLocaleString('en')}+ events while ${PATCH_CONNECTIONS} more connections PATCH it`,
            group: VERIFY_AFTER_WRITES,
            measure: async (seconds: number, connections: number) => {
              const patches = runHttpLoad(
                {
                  target: () => service.url,
                  headers: auth,
                  requests: [rotatingTitlePatch(`/api/v1/assets/artworks/${patchedAsset.id}`)],
                },
                { connections: PATCH_CONNECTIONS, seconds },
              );
              const [verified, patched] = await Promise.all([
                http({
                  target: () => service.url,
                  pid: () => service.pid,
                  headers: auth,
                  requests: [rotatingVerify([patchedAsset])],
                })(seconds, connections),
                patches,
              ]);
              console.log(
                `  (beside it: ${patched.requestsPerSecond.toFixed(0)} PATCH/s, ${patched.non2xx} not 2xx, ${patched.errors} errors)`,
              );
              return verified;
            },
          },
        ]
      : []),
    {
      name: 'mix',
      description: '80 % get, 20 % create',
      measure: http({
        target: () => service.url,
        pid: () => service.pid,
        headers: auth,
        requests: mixedRequests(getPaths, '/api/v1/assets/artworks', CREATE_BODY),
      }),
    },
    {
      name: 'media upload',
      group: MEDIA_GROUP,
      connections: UPLOAD_CONNECTIONS,
      description: `POST /files/v1/assets/artworks/{id}/media, a ${((mediaImages[0]?.length ?? 0) / 1024 / 1024).toFixed(2)} MiB JPEG (64 distinct, 32 assets), at ${UPLOAD_CONNECTIONS} connections`,
      measure: measuringMemory(
        'media upload',
        () => service.pid,
        http({
          target: () => service.url,
          pid: () => service.pid,
          headers: auth,
          requests: [
            rotatingUploads(
              mediaAssets.map((asset) => asset.id),
              mediaImages,
            ),
          ],
        }),
      ),
    },
    {
      name: 'sharp re-encode alone',
      group: MEDIA_GROUP,
      description:
        "in this process, one at a time: the service's prepareUpload (sniff, re-encode without metadata, digests, fingerprint) of the upload's 64 JPEGs",
      measure: (seconds) => measureUploadProcessing(mediaImages, seconds),
    },
    {
      name: 'media download',
      group: MEDIA_GROUP,
      description:
        'GET /files/v1/media/{id} with the owner key, 8 stored 1 MiB JPEGs in turn, bytes in the database',
      measure: measuringMemory(
        'media download',
        () => service.pid,
        http({
          target: () => service.url,
          pid: () => service.pid,
          headers: auth,
          requests: [rotatingGet(mediaIds.map((id) => `/files/v1/media/${id}`))],
        }),
      ),
    },
    ...(mediaDirBench
      ? [
          {
            name: 'media download (AVS_MEDIA_DIR)',
            group: MEDIA_GROUP,
            description:
              'GET /files/v1/media/{id} with the owner key, the same 8 JPEGs, bytes in AVS_MEDIA_DIR (its own service and database)',
            measure: measuringMemory(
              'media download (AVS_MEDIA_DIR)',
              () => mediaDirBench.pid,
              http({
                target: () => mediaDirBench.url,
                pid: () => mediaDirBench.pid,
                headers: mediaDirBench.auth,
                requests: [rotatingGet(mediaDirBench.ids.map((id) => `/files/v1/media/${id}`))],
              }),
            ),
          },
          {
            name: 'floor media download (@fastify/static)',
            group: MEDIA_GROUP,
            description:
              "bare Fastify with @fastify/static: the same 8 files of that service's AVS_MEDIA_DIR in turn",
            measure: http({
              target: () => floor.url,
              pid: () => floor.pid,
              requests: [rotatingGet(mediaDirBench.files.map((file) => `/media/${file}`))],
            }),
          },
        ]
      : []),
    {
      name: 'photo search',
      group: 'photo',
      description: `POST /files/v1/search, JPEGs of ${photoQueryKiB.toFixed(0)} KiB on average (60 in turn), each matching one of the 60 stored photographs`,
      measure: http({
        target: () => service.url,
        pid: () => service.pid,
        headers: auth,
        requests: [rotatingJpegPosts('/files/v1/search', photoQueries)],
      }),
    },
    {
      name: 'pglite photo search',
      group: 'photo',
      description: 'the service on embedded PGlite: POST /files/v1/search, the same photographs',
      measure: http({
        target: () => pgliteService.url,
        pid: () => pgliteService.pid,
        headers: pgliteAuth,
        requests: [rotatingJpegPosts('/files/v1/search', photoQueries)],
      }),
    },
    {
      name: 'ceiling create (pgbench)',
      description: `pgbench -c ${settings.connections} -j 2 -M prepared: a create's SQL (${SERVICE_CREATE_STATEMENTS})`,
      measure: (seconds) =>
        runPgbench({
          pgbenchPath: settings.pgbenchPath,
          databaseUrl: fresh.url,
          script: pgbenchScript,
          clients: settings.connections,
          threads: 2,
          seconds,
        }),
    },
    {
      name: 'floor create (bare Fastify)',
      description: 'bare Fastify route, same SQL as create',
      measure: http({
        target: () => floor.url,
        pid: () => floor.pid,
        requests: [{ method: 'POST', path: '/assets/artworks', body: CREATE_BODY }],
      }),
    },
    {
      name: 'floor get (bare Fastify)',
      description: 'bare Fastify route, same SQL as get',
      measure: http({
        target: () => floor.url,
        pid: () => floor.pid,
        requests: [rotatingGet(assets.map((asset) => `/assets/artworks/${asset.id}`))],
      }),
    },
    {
      name: 'pglite create',
      description: 'the service on embedded PGlite: POST /api/v1/assets/artworks',
      measure: http({
        target: () => pgliteService.url,
        pid: () => pgliteService.pid,
        headers: pgliteAuth,
        requests: [{ method: 'POST', path: '/api/v1/assets/artworks', body: CREATE_BODY }],
      }),
    },
    {
      name: 'pglite get',
      description: 'the service on embedded PGlite: GET /api/v1/assets/artworks/{id}',
      measure: http({
        target: () => pgliteService.url,
        pid: () => pgliteService.pid,
        headers: pgliteAuth,
        requests: [rotatingGet(pgliteAssets.map((asset) => `/api/v1/assets/artworks/${asset.id}`))],
      }),
    },
    {
      name: 'pglite raw create',
      description: `a loop running a create's SQL on PGlite, in process (${SERVICE_CREATE_STATEMENTS})`,
      measure: (seconds) => raw.create(seconds, SERVICE_CREATE_STATEMENTS),
    },
    {
      name: 'pglite raw get',
      description: "a loop running a get's SQL on PGlite, in process",
      measure: (seconds) => raw.get(seconds),
    },
    ...consoleScenarios({
      prefix: '',
      target: () => service.url,
      pid: () => service.pid,
      apiKey: credentials.apiKey,
      memberCookie: credentials.memberCookie,
      assetIds: assets.map((asset) => asset.id),
      connections: settings.connections,
    }),
    ...consoleScenarios({
      prefix: 'pglite ',
      target: () => pgliteService.url,
      pid: () => pgliteService.pid,
      apiKey: pgliteData.credentials.apiKey,
      memberCookie: pgliteData.credentials.memberCookie,
      assetIds: pgliteAssets.map((asset) => asset.id),
      connections: settings.connections,
    }),
    ...(listBench?.scenarios ?? []),
    ...(witnessBench?.scenarios ?? []),
    ...(mailBench?.scenarios ?? []),
    ...(collectorBench?.scenarios ?? []),
  ];
  const selected = scenarios.filter(
    (scenario) =>
      !settings.only ||
      settings.only.has(scenario.name) ||
      settings.only.has(scenario.name.split(' (')[0]!) ||
      (scenario.group === MEDIA_GROUP && mediaSelected) ||
      (scenario.group !== undefined && settings.only.has(scenario.group)),
  );
  const consoleSelected = selected.some((scenario) => scenario.group === CONSOLE_GROUP);
  const sessionUpdatesBefore = consoleSelected ? await memberSessionUpdates(fresh.url) : 0;

  const { rounds, summaries } = await measureInRounds(selected, settings);

  // A scenario whose requests failed measured its errors, not its work: it is named, and gives no ratio.
  const failed = new Set(
    [...summaries].filter(([, summary]) => summary.errors + summary.non2xx > 0).map(([name]) => name),
  );
  for (const name of failed) {
    const summary = summaries.get(name)!;
    console.log(
      `\n${name}: ${summary.errors} errors and ${summary.non2xx} answers not 2xx, so no ratio of it is given.`,
    );
  }
  const rate = (name: string) => (failed.has(name) ? undefined : summaries.get(name)?.requestsPerSecond);
  const ratio = (service: string, reference: string) => {
    const a = rate(service);
    const b = rate(reference);
    return a !== undefined && b !== undefined && b > 0 ? a / b : undefined;
  };
  const cpu = (name: string) => (failed.has(name) ? undefined : summaries.get(name)?.cpuMsPer1000);
  // CPU per request: lower is better, so the ratio is service over reference and the target a ceiling.
  const cpuRatio = (service: string, reference: string) => {
    const a = cpu(service);
    const b = cpu(reference);
    return a !== undefined && b !== undefined && b > 0 ? a / b : undefined;
  };
  // `item`: the item of issue #53 a figure answers, for the summary that ends the run (bench/targets.ts).
  const targets: {
    name: string;
    value: number | undefined;
    target?: number;
    atMost?: boolean;
    item?: number;
  }[] = [
    { name: 'create / pgbench ceiling', value: ratio('create', 'ceiling create (pgbench)'), target: 1.0 },
    { name: 'create / bare Fastify floor', value: ratio('create', 'floor create (bare Fastify)') },
    {
      name: 'create CPU per request / floor create CPU',
      value: cpuRatio('create', 'floor create (bare Fastify)'),
    },
    // The log works in the background: a create costs at most 10 % more with it on.
    { name: 'create / create (log off)', value: ratio('create', 'create (log off)'), target: 0.9 },
    { name: 'get / bare Fastify floor', value: ratio('get', 'floor get (bare Fastify)'), target: 0.8 },
    {
      name: 'get CPU per request / floor get CPU',
      value: cpuRatio('get', 'floor get (bare Fastify)'),
      target: 1.2,
      atMost: true,
    },
    {
      name: 'pglite create / raw PGlite loop',
      value: ratio('pglite create', 'pglite raw create'),
      target: 0.9,
    },
    { name: 'pglite get / raw PGlite loop', value: ratio('pglite get', 'pglite raw get'), target: 0.8 },
    ...PUBLIC_READS.map((name) => ({
      name: `${name} / floor get`,
      value: ratio(name, 'floor get (bare Fastify)'),
      target: 0.9,
    })),
    // A tap writes its record and its tag's counter and draws the certificate's page: beside the page alone.
    { name: 'tap / certificate page', value: ratio('tap', 'certificate page'), target: 0.5, item: 2 },
    { name: 'verify / get', value: ratio('verify', 'get'), target: 0.5 },
    { name: 'verify a busy asset / get', value: ratio('verify a busy asset', 'get'), target: 0.5 },
    // Within 15 % of each other: the 10,001st verification costs what the first did.
    { name: 'verify a busy asset / verify', value: ratio('verify a busy asset', 'verify'), target: 0.85 },
    // Checkpoints are cosigned in the background: a create costs at most 5 % more with two witnesses.
    ...(witnessBench?.ratios ?? []).map((entry) => ({
      name: entry.name,
      value: entry.cpu ? cpuRatio(entry.service, entry.reference) : ratio(entry.service, entry.reference),
      target: entry.target,
    })),
    // Mail (issue #48): the mail outbox's messages/s beside the webhook outbox's deliveries/s; a create with a notice
    // on costs at most 5 % more than with it off.
    ...(mailBench?.ratios ?? []).map((entry) => ({
      name: entry.name,
      value: ratio(entry.service, entry.reference),
      target: entry.target,
      item: 5,
    })),
    // A verification costs the same on any history (issue #35): 10,000 events against the verify scenario's 2.
    { name: 'verify a long history / verify', value: ratio('verify a long history', 'verify'), target: 0.8 },
    // Issue #53: the check point rides each verification's record, so no wait for the re-check (the 'verify' anchor
    // is selected beside them: BENCH_ONLY=verify,'verify after writes').
    {
      name: `${VERIFY_RIGHT_AFTER} / verify`,
      value: ratio(VERIFY_RIGHT_AFTER, 'verify'),
      target: 0.8,
      item: 1,
    },
    {
      name: `${VERIFY_UNDER_PATCHES} / verify`,
      value: ratio(VERIFY_UNDER_PATCHES, 'verify'),
      target: 0.7,
      item: 1,
    },
    // Media (issue #35): a download against a bare static route serving the same file.
    {
      name: 'media download (AVS_MEDIA_DIR) / floor static',
      value: ratio('media download (AVS_MEDIA_DIR)', FLOOR_STATIC),
      target: 0.8,
    },
    { name: 'media download / floor static', value: ratio('media download', FLOOR_STATIC), target: 0.3 },
  ];
  const floorStaticP99 = summaries.get(FLOOR_STATIC)?.p99Ms;
  const p99Targets: { name: string; limit: number | undefined; of?: string }[] = [
    { name: 'get', limit: 20 },
    { name: 'create', limit: 50 },
    { name: 'media upload', limit: 500 },
    ...['media download', 'media download (AVS_MEDIA_DIR)'].map((name) => ({
      name,
      limit: floorStaticP99 === undefined ? undefined : 2 * floorStaticP99,
      of: `2 × ${FLOOR_STATIC} p99`,
    })),
  ];
  console.log('');
  for (const { value, ...entry } of targets) {
    if (value !== undefined) console.log(recordTarget({ ...entry, value }));
  }
  for (const [name, measured] of mediaMemory) {
    const peak = Math.max(...measured.map((round) => round.peakRssMiB));
    const before = Math.min(...measured.map((round) => round.rssBeforeMiB));
    console.log(`${name}: server RSS ${before.toFixed(0)} MiB before, peak ${peak.toFixed(0)} MiB`);
  }
  for (const { name, limit, of } of p99Targets) {
    const p99 = summaries.get(name)?.p99Ms;
    if (p99 === undefined || limit === undefined) continue;
    const targetLabel = of ? `${of} = ${limit.toFixed(1)}` : undefined;
    console.log(
      recordTarget({
        name: `${name} p99`,
        value: p99,
        target: limit,
        atMost: true,
        unit: ' ms',
        digits: 1,
        targetLabel,
      }),
    );
  }
  // Issue #35 target 4: the embedded service and the load generator share the 2 cores; the raw loop has no HTTP.
  const pgliteGet = summaries.get('pglite get');
  if (pgliteGet?.cpuMsPer1000 !== undefined && pgliteGet.loaderCpuMsPer1000 !== undefined) {
    console.log(
      `pglite get CPU: service ${pgliteGet.cpuMsPer1000.toFixed(0)} ms per 1,000 requests, load generator ` +
        `(autocannon, the bench process) ${pgliteGet.loaderCpuMsPer1000.toFixed(0)} ms beside it; ` +
        `raw PGlite loop ${cpu('pglite raw get')?.toFixed(0) ?? '—'} ms per 1,000 reads`,
    );
  }
  const uploadCpu = cpu('media upload');
  const reencodeCpu = cpu('sharp re-encode alone');
  if (uploadCpu !== undefined && reencodeCpu !== undefined) {
    console.log(
      `media upload CPU: ${(uploadCpu / 1000).toFixed(1)} ms per upload (service process); ` +
        `sharp re-encode alone: ${(reencodeCpu / 1000).toFixed(1)} ms per image (its floor); ` +
        `upload / re-encode ${(uploadCpu / reencodeCpu).toFixed(2)}`,
    );
  }
  // Issue #53 item 3: each list page beside its own service's get, at each size.
  if (listBench) {
    for (const line of listBench.report(summaries, summaries.get('floor get (bare Fastify)')))
      console.log(line);
  }
  if (tags.length > 0) {
    const verdicts = await tapVerdicts(fresh.url);
    console.log(`tap verdicts, warm-up included: ${JSON.stringify(verdicts)}`);
  }
  const witnessReport = witnessBench ? await witnessBench.report() : null;
  if (mailBench) console.log(await mailBench.report());
  // An export of a million assets as CSV and XLSX: rows/s and the service's RSS growth (docs/performance.md, "Inventory").
  if (inventoryScenariosSelected(settings.only)) {
    console.log((await runInventoryBench({ settings, serviceEnv: benchEnv, cleanups })).join('\n'));
  }
  // Issue #53, item 2: the statements each write path sends, counted on the bench's own cluster (pg_stat_statements).
  if (pathCeilingsSelected(settings.only)) {
    console.log((await runPathStatements({ settings, serviceEnv: benchEnv, cleanups })).join('\n'));
  }
  // Recognising a new photograph: index search at 100,000 and 1,000,000 images beside the pHash index's (docs/media.md).
  if (recognitionScenariosSelected(settings.only)) console.log((await runRecognitionCostBench()).join('\n'));
  if (collectorBench) console.log(['', ...collectorBench.report(summaries)].join('\n'));
  if (listBench) console.log(`\nQuery plans of the list scenarios:\n\n${listBench.plans}`);
  const consolePairs = compareConsolePairs(summaries);
  let sessionUpdates: number | null = null;
  if (consoleSelected) {
    // The session's last-seen touch, counted on PostgreSQL once the service's connections have closed.
    await service.stop();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    sessionUpdates = (await memberSessionUpdates(fresh.url)) - sessionUpdatesBefore;
    console.log('');
    for (const entry of consolePairs) {
      console.log(formatConsoleComparison(entry));
      // Issue #53 item 3: each console page ≤ 3 × its API twin's p99 (printed in the line above).
      recordTarget({
        item: 3,
        name: `${entry.page} p99 / API twin p99`,
        value: entry.p99Ratio,
        target: 3,
        atMost: true,
      });
    }
    const consolePages = consolePairs
      .filter((entry) => !entry.page.startsWith('pglite '))
      .reduce((sum, entry) => sum + entry.console.total, 0);
    console.log(
      `member_sessions rows updated on PostgreSQL during the run: ${sessionUpdates} ` +
        `(${consolePages} console pages in the measured rounds, besides the warm-up)`,
    );
  }

  // Issue #53 item 4, embedded at rest: measured last, once every other server of the run has stopped.
  const idle = !settings.only || settings.only.has(IDLE_GROUP);
  if (idle) {
    await cleanUp();
    console.log(`\n${formatIdleReport(await measureIdleCosts(settings, cleanups), settings)}`);
  }
  printTargetSummary();

  const resultsDir = path.join(packageRoot, 'bench/results');
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, 'latest.json');
  writeFileSync(
    file,
    `${JSON.stringify(
      {
        at: new Date().toISOString(),
        machine,
        settings: { ...settings, only: settings.only ? [...settings.only] : null, poolSize },
        serviceEnv: { ...benchEnv, ...poolEnv },
        createStatements: SERVICE_CREATE_STATEMENTS,
        scenarios: selected.map((scenario) => ({
          name: scenario.name,
          description: scenario.description,
          median: summaries.get(scenario.name),
          rounds: rounds.get(scenario.name),
        })),
        ratios: Object.fromEntries(targets.map((entry) => [entry.name, entry.value ?? null])),
        targets: recordedTargets(),
        mediaMemory: Object.fromEntries(mediaMemory),
        listPlans: listBench?.plans ?? null,
        consolePairs,
        sessionUpdates,
        witnesses: witnessReport,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`\nWritten ${path.relative(packageRoot, file)}`);
}

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
