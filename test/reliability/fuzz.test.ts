import { randomUUID } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedApiObjects } from '../helpers/api-objects.js';
import { useTestContext } from '../helpers/test-app.js';

// Cases per endpoint; CI runs the default (19 endpoints, about 3,800 requests per database).
const RUNS = Number(process.env.AVS_FUZZ_RUNS ?? 200);

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

function heapUsedAfterGc(): number {
  collectGarbage();
  collectGarbage();
  return process.memoryUsage().heapUsed;
}

interface Endpoint {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** `:name` segments are filled by the fuzzer, from real ids or from anything. */
  path: string;
  body?: boolean;
  query?: boolean;
}

// Every route of src/modules/*/*.routes.ts under /api/v1.
const endpoints: Endpoint[] = [
  { method: 'POST', path: '/assets/:planet', body: true },
  { method: 'GET', path: '/assets/:planet/:id' },
  { method: 'PATCH', path: '/assets/:planet/:id', body: true },
  { method: 'POST', path: '/assets/:planet/:id/archive', body: true },
  { method: 'POST', path: '/assets/:planet/:id/transfer', body: true },
  { method: 'GET', path: '/assets/:planet/:id/history', query: true },
  { method: 'GET', path: '/certificates/:number' },
  { method: 'POST', path: '/verify', body: true },
  { method: 'POST', path: '/webhooks', body: true },
  { method: 'GET', path: '/webhooks', query: true },
  { method: 'GET', path: '/webhooks/:webhook' },
  { method: 'DELETE', path: '/webhooks/:webhook' },
  { method: 'GET', path: '/webhooks/:webhook/deliveries', query: true },
  { method: 'POST', path: '/webhooks/:webhook/deliveries/:delivery/retry', body: true },
  { method: 'POST', path: '/webhooks/:webhook/test', body: true },
  { method: 'GET', path: '/transfers', query: true },
  { method: 'POST', path: '/transfers/:transfer/accept', body: true },
  { method: 'POST', path: '/transfers/:transfer/decline', body: true },
  { method: 'POST', path: '/transfers/:transfer/cancel', body: true },
];

const anyText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom('', ' ', '..', '%', '%00', '\u0000', 'null', '-1', '1e309', '__proto__', 'constructor'),
  fc.string({ minLength: 300, maxLength: 5_000 }),
);

