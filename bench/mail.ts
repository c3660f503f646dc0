// Mail (issue #48, docs/performance.md "Mail"): the mail outbox's throughput to a local SMTP server beside the webhook
// outbox's to a local HTTP receiver, in one service on one database, and the create path's cost with a notice on
// against off.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { migrate } from '../src/db/migrate.js';
import { PostgresDatabase } from '../src/db/postgres.js';
import { createAccount } from '../src/modules/accounts/accounts.service.js';
import { createApiKey } from '../src/modules/keys/keys.service.js';
import { queueMail } from '../src/modules/mail/mail.service.js';
import { saveMemberNoticeChoices } from '../src/modules/notices/notice-settings.service.js';
import { insertOutboxEvent } from '../src/modules/webhooks/outbox.repository.js';
import { registerWebhook } from '../src/modules/webhooks/webhooks.service.js';
import { createFreshPostgres, joinAsOwner, seedPostgres } from './databases.js';
import { CREATE_BODY } from './fixtures.js';
import { loopMeasurement, runHttpLoad, type Measurement, type RequestSpec } from './load.js';
import { costPerRequest, processCost } from './process-cost.js';
import { startService, type RunningServer, type ServiceBenchOptions } from './processes.js';

/** The name that selects every mail scenario: BENCH_ONLY=mail. */
const MAIL_GROUP = 'mail';
const MAIL_OUTBOX = 'mail outbox (messages/s)';
const WEBHOOK_OUTBOX = 'webhook outbox (deliveries/s)';
const CREATE_ON = 'mail create (notices on)';
const CREATE_OFF = 'mail create (notices off)';
const ALERT_ON = 'mail alert (notices on)';
const ALERT_OFF = 'mail alert (notices off)';

export function mailScenariosSelected(only: ReadonlySet<string> | undefined): boolean {
  return (
    !only ||
    [
      MAIL_GROUP,
      MAIL_OUTBOX,
      WEBHOOK_OUTBOX,
      'mail create',
      'mail alert',
      CREATE_ON,
      CREATE_OFF,
      ALERT_ON,
      ALERT_OFF,
    ].some((name) => only.has(name))
  );
}

/** Something in the bench process that counts what the service hands it, and when each arrived. */
interface Counter {
  arrivals: number[];
  url: string;
  close(): Promise<void>;
}

