import { once } from 'node:events';
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConfigOverrides } from '../../src/config.js';
import type { ResolvedAddress } from '../../src/modules/webhooks/delivery.sender.js';
import { DeliveryWorker, type DeliveryWorkerOptions } from '../../src/modules/webhooks/delivery.worker.js';
import { insertOutboxEvent } from '../../src/modules/webhooks/outbox.repository.js';
import { useTestContext, testConfig } from '../helpers/test-app.js';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.js';
import { waitFor } from '../helpers/wait-for.js';

const WORKER_SETTINGS: ConfigOverrides = {
  AVS_WEBHOOK_RETRY_SCHEDULE: [100, 100],
  AVS_WEBHOOK_TIMEOUT_MS: 1_000,
};

describe('webhook delivery-time address checks (insecure targets not allowed)', () => {
  const context = useTestContext();
  let trap: Server;
  let trapPort: number;
  let connections = 0;
  const lookups: string[] = [];
  // The server log: the reason for a refusal goes here, never to the partner's delivery log.
  const refusalsLogged: string[] = [];
  const serverLog = {
    info: () => undefined,
    error: () => undefined,
    warn: (fields: unknown) => {
      const reason = (fields as { reason?: unknown }).reason;
      if (typeof reason === 'string') refusalsLogged.push(reason);
    },
  } as unknown as DeliveryWorkerOptions['log'];
  // Stands in for DNS: public-looking names that resolve into forbidden ranges.
  const answers: Record<string, ResolvedAddress[]> = {
    'hooks.example.com': [{ address: '127.0.0.1', family: 4 }],
    'mixed.example.com': [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.5', family: 4 },
    ],
    'mapped.example.com': [{ address: '::ffff:127.0.0.1', family: 6 }],
    'metadata.example.com': [{ address: '169.254.169.254', family: 4 }],
  };
  beforeAll(async () => {
    // A plain TCP listener: any connection at all, TLS or not, is counted.
    trap = createServer((socket) => {
      connections++;
      socket.destroy();
    });
    trap.listen(0, '127.0.0.1');
    await once(trap, 'listening');
    trapPort = (trap.address() as { port: number }).port;
  });
  afterAll(() => {
    trap.close();
  });

  /** Registers a public URL, then points the stored row at `url` (as a later DNS change or edit would). */
  async function deliverTo(url: string) {
    expect(context.config.AVS_WEBHOOK_ALLOW_INSECURE_TARGETS).toBe(false);
    const { auth, accountId } = await context.createAccountWithKey();
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks',
      headers: auth,
      payload: { url: 'https://hooks.example.net/registered' },
    });
    expect(response.statusCode).toBe(201);
    const webhookId = response.json<{ id: string }>().id;
    await context.db.query('UPDATE webhooks SET url = $2 WHERE id = $1', [webhookId, url]);
    await insertOutboxEvent(context.db, {
      accountId,
      eventType: 'asset.created',
      payload: { asset_id: 'a1' },
    });
    const worker = new DeliveryWorker({
      db: context.db,
      config: testConfig(WORKER_SETTINGS),
      log: serverLog,
      resolve: async (hostname) => {
        lookups.push(hostname);
        const addresses = answers[hostname];
        if (!addresses) throw Object.assign(new Error(`no such host ${hostname}`), { code: 'ENOTFOUND' });
        return addresses;
      },
    });
    worker.start();
    try {
      return await waitFor(async () => {
        const { rows } = await context.db.query<{
          status: string;
          attempts: number;
          last_error: string | null;
          next_attempt_at: Date | null;
        }>(
          'SELECT status, attempts, last_error, next_attempt_at FROM webhook_deliveries WHERE webhook_id = $1',
          [webhookId],
        );
        return rows[0]?.status === 'failed' ? rows[0] : undefined;
      });
    } finally {
      await worker.stop();
    }
  }

  it.each([
    ['localhost', (port: number) => `https://localhost:${port}/hook`, /localhost/],
    ['a name under .localhost', (port: number) => `https://api.localhost:${port}/hook`, /localhost/],
    [
      'an IPv4 loopback literal',
      (port: number) => `https://127.0.0.1:${port}/hook`,
      /127\.0\.0\.1.*loopback/,
    ],
    ['an odd IPv4 form', (port: number) => `https://0x7f.1:${port}/hook`, /127\.0\.0\.1.*loopback/],
    ['the IPv6 loopback', (port: number) => `https://[::1]:${port}/hook`, /::1.*loopback/],
    ['an IPv4-mapped loopback', (port: number) => `https://[::ffff:127.0.0.1]:${port}/hook`, /loopback/],
    ['a private address', (port: number) => `https://192.168.1.20:${port}/hook`, /private/],
  ])(
    'refuses %s stored as the target: failed, "target not allowed", the reason in the server log, no connection',
    async (_name, url, reason) => {
      const before = connections;
      const delivery = await deliverTo(url(trapPort));
      expect(delivery.attempts).toBe(1);
      expect(delivery.next_attempt_at).toBeNull();
      expect(delivery.last_error).toBe('Refused: target not allowed.');
      expect(refusalsLogged.at(-1)).toMatch(reason);
      expect(connections).toBe(before);
    },
  );

  it.each([
    [
      'a loopback address',
      'hooks.example.com',
      /hooks\.example\.com resolves to 127\.0\.0\.1, a loopback address/,
    ],
    [
      'a private address among public ones',
      'mixed.example.com',
      /resolves to 10\.0\.0\.5, a private address/,
    ],
    ['an IPv4-mapped loopback address', 'mapped.example.com', /resolves to ::ffff:127\.0\.0\.1, a loopback/],
    ['the link-local metadata address', 'metadata.example.com', /169\.254\.169\.254, a link-local/],
  ])(
    'refuses a public-looking name that resolves to %s, telling the partner only "target not allowed"',
    async (_name, hostname, reason) => {
      const before = connections;
      const delivery = await deliverTo(`https://${hostname}:${trapPort}/hook`);
      expect(lookups).toContain(hostname);
      expect(delivery.attempts).toBe(1);
      // What an internal name resolves to is an SSRF oracle: the delivery log never says it.
      expect(delivery.last_error).toBe('Refused: target not allowed.');
      expect(delivery.last_error).not.toMatch(/resolves|\d+\.\d+\.\d+\.\d+|::/);
      expect(refusalsLogged.at(-1)).toMatch(reason);
      expect(connections).toBe(before);
    },
  );
});