describe('fuzzing every /api/v1 endpoint (fast-check)', () => {
  const context = useTestContext({
    config: { AVS_RATE_LIMIT_PER_SECOND: 1_000_000, AVS_RATE_LIMIT_BURST: 1_000_000 },
  });
  let known: Record<string, string[]>;
  let auth: { authorization: string };
  beforeAll(async () => {
    const { owner, other, asset, webhookId, transferId } = await seedApiObjects(context, 'fuzz');
    auth = owner.auth;
    known = {
      transfer: [transferId],
      planet: ['artworks', 'watches', 'collectibles', 'jewelry'],
      id: [asset.id],
      number: [asset.certificate_number],
      webhook: [webhookId],
      delivery: [randomUUID()],
      account: [owner.accountId, other.accountId],
    };
  });

  // Ids that ajv-formats took for UUIDs and PostgreSQL refused (docs/reliability.md).
  const urnUuid = fc.uuid().map((uuid) => `urn:uuid:${uuid}`);

  const segment = (name: string) =>
    fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...(known[name] ?? ['x'])) },
      { weight: 1, arbitrary: fc.uuid().map(String) },
      { weight: 1, arbitrary: urnUuid.map((urn) => encodeURIComponent(urn)) },
      { weight: 2, arbitrary: anyText.map((text) => encodeURIComponent(text)) },
      { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z0-9%._~-]{0,20}$/) },
    );

  const fieldValue = fc.oneof(
    anyText,
    fc.jsonValue({ maxDepth: 3 }),
    fc.constantFrom(
      ...['artworks', 'https://hooks.example.com/x', 'http://127.0.0.1/', 'asset.created'],
      // Control characters in a webhook URL (NUL once made the insert fail with a 500).
      ...[
        'https://hooks.example.com/\u0000',
        'https://hooks.example.com/a\tb',
        'https://hooks.example.com/\n',
      ],
    ),
    fc.uuid().map(String),
    urnUuid,
    // A real account as a urn (read when the case runs: `known` is filled in beforeAll).
    fc.nat(1).map((index) => `urn:uuid:${known.account![index]!}`),
  );

  const body = () =>
    fc
      .oneof(
        {
          weight: 4,
          arbitrary: fc.dictionary(
            fc.oneof(
              fc.constantFrom(
                'title',
                'medium',
                'year',
                'dimensions',
                'planet',
                'asset_id',
                'url',
                'events',
                'to_account_id',
                'id',
                'account_id',
                'certificate_status',
                'status',
                '__proto__',
              ),
              fc.string({ maxLength: 20 }),
            ),
            fieldValue,
            { maxKeys: 8 },
          ),
        },
        { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 6 }) },
        {
          weight: 2,
          arbitrary: fc.record(
            {
              title: anyText,
              medium: anyText,
              year: fc.integer(),
              certificate_status: anyText,
              extra: fc.jsonValue({ maxDepth: 6 }),
              planet: fc.constantFrom('artworks', 'watches', 'nowhere'),
              asset_id: fc.constantFrom(...(known.id ?? ['x'])),
            },
            { requiredKeys: ['title'] },
          ),
        },
      )
      .map((json) => ({ json: json, raw: undefined as string | undefined }));
  // A body nested 32,000 deep (under the 64 KiB limit) overflowed the fingerprint's stack.
  const deepBody = fc
    .constantFrom(32_000, 10_000, 1_000)
    .map((depth) => `{"title":"deep","to_account_id":${'['.repeat(depth)}${']'.repeat(depth)}}`);
  const rawBody = fc.oneof(anyText, deepBody).map((raw) => ({ json: undefined, raw }));

  const headers = fc.record(
    {
      'content-type': fc.constantFrom(
        'application/json',
        'application/json',
        'application/json',
        'application/json; charset=utf-8',
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/json; charset=latin1',
        '',
      ),
      'idempotency-key': fc.oneof(fc.string({ maxLength: 300 }), fc.uuid().map(String)),
      'x-request-id': fc.string({ maxLength: 200 }),
      accept: fc.constantFrom('*/*', 'text/html', 'application/xml', 'application/json'),
    },
    { requiredKeys: [] },
  );
  const printable = (text: string) => text.replace(/[^\x20-\x7e]/g, '');

  const query = fc.dictionary(
    fc.oneof(
      fc.constantFrom('limit', 'cursor', 'status', 'planet', 'role', 'limit[]'),
      fc.string({ maxLength: 10 }),
    ),
    fc.oneof(
      anyText,
      fc.integer().map(String),
      fc.constantFrom('0', '101', '-5', '1.5', 'abc'),
      // Cursors with a date outside PostgreSQL's range once made the list fail with a 500.
      fc
        .constantFrom(
          '+275760-09-13T00:00:00.000Z',
          '-271821-04-20T00:00:00.000Z',
          '0000-01-01T00:00:00.000Z',
        )
        .map((date) => Buffer.from(JSON.stringify([date, randomUUID()])).toString('base64url')),
    ),
    { maxKeys: 4 },
  );

  it(`never answers 5xx, always JSON with a string error, with memory flat (${RUNS} cases x ${endpoints.length} endpoints)`, async () => {
    let heapAfterWarmUp = 0;
    let requests = 0;
    const statuses = new Map<number, number>();
    const started = Date.now();
    for (const [index, endpoint] of endpoints.entries()) {
      const names = [...endpoint.path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
      await fc.assert(
        fc.asyncProperty(
          fc.tuple(...names.map((name) => segment(name))),
          endpoint.body
            ? fc.oneof({ weight: 5, arbitrary: body() }, { weight: 1, arbitrary: rawBody })
            : fc.constant(undefined),
          endpoint.query ? query : fc.constant({}),
          headers,
          // One case in ten replaces the valid key: enough 401s, most cases reach the handlers.
          fc.oneof(
            { weight: 9, arbitrary: fc.constant(null) },
            {
              weight: 1,
              arbitrary: fc.constantFrom('Bearer pk_svc_nope', 'Basic Zm9vOmJhcg==', 'bearer', ''),
            },
          ),
          async (segments, payload, search, extraHeaders, badAuthorization) => {
            let path = endpoint.path;
            names.forEach((name, i) => (path = path.replace(`:${name}`, segments[i]!)));
            const queryString = new URLSearchParams(search as Record<string, string>).toString();
            const sentHeaders: Record<string, string> = { ...auth };
            for (const [name, value] of Object.entries(extraHeaders)) sentHeaders[name] = printable(value);
            if (badAuthorization !== null) sentHeaders.authorization = badAuthorization;
            const url = `/api/v1${path}${queryString ? `?${queryString}` : ''}`;
            // A new client address per case: the failed-authentication limit per address is not under test.
            const remoteAddress = `10.${requests % 250}.${Math.floor(requests / 250) % 250}.1`;
            const options: InjectOptions = {
              method: endpoint.method,
              url,
              headers: sentHeaders,
              remoteAddress,
            };
            if (payload !== undefined) {
              options.payload = payload.raw ?? JSON.stringify(payload.json);
              sentHeaders['content-type'] ??= 'application/json';
            }
            const response = await context.app.inject(options);
            requests++;
            statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
            const description = `${endpoint.method} ${url} -> ${response.statusCode} ${response.body.slice(0, 300)}`;
            expect(response.statusCode, description).toBeLessThan(500);
            expect(response.headers['content-type'], description).toMatch(/^application\/json/);
            const parsed = JSON.parse(response.body) as Record<string, unknown>;
            if (response.statusCode >= 400) expect(typeof parsed.error, description).toBe('string');
          },
        ),
        { numRuns: RUNS },
      );
      if (index === 0) heapAfterWarmUp = heapUsedAfterGc();
    }
    const growth = heapUsedAfterGc() - heapAfterWarmUp;
    console.info(
      `fuzz: ${requests} requests in ${Date.now() - started} ms, heap growth after warm-up ${(growth / 1048576).toFixed(1)} MiB, ` +
        `statuses ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}`,
    );
    expect(growth).toBeLessThan(48 * 1024 * 1024);
    // The fuzzer reached the handlers, not only the 401 and 400 gates.
    expect([...statuses.keys()].some((status) => status < 300)).toBe(true);
  });
});
