// Mail (issue #48, docs/performance.md "Mail"): the mail outbox's throughput to a local SMTP server beside the webhook
// outbox's to a local HTTP receiver, in one service on one database, and the create path's cost with a notice on
// against off.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { PostgresDatabase } from '../src/db/postgres.js';
import { queueMail } from '../src/modules/mail/mail.service.js';
import { insertOutboxEvent } from '../src/modules/webhooks/outbox.repository.js';
import { registerWebhook } from '../src/modules/webhooks/webhooks.service.js';
import { createFreshPostgres, seedPostgres } from './databases.js';
import { loopMeasurement, type Measurement } from './load.js';
import { costPerRequest, processCost } from './process-cost.js';
import { startService, type RunningServer } from './processes.js';
import type { BenchSettings } from './settings.js';

/** The name that selects every mail scenario: BENCH_ONLY=mail. */
export const MAIL_GROUP = 'mail';
export const MAIL_OUTBOX = 'mail outbox (messages/s)';
export const WEBHOOK_OUTBOX = 'webhook outbox (deliveries/s)';

export function mailScenariosSelected(only: ReadonlySet<string> | undefined): boolean {
  return !only || [MAIL_GROUP, MAIL_OUTBOX, WEBHOOK_OUTBOX].some((name) => only.has(name));
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
}

/**
 * The outboxes' scenarios: one service on a fresh PostgreSQL database with webhook delivery on (insecure targets
 * allowed, for the loopback receiver) and AVS_SMTP_URL naming an SMTP server in this process; one webhook of the
 * seeded account names the HTTP receiver in this process. Rows are written from this process as the service's own
 * changes write them (queueMail, insertOutboxEvent), and the service's workers, woken by NOTIFY, hand them on.
 */
export async function setUpMailBench(options: {
  settings: BenchSettings;
  serviceEnv: Record<string, string>;
  poolEnv: Record<string, string>;
  cleanups: (() => Promise<void>)[];
  track: (server: RunningServer) => RunningServer;
}): Promise<MailBench> {
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
    ],
    ratios: [{ name: 'mail outbox / webhook outbox', service: MAIL_OUTBOX, reference: WEBHOOK_OUTBOX }],
  };
}