describe('webhook delivery connects to the address it resolved (no second lookup)', () => {
  const context = useTestContext({ config: { AVS_WEBHOOK_ALLOW_INSECURE_TARGETS: true } });
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
  });

  it('sends to the first answer even when a later lookup would answer elsewhere (DNS rebinding)', async () => {
    const { auth, accountId } = await context.createAccountWithKey();
    // .invalid never resolves in real DNS (RFC 6761): only the injected resolver knows the name.
    const url = `http://rebind.invalid:${receiver.port}/hook`;
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks',
      headers: auth,
      payload: { url },
    });
    expect(response.statusCode).toBe(201);
    let lookups = 0;
    const worker = new DeliveryWorker({
      db: context.db,
      config: testConfig({ ...WORKER_SETTINGS, AVS_WEBHOOK_ALLOW_INSECURE_TARGETS: true }),
      log: context.app.log,
      // First the receiver; any later answer points where nothing listens.
      resolve: async () => [{ address: lookups++ === 0 ? '127.0.0.1' : '127.0.0.2', family: 4 }],
    });
    await insertOutboxEvent(context.db, {
      accountId,
      eventType: 'asset.created',
      payload: { asset_id: 'a1' },
    });
    worker.start();
    try {
      await waitFor(() => receiver.received.length === 1, { message: 'the delivery' });
      await waitFor(async () => {
        const { rows } = await context.db.query<{ status: string }>(
          'SELECT status FROM webhook_deliveries WHERE webhook_id = $1',
          [response.json<{ id: string }>().id],
        );
        return rows[0]?.status === 'succeeded';
      });
    } finally {
      await worker.stop();
    }
    expect(lookups).toBe(1);
    expect(receiver.received[0]!.headers.host).toBe(`rebind.invalid:${receiver.port}`);
  });
  it('tries the other checked addresses when the first does not answer, and no others', async () => {
    const { auth, accountId } = await context.createAccountWithKey();
    const url = `http://two-addresses.invalid:${receiver.port}/hook`;
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks',
      headers: auth,
      payload: { url },
    });
    expect(response.statusCode).toBe(201);
    const before = receiver.received.length;
    let lookups = 0;
    const worker = new DeliveryWorker({
      db: context.db,
      config: testConfig({ ...WORKER_SETTINGS, AVS_WEBHOOK_ALLOW_INSECURE_TARGETS: true }),
      log: context.app.log,
      // Nothing listens on 127.0.0.2; the receiver is on 127.0.0.1.
      resolve: async () => {
        lookups++;
        return [
          { address: '127.0.0.2', family: 4 },
          { address: '127.0.0.1', family: 4 },
        ];
      },
    });
    await insertOutboxEvent(context.db, {
      accountId,
      eventType: 'asset.created',
      payload: { asset_id: 'a2' },
    });
    worker.start();
    try {
      await waitFor(async () => {
        const { rows } = await context.db.query<{ status: string; attempts: number }>(
          'SELECT status, attempts FROM webhook_deliveries WHERE webhook_id = $1',
          [response.json<{ id: string }>().id],
        );
        return rows[0]?.status === 'succeeded' ? rows[0] : undefined;
      });
    } finally {
      await worker.stop();
    }
    expect(lookups).toBe(1);
    expect(receiver.received.length - before).toBe(1);
  });
});