/** An SMTP server in this process (smtp-server), plain on loopback, no AUTH: it takes every message and counts it. */
async function startSmtpCounter(): Promise<Counter> {
  const arrivals: number[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 200,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        arrivals.push(performance.now());
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;
  return {
    arrivals,
    url: `smtp://127.0.0.1:${port}?tls=off`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An HTTP receiver in this process that answers every webhook 200 at once and counts it. */
async function startWebhookCounter(): Promise<Counter> {
  const arrivals: number[] = [];
  const server: Server = createServer((request, response) => {
    request.on('data', () => undefined);
    request.on('end', () => {
      arrivals.push(performance.now());
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    arrivals,
    url: `http://127.0.0.1:${port}/hook`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * One round of an outbox: `queue(count)` writes count rows in one transaction; the round runs from its commit until
 * the counter has seen every one. The rate is rows handed on per second; the latencies are each row's time from the
 * commit to its arrival (its wait in the outbox included). The next round's count is sized from this round's rate so
 * that a round lasts about `seconds`.
 */
function outboxRounds(options: {
  counter: Counter;
  server: () => RunningServer;
  queue: (count: number) => Promise<void>;
}): (seconds: number) => Promise<Measurement> {
  let lastRate: number | undefined;
  return async (seconds) => {
    const count = Math.min(50_000, Math.max(100, Math.round((lastRate ?? 200) * seconds)));
    const before = options.counter.arrivals.length;
    const pid = options.server().pid;
    await options.queue(count);
    const committed = performance.now();
    const cost = processCost(pid);
    const deadline = committed + Math.max(120_000, seconds * 20_000);
    while (options.counter.arrivals.length < before + count) {
      if (performance.now() > deadline)
        throw new Error(
          `${options.counter.arrivals.length - before} of ${count} arrived in ${(deadline - committed) / 1000} s`,
        );
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const arrivals = options.counter.arrivals.slice(before, before + count);
    const elapsedSeconds = (arrivals[arrivals.length - 1]! - committed) / 1000;
    const measured = loopMeasurement(
      arrivals.map((at) => at - committed),
      elapsedSeconds,
      0,
    );
    lastRate = measured.requestsPerSecond;
    const spent = costPerRequest(cost, processCost(pid), count);
    return { ...measured, cpuMsPer1000: spent.cpuMsPer1000, writesPerRequest: spent.writesPerRequest };
  };
}

export interface MailScenario {
  name: string;
  description: string;
  group: string;
  measure: (seconds: number, connections: number) => Promise<Measurement>;
}

export interface MailBench {
  scenarios: MailScenario[];
  /** The ratios docs/performance.md reports: [name, service, reference, target]. */
  ratios: { name: string; service: string; reference: string; target?: number }[];
  /** After the rounds: the notices each gallery's owner was sent, beside the alerts raised there. */
  report: () => Promise<string>;
}

/**
 * The outboxes' scenarios: one service on a fresh PostgreSQL database with webhook delivery on (insecure targets
 * allowed, for the loopback receiver) and AVS_SMTP_URL naming an SMTP server in this process; one webhook of the
 * seeded account names the HTTP receiver in this process. Rows are written from this process as the service's own
 * changes write them (queueMail, insertOutboxEvent), and the service's workers, woken by NOTIFY, hand them on.
 */
export async function setUpMailBench(options: ServiceBenchOptions): Promise<MailBench> {
  const { settings, serviceEnv, poolEnv, cleanups, track } = options;
  const smtp = await startSmtpCounter();
  cleanups.push(() => smtp.close());
  const receiver = await startWebhookCounter();
  cleanups.push(() => receiver.close());

  const fresh = await createFreshPostgres(settings.adminDatabaseUrl, 'mail');
  cleanups.push(() => fresh.drop());
  const credentials = await seedPostgres(fresh.url);
  const db = new PostgresDatabase({
    connectionString: fresh.url,
    poolSize: 2,
    statementTimeoutMs: 120_000,
    connectTimeoutMs: 10_000,
  });
  cleanups.push(() => db.close());
  await db.transaction((tx) =>
    registerWebhook(
      tx,
      { accountId: credentials.accountId, planetScope: [] },
      { url: receiver.url },
      { AVS_WEBHOOK_DELIVERY: true, AVS_WEBHOOK_ALLOW_INSECURE_TARGETS: true, AVS_WEBHOOK_LIMIT: 20 },
    ),
  );
  const service = track(
    await startService({
      name: 'service-postgres-outboxes',
      env: {
        ...serviceEnv,
        ...poolEnv,
        DATABASE_URL: fresh.url,
        AVS_PUBLIC_URL: 'https://mail.bench.example',
        AVS_SMTP_URL: smtp.url,
        AVS_MAIL_FROM: 'Bench <no-reply@mail.bench.example>',
        AVS_WEBHOOK_DELIVERY: 'on',
        AVS_WEBHOOK_ALLOW_INSECURE_TARGETS: 'on',
      },
      cpuProfileDir: settings.cpuProfileDir,
      // A first start migrates a fresh database: minutes on a 2-core machine busy with other work.
      healthyWithinMs: 600_000,
    }),
  );
  console.log(
    `Mail: SMTP server (smtp-server, plain) at ${smtp.url}, webhook receiver at ${receiver.url}, service pid ${service.pid}.`,
  );

  let sequence = 0;
  const queueMessages = async (count: number) => {
    await db.transaction(async (tx) => {
      for (let index = 0; index < count; index++) {
        const n = sequence++;
        await queueMail(tx, {
          kind: 'bench',
          to: `registrar-${n % 500}@gallery.bench.example`,
          accountId: credentials.accountId,
          language: 'en',
          service: 'Asset Verification Service',
          draw: () => ({
            subject: `Certificate AVS-${n} was issued`,
            heading: 'A certificate was issued',
            paragraphs: [`The certificate of "Bench asset ${n}" was issued.`],
            action: { label: 'Open it', url: `https://mail.bench.example/console/assets/${n}` },
          }),
        });
      }
    });
  };
  const queueEvents = async (count: number) => {
    await db.transaction(async (tx) => {
      for (let index = 0; index < count; index++)
        await insertOutboxEvent(tx, {
          accountId: credentials.accountId,
          eventType: 'asset.created',
          payload: { n: sequence++ },
        });
    });
  };

  const notices = await setUpNoticeScenarios(options);

  return {
    scenarios: [
      {
        name: MAIL_OUTBOX,
        description:
          'messages queued in one transaction (queueMail) until each is handed to a local SMTP server (plain, loopback), ' +
          'by the service’s mail worker at its defaults; latency: commit to arrival; CPU: the service per 1,000 messages',
        group: MAIL_GROUP,
        measure: outboxRounds({ counter: smtp, server: () => service, queue: queueMessages }),
      },
      {
        name: WEBHOOK_OUTBOX,
        description:
          'webhook events queued in one transaction (insertOutboxEvent), one webhook, until each is delivered to a local ' +
          'HTTP receiver answering 200, by the same service’s delivery worker at its defaults',
        group: MAIL_GROUP,
        measure: outboxRounds({ counter: receiver, server: () => service, queue: queueEvents }),
      },
      ...notices.scenarios,
    ],
    report: () => notices.report(),
    ratios: [
      { name: 'mail outbox / webhook outbox', service: MAIL_OUTBOX, reference: WEBHOOK_OUTBOX },
      { name: 'create, notices on / off', service: CREATE_ON, reference: CREATE_OFF, target: 0.95 },
      { name: 'alert, notices on / off', service: ALERT_ON, reference: ALERT_OFF, target: 0.95 },
    ],
  };
}

/** An account with an API key and an owner who joined by the invitation; `notices` false turns every kind off. */
async function galleryWithOwner(
  db: PostgresDatabase,
  name: string,
  notices: boolean,
): Promise<{ accountId: string; apiKey: string }> {
  const account = await createAccount(db, { name });
  const key = await createApiKey(db, { actor: { admin: true }, accountId: account.id, name: 'bench' });
  const email = `owner-${notices ? 'on' : 'off'}@gallery.bench.example`;
  await joinAsOwner(db, account.id, email, 'https://notices.bench.example');
  const { rows } = await db.query<{ id: string }>(
    "SELECT id FROM account_members WHERE account_id = $1 AND status = 'active'",
    [account.id],
  );
  // Owners get every notice until they choose; the other owner chooses none, on the account page's form.
  if (!notices) await saveMemberNoticeChoices(db, { memberId: rows[0]!.id }, { on: [], digest: false });
  return { accountId: account.id, apiKey: key.key };
}

/**
 * The notices' scenarios: one service on its own PostgreSQL database, its mail to a second SMTP server in this
 * process, and two galleries whose owner has notices on (an owner's default) or has turned every kind off. A create
 * (POST /api/v1/assets/artworks) tells nobody; an artwork reported stolen (POST …/alerts, on artworks made through
 * the API before the round) tells the owner who wants it (asset_alert). After
 * each round the bench waits until the fan-out has taken every cause and the outbox has handed every notice on, so
 * that the next scenario does not pay for it; the CPU per request counts that catch-up, the rate does not.
 */
async function setUpNoticeScenarios(
  options: ServiceBenchOptions,
): Promise<{ scenarios: MailScenario[]; report: () => Promise<string> }> {
  const { settings, serviceEnv, poolEnv, cleanups, track } = options;
  const smtp = await startSmtpCounter();
  cleanups.push(() => smtp.close());
  const fresh = await createFreshPostgres(settings.adminDatabaseUrl, 'notices');
  cleanups.push(() => fresh.drop());
  const db = new PostgresDatabase({
    connectionString: fresh.url,
    poolSize: 2,
    statementTimeoutMs: 120_000,
    connectTimeoutMs: 10_000,
  });
  cleanups.push(() => db.close());
  await migrate(db);
  const galleries = {
    on: await galleryWithOwner(db, 'Galerie notices on', true),
    off: await galleryWithOwner(db, 'Galerie notices off', false),
  };
  const service = track(
    await startService({
      name: 'service-postgres-notices',
      env: {
        ...serviceEnv,
        ...poolEnv,
        DATABASE_URL: fresh.url,
        AVS_PUBLIC_URL: 'https://notices.bench.example',
        AVS_SMTP_URL: smtp.url,
      },
      cpuProfileDir: settings.cpuProfileDir,
      // A first start migrates a fresh database: minutes on a 2-core machine busy with other work.
      healthyWithinMs: 600_000,
    }),
  );
  console.log(`Notices: service pid ${service.pid}, notices to ${smtp.url}.`);

  /** Until every cause is fanned out and every message handed on; how long that took. */
  const caughtUp = async (): Promise<number> => {
    const started = performance.now();
    for (;;) {
      const { rows } = await db.query<{ waiting: number }>(
        `SELECT (SELECT count(*) FROM notice_events WHERE fanned_out_at IS NULL)
              + (SELECT count(*) FROM mail_outbox WHERE state = 'pending') AS waiting`,
      );
      if (Number(rows[0]!.waiting) === 0) return performance.now() - started;
      if (performance.now() - started > 300_000) throw new Error('the notices did not catch up in 5 minutes');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  /**
   * A round of load on the service, then its catch-up: the rate is the round's own, as a client sees it with the
   * fan-out and the sending running beside it on the same cores (witnesses.ts waits for its log the same way); the
   * CPU is the service's over the round and the catch-up, so the whole cost of each request's notice is in it.
   */
  const roundWithCatchUp = async (
    name: string,
    requests: RequestSpec[],
    headers: Record<string, string>,
    seconds: number,
    connections: number,
  ): Promise<Measurement> => {
    const before = processCost(service.pid);
    const measured = await runHttpLoad(
      { target: () => service.url, headers, requests },
      { connections, seconds },
    );
    const catchUpMs = await caughtUp();
    const spent = costPerRequest(before, processCost(service.pid), measured.total - measured.non2xx);
    console.log(`  ${name}: ${(catchUpMs / 1000).toFixed(1)} s after the round until every notice was sent`);
    return { ...measured, cpuMsPer1000: spent.cpuMsPer1000, writesPerRequest: spent.writesPerRequest };
  };

  const create =
    (name: string, gallery: { apiKey: string }) =>
    (seconds: number, connections: number): Promise<Measurement> =>
      roundWithCatchUp(
        name,
        [{ method: 'POST', path: '/api/v1/assets/artworks', body: CREATE_BODY }],
        { authorization: `Bearer ${gallery.apiKey}` },
        seconds,
        connections,
      );

  /** Artworks of the gallery with no open alert, made through the API (untimed) until there are `count`. */
  const withoutAlert = async (gallery: { accountId: string; apiKey: string }, count: number) => {
    const read = async () =>
      (
        await db.query<{ id: string }>(
          `SELECT id FROM assets WHERE account_id = $1 AND planet = 'artworks' AND alert_kind IS NULL LIMIT $2`,
          [gallery.accountId, count],
        )
      ).rows.map((row) => row.id);
    let ids = await read();
    if (ids.length < count) {
      await runHttpLoad(
        {
          target: () => service.url,
          headers: { authorization: `Bearer ${gallery.apiKey}` },
          requests: [{ method: 'POST', path: '/api/v1/assets/artworks', body: CREATE_BODY }],
        },
        { connections: 16, amount: count - ids.length },
      );
      ids = await read();
    }
    return ids;
  };

  /** Reports artworks stolen in turn, each once (one open alert per asset): every report an asset_alert. */
  const alert = (name: string, gallery: { accountId: string; apiKey: string }) => {
    let lastRate: number | undefined;
    return async (seconds: number, connections: number): Promise<Measurement> => {
      const ids = await withoutAlert(gallery, Math.ceil((lastRate ?? 200) * seconds * 2) + connections * 4);
      let next = 0;
      const body = JSON.stringify({ kind: 'stolen', occurred_at: '2026-01-15', reference: 'Bench report' });
      const measured = await roundWithCatchUp(
        name,
        [
          {
            method: 'POST',
            body,
            setupRequest: (request) => {
              request.path = `/api/v1/assets/artworks/${ids[next++ % ids.length]}/alerts`;
              return request;
            },
          },
        ],
        { authorization: `Bearer ${gallery.apiKey}` },
        seconds,
        connections,
      );
      lastRate = measured.requestsPerSecond;
      if (next > ids.length)
        console.warn(`${ids.length} artworks were too few for a round: the rest answered 409`);
      return measured;
    };
  };

  const created = 'POST /api/v1/assets/artworks (tells nobody)';
  const raised =
    'POST /api/v1/assets/artworks/{id}/alerts, stolen, artworks in turn (an asset_alert notice each)';
  const until =
    'req/s over the round; CPU over the round and until every notice is handed to a local SMTP server';
  const report = async () => {
    const lines: string[] = [];
    for (const [label, gallery] of Object.entries(galleries)) {
      const { rows } = await db.query<{ alerts: number; notices: number; sent: number }>(
        `SELECT (SELECT count(*) FROM asset_alerts a JOIN assets s ON s.id = a.asset_id WHERE s.account_id = $1)::int AS alerts,
                (SELECT count(*) FROM mail_outbox WHERE account_id = $1 AND kind LIKE 'notice.%')::int AS notices,
                (SELECT count(*) FROM mail_outbox WHERE account_id = $1 AND kind LIKE 'notice.%'
                   AND state = 'sent')::int AS sent`,
        [gallery.accountId],
      );
      const row = rows[0]!;
      lines.push(
        `notices ${label}: ${row.alerts} alerts raised, ${row.notices} notices queued, ${row.sent} sent`,
      );
    }
    return `${lines.join('; ')} (${smtp.arrivals.length} messages at its SMTP server, invitations included)`;
  };
  return {
    report,
    scenarios: [
      {
        name: CREATE_OFF,
        description: `${created}; the gallery's owner has turned every notice off; ${until}`,
        group: MAIL_GROUP,
        measure: create(CREATE_OFF, galleries.off),
      },
      {
        name: CREATE_ON,
        description: `${created}; the gallery's owner has every notice on (the default); ${until}`,
        group: MAIL_GROUP,
        measure: create(CREATE_ON, galleries.on),
      },
      {
        name: ALERT_OFF,
        description: `${raised}; the owner has turned it off; ${until}`,
        group: MAIL_GROUP,
        measure: alert(ALERT_OFF, galleries.off),
      },
      {
        name: ALERT_ON,
        description: `${raised}; one message to the owner each; ${until}`,
        group: MAIL_GROUP,
        measure: alert(ALERT_ON, galleries.on),
      },
    ],
  };
}
