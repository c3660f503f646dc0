// The only module that reads process.env: everything else receives the frozen Config it returns.

import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Ajv } from 'ajv';

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    readonly accepts: string,
    readonly value: string,
    /** A secret's value is never repeated in the message (it would land in logs). */
    hidden = false,
  ) {
    super(
      hidden
        ? `Invalid ${variable} (${value.length} characters, not shown): expected ${accepts}.`
        : `Invalid ${variable}=${JSON.stringify(value)}: expected ${accepts}.`,
    );
    this.name = 'ConfigError';
  }
}

/**
 * What a variable holds (a TypeBox schema: the Config type and the runtime check both come from it) and, in the
 * words of the one-line refusal, what it accepts. `parse` only for the shapes no schema type fits.
 */
interface Kind<S extends TSchema> {
  schema: S;
  accepts: string;
  parse?: (raw: string) => Static<S> | undefined;
  secret?: boolean;
}

/** A hand-parsed kind: its `parse` result is typed by its schema. */
const handParsed = <S extends TSchema>(kind: Kind<S> & { parse: Kind<S>['parse'] }) => kind;

const integer = (min: number, max: number) => ({
  schema: Type.Integer({ minimum: min, maximum: max }),
  accepts: `an integer from ${min} to ${max}`,
});

const decimal = (min: number, max: number) => ({
  schema: Type.Number({ minimum: min, maximum: max }),
  accepts: `a number from ${min} to ${max}`,
});

const text = { schema: Type.String({ minLength: 1 }), accepts: 'a non-empty string' };

const onOff = { schema: Type.Boolean(), accepts: '"on" or "off"' };

/** A secret a script presents: long enough that guessing it (rate limited as it is) is hopeless. */
const secret = (minLength: number) => ({
  schema: Type.String({ minLength }),
  accepts: `a secret of at least ${minLength} characters (e.g. the output of "openssl rand -hex 32")`,
  secret: true,
});

const oneOf = <T extends string>(...values: T[]) => ({
  schema: Type.Union(values.map((value) => Type.Literal(value))),
  accepts: values.map((value) => `"${value}"`).join(', '),
});

function hasProtocol(raw: string, protocols: string[]): boolean {
  try {
    return protocols.includes(new URL(raw).protocol);
  } catch {
    return false;
  }
}

function isOrigin(raw: string): boolean {
  try {
    return raw === '*' || new URL(raw).origin === raw;
  } catch {
    return false;
  }
}

/** The string formats of the table, for Ajv (a URL's protocol, an origin: what the WHATWG URL parser says). */
const formats: Record<string, (raw: string) => boolean> = {
  // libpq's multi-host form (h1:5432,h2:5432) is no WHATWG URL: its first host stands for the list.
  'postgres-url': (raw) =>
    hasProtocol(raw.replace(/^([a-z]+:\/\/(?:[^@/?#]*@)?[^,/?#]*)(?:,[^/?#]*)?/i, '$1'), [
      'postgres:',
      'postgresql:',
    ]),
  'redis-url': (raw) => hasProtocol(raw, ['redis:', 'rediss:']),
  origin: isOrigin,
};

const postgresUrl = {
  schema: Type.String({ format: 'postgres-url' }),
  accepts: 'a postgres:// or postgresql:// URL',
};

const postgresUrlList = {
  schema: Type.Array(Type.String({ format: 'postgres-url' }), { minItems: 1 }),
  accepts: 'a comma-separated list of postgres:// or postgresql:// URLs',
};

const redisUrl = { schema: Type.String({ format: 'redis-url' }), accepts: 'a redis:// or rediss:// URL' };

const originList = {
  schema: Type.Array(Type.String({ format: 'origin' })),
  accepts: 'a comma-separated list of origins such as "https://app.example.com", or "*"',
};

/** The address names proxy-addr (Fastify's trustProxy) understands besides addresses and CIDRs. */
const PROXY_ADDRESS_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyAddress(value: string): boolean {
  if (PROXY_ADDRESS_NAMES.includes(value)) return true;
  const [address, prefix, ...rest] = value.split('/');
  const family = isIP(address ?? '');
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

const OFF_WORDS = ['off', 'false', '0', 'no'];
const ON_WORDS = ['on', 'true', '1', 'yes'];

/**
 * Which hops of X-Forwarded-For to believe: "off", a hop count, or the proxies' addresses. "on" (every
 * hop) is refused: a client's own X-Forwarded-For would then choose its address and dodge per-address limits.
 */
const trustedProxies = handParsed({
  schema: Type.Union([
    Type.Literal(false),
    Type.Integer({ minimum: 1, maximum: 100 }),
    Type.Array(Type.String(), { minItems: 1 }),
  ]),
  accepts:
    'the number of proxies in front of the service (e.g. "1"), or their addresses or CIDRs, comma-separated ' +
    '(e.g. "10.0.0.0/8,127.0.0.1"), or "off" — not "on", which would believe an X-Forwarded-For a client wrote',
  parse: (raw) => {
    const value = raw.trim().toLowerCase();
    if (OFF_WORDS.includes(value)) return false;
    if (/^\d+$/.test(value)) return Number(value) <= 100 ? Number(value) : undefined;
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    return entries.length > 0 && entries.every(isProxyAddress) ? entries : undefined;
  },
});

const DURATION_UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** Parses "5s,5m,30m,2h" into milliseconds. */
const durationList = handParsed({
  schema: Type.Array(Type.Integer({ minimum: 0 }), { minItems: 1 }),
  accepts: 'a comma-separated list of durations such as "5s,5m,30m,2h"',
  parse: (raw) => {
    const parts = raw.split(',').map((part) => part.trim());
    const values: number[] = [];
    for (const part of parts) {
      const match = /^(\d+)(ms|s|m|h)$/.exec(part);
      if (!match) return undefined;
      values.push(Number(match[1]) * (DURATION_UNITS[match[2]!] ?? 1));
    }
    return values.length > 0 ? values : undefined;
  },
});

const publicUrl = handParsed({
  schema: Type.String({ minLength: 1 }),
  accepts:
    'an http:// or https:// URL without query, fragment or credentials, such as "https://avs.example.com"',
  parse: (raw) => {
    try {
      const url = new URL(raw);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
      if (url.search || url.hash || url.username || url.password) return undefined;
      // Kept without a trailing slash: every public URL is this plus a path.
      return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
    } catch {
      return undefined;
    }
  },
});

/** `<name>+<8 hex>+<base64>`: the shape of a note verifier key (the key itself is checked at start). */
const VKEY_SHAPE = /^[^+\s]+\+[0-9a-f]{8}\+[A-Za-z0-9+/]+=*$/;

/** "VKEY URL, VKEY URL": each witness's cosignature key and its submission prefix (http or https). */
const witnessList = handParsed({
  schema: Type.Array(Type.Object({ vkey: Type.String(), url: Type.String() }), { minItems: 1 }),
  accepts:
    'a comma-separated list of "VKEY URL" pairs: a witness\'s verifier key and its submission prefix, such as ' +
    '"witness.example.org/w1+1234abcd+BAbc… https://witness.example.org/w1"',
  parse: (raw) => {
    const witnesses = raw
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean)
      .map((entry) => {
        const [vkey, url, ...rest] = entry.split(/\s+/);
        const valid =
          rest.length === 0 && VKEY_SHAPE.test(vkey ?? '') && hasProtocol(url ?? '', ['http:', 'https:']);
        return valid ? { vkey: vkey!, url: url!.replace(/\/+$/, '') } : undefined;
      });
    return witnesses.length > 0 && witnesses.every(Boolean)
      ? (witnesses as { vkey: string; url: string }[])
      : undefined;
  },
});

/** Hosts a plain-text SMTP conversation may reach: only this machine, where nothing travels over a network. */
function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '');
  return bare === 'localhost' || bare === '::1' || (isIP(bare) === 4 && bare.startsWith('127.'));
}

/**
 * `smtp://[user:password@]host[:port]` (STARTTLS required) or `smtps://…` (TLS from the first byte); `?tls=off`
 * allows a plain conversation, with a server on this machine only.
 */
const smtpUrl = handParsed({
  schema: Type.String({ minLength: 1 }),
  accepts:
    'an smtp:// or smtps:// URL such as "smtp://user:password@mail.example.com:587" (STARTTLS is required; "?tls=off" only for a server on 127.0.0.1, ::1 or localhost)',
  secret: true,
  parse: (raw) => {
    try {
      const url = new URL(raw);
      if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') return undefined;
      if (!url.hostname || url.pathname.replace(/\/+$/, '') !== '' || url.hash) return undefined;
      const options = [...url.searchParams.keys()];
      if (options.some((name) => name !== 'tls')) return undefined;
      const tls = url.searchParams.get('tls');
      if (tls !== null && tls !== 'off') return undefined;
      if (tls === 'off' && (url.protocol === 'smtps:' || !isLoopbackHost(url.hostname))) return undefined;
      return raw;
    } catch {
      return undefined;
    }
  },
});

/** `address` or `Name <address>`: the sender of every message. */
const mailFrom = handParsed({
  schema: Type.String({ minLength: 3, maxLength: 320 }),
  accepts: 'an e-mail address, or a name and an address such as "Galerie Lumière <avs@example.com>"',
  parse: (raw) => {
    const value = raw.trim();
    const match = /^(?:(.*?)\s*<([^<>\s]+@[^<>\s]+)>|([^<>\s]+@[^<>\s]+))$/.exec(value);
    return match && !/[\r\n]/.test(value) ? value : undefined;
  },
});

const masterKey = handParsed({
  schema: Type.String({ minLength: 1 }),
  accepts: '32 bytes in base64 (e.g. the output of "openssl rand -base64 32")',
  secret: true,
  parse: (raw) => {
    const trimmed = raw.trim();
    if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) return undefined;
    return Buffer.from(trimmed, 'base64').length === 32 ? trimmed : undefined;
  },
});

type Definition = Kind<TSchema> & { default?: unknown; description: string };

/** Every variable the service reads, with its default and what it accepts. README.md lists the same table. */
export const configDefinitions = {
  PORT: { ...integer(0, 65535), default: 8080, description: 'HTTP port to listen on.' },
  HOST: {
    ...text,
    default: '127.0.0.1',
    description: 'Address to bind; 0.0.0.0 to listen on every interface.',
  },
  DATABASE_URL: {
    ...postgresUrl,
    description:
      'PostgreSQL connection string. Several hosts (postgres://user@h1:5432,h2:5432,h3:5432/db, a Patroni cluster): each new connection goes to the one that takes writes. Unset: the embedded PGlite database in AVS_DATA_DIR.',
  },
  DATABASE_READ_URL: {
    ...postgresUrlList,
    description:
      'Streaming replicas of DATABASE_URL (comma-separated) for reads that tolerate a little lag; a caller still reads its own writes. Unset: every read on DATABASE_URL.',
  },
  AVS_REPLICA_MAX_LAG_MS: {
    ...integer(0, 600_000),
    default: 1_000,
    description: 'A replica further behind than this (or down) is skipped and the primary serves its reads.',
  },
  AVS_DB_POOL_MODE: {
    ...oneOf('session', 'transaction'),
    default: 'session',
    description:
      '"transaction" when DATABASE_URL (and DATABASE_READ_URL) is a pooler in transaction mode (PgBouncer): no named prepared statements, no startup parameters, the statement timeout set per transaction.',
  },
  AVS_DATA_DIR: {
    ...text,
    default: './data',
    description:
      'Directory of the embedded PGlite database; created with mode 0700, and refused when others can write to it.',
  },
  AVS_PGLITE_SHARED_BUFFERS_MB: {
    ...integer(1, 65_536),
    default: 32,
    description:
      "Embedded database only: PostgreSQL's page cache (shared_buffers) in MiB. It is resident from the start, so it adds to the server's memory one for one; the operating system's file cache still holds what does not fit.",
  },
  LOG_LEVEL: {
    ...oneOf('fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'),
    default: 'info',
    description: 'pino log level.',
  },
  AVS_LOG_FLUSH_MS: {
    ...integer(0, 10_000),
    default: 100,
    description:
      'Log lines are written in batches at most this many ms apart (fewer write system calls per request); 0 writes each line at once.',
  },
  REDIS_URL: {
    ...redisUrl,
    description: 'Redis for rate limits shared between instances. Unset: in memory.',
  },
  AVS_DB_POOL_SIZE: { ...integer(1, 1000), default: 20, description: 'PostgreSQL connections per process.' },
  AVS_DB_STATEMENT_TIMEOUT_MS: {
    ...integer(100, 600_000),
    default: 10_000,
    description: 'Longest a single SQL statement may run.',
  },
  AVS_DB_CONNECT_TIMEOUT_MS: {
    ...integer(100, 600_000),
    default: 3_000,
    description: 'Longest wait for a pooled connection (acquire and connect).',
  },
  AVS_KEY_CACHE_TTL_MS: {
    ...integer(0, 2_000),
    default: 1_000,
    description:
      'How long a verified API key is cached in memory; revocations reach every instance within it.',
  },
  AVS_RATE_LIMIT_PER_SECOND: {
    // Fractions allow slow tiers, e.g. 0.5 = one request every two seconds.
    ...decimal(0.001, 1_000_000),
    default: 100,
    description: 'Requests per second per API key (decimals allowed).',
  },
  AVS_RATE_LIMIT_BURST: { ...integer(1, 1_000_000), default: 200, description: 'Burst size per API key.' },
  AVS_PUBLIC_RATE_LIMIT_PER_SECOND: {
    ...decimal(0.001, 1_000_000),
    default: 5,
    description:
      'Requests per second per client address to the public pages and documents (no key: /c, …; decimals allowed).',
  },
  AVS_PUBLIC_RATE_LIMIT_BURST: {
    ...integer(1, 1_000_000),
    default: 60,
    description: 'Burst size per client address on the public pages and documents.',
  },
  AVS_RATE_LIMIT_IPV6_PREFIX: {
    ...integer(32, 128),
    default: 64,
    description:
      'An IPv6 client is counted by this many leading bits of its address in every per-address limit (a client owns a /64); 128 counts each address alone.',
  },
  AVS_CORS_ORIGINS: {
    ...originList,
    default: [],
    description: 'Origins allowed by CORS, comma-separated. Unset: CORS closed.',
  },
  AVS_TRUST_PROXY: {
    ...trustedProxies,
    default: false,
    description:
      'Behind reverse proxies, their number or addresses/CIDRs: the client address and protocol then come from X-Forwarded-For and X-Forwarded-Proto.',
  },
  AVS_REQUEST_TIMEOUT_MS: {
    ...integer(1_000, 600_000),
    default: 30_000,
    description: 'Longest a client may take to send a whole request (headers and body); 408 after it.',
  },
  AVS_HEADERS_TIMEOUT_MS: {
    ...integer(1_000, 600_000),
    default: 10_000,
    description: 'Longest a client may take to send the request headers (at most AVS_REQUEST_TIMEOUT_MS).',
  },
  AVS_KEEP_ALIVE_TIMEOUT_MS: {
    ...integer(100, 600_000),
    default: 5_000,
    description: 'How long an idle keep-alive connection stays open between requests.',
  },
  AVS_MAX_CONNECTIONS: {
    ...integer(1, 1_000_000),
    default: 10_000,
    description: 'Most simultaneous client connections; further connections are closed at once.',
  },
  AVS_WEBHOOK_DELIVERY: { ...onOff, default: false, description: '"on" turns webhook delivery on.' },
  AVS_WEBHOOK_RETRY_SCHEDULE: {
    ...durationList,
    default: [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000],
    description: 'Delays between webhook delivery attempts.',
  },
  AVS_WEBHOOK_TIMEOUT_MS: {
    ...integer(100, 60_000),
    default: 15_000,
    description: 'Webhook response timeout.',
  },
  AVS_WEBHOOK_LEASE_MARGIN_MS: {
    ...integer(100, 600_000),
    default: 10_000,
    description:
      'How long past AVS_WEBHOOK_TIMEOUT_MS a worker holds a claimed delivery; deliveries held by a crashed worker are retried after it.',
  },
  AVS_WEBHOOK_ALLOW_INSECURE_TARGETS: {
    ...onOff,
    default: false,
    description: 'Allow http and private-network webhook targets (local development and tests only).',
  },
  AVS_WEBHOOK_ACCOUNT_CONCURRENCY: {
    ...integer(1, 1_000),
    default: 4,
    description:
      'Deliveries of one account in flight at once, across every worker and instance: one tenant with slow receivers cannot hold every slot.',
  },
  AVS_WEBHOOK_LIMIT: {
    ...integer(1, 10_000),
    default: 20,
    description:
      'Active webhooks per account; a registration past it is refused (409 webhook_limit_reached).',
  },
  AVS_WATCH_LIMIT: {
    ...integer(1, 1_000_000),
    default: 10_000,
    description:
      'Certificates one account may watch (/api/v1/watchlist); one more is refused (409 watch_limit_reached).',
  },
  AVS_SERVICE_NAME: {
    ...text,
    default: 'Asset Verification Service',
    description:
      "The service's name as people read it: the public pages' and the console's header, and \"Certified by …\" on certificates.",
  },
  AVS_SERVICE_LOGO: {
    ...text,
    description:
      "Path of the service's logo (a JPEG, PNG or WebP image), shown beside its name on the public pages, the console and certificates. Unset: the name alone.",
  },
  AVS_CONTACT_EMAIL: {
    ...text,
    description:
      'Address the public page of a certificate reported stolen or lost shows, to reach the operator. Unset: no address is shown.',
  },
  AVS_WEBHOOK_TEST_EVENTS_PER_MINUTE: {
    ...integer(1, 10_000),
    default: 10,
    description: 'Test events (POST /api/v1/webhooks/{id}/test) per account per minute; past it 429.',
  },
  AVS_EVENT_RETENTION_DAYS: {
    ...integer(1, 3650),
    default: 30,
    description:
      'Days GET /api/v1/events lists an event; a job removes dispatched events older than this (delivery on or off).',
  },
  AVS_ADMIN_EMAIL: { ...text, description: 'Email of the first admin user, created at first start.' },
  AVS_ADMIN_PASSWORD: { ...text, description: 'Password of the first admin user, created at first start.' },
  AVS_ADMIN_TOKEN: {
    ...secret(32),
    description:
      'Bearer token (at least 32 characters) for the /admin/api JSON API (automation). Unset: session only.',
  },
  AVS_METRICS_TOKEN: {
    ...secret(32),
    description:
      'Bearer token (at least 32 characters) that /metrics then requires. Unset: /metrics is open.',
  },
  AVS_METRICS_PORT: {
    ...integer(1, 65535),
    description:
      'A second port (on HOST) that serves /metrics only; the main port then answers /metrics with 404. Unset: /metrics on PORT.',
  },
  AVS_PUBLIC_URL: {
    ...publicUrl,
    description:
      'External base URL of the service; its host is the issuer did:web. Unset: http://localhost:PORT, or http://HOST:PORT when HOST is a name.',
  },
  AVS_MASTER_KEY: {
    ...masterKey,
    description:
      'Encrypts the private halves of the signing keys in the database (AES-256-GCM). Unset: stored unencrypted, with a warning.',
  },
  AVS_HISTORY_RECHECK_MS: {
    ...integer(10, 86_400_000),
    default: 60_000,
    description:
      'How often the long histories that grew, or were edited, since their last full check are re-checked in full in the background: /verify of a long history re-hashes only the events after that check and a few sampled older ones (docs/api.md, "Verification").',
  },
  AVS_TLOG: {
    ...onOff,
    default: true,
    description:
      '"off" stops appending history events to the transparency log (they queue and are appended once it is on again).',
  },
  AVS_TLOG_INTERVAL_MS: {
    ...integer(10, 3_600_000),
    default: 1000,
    description: 'How often the transparency log integrator appends newly committed history events.',
  },
  AVS_IDLE_POLL_MAX_MS: {
    ...integer(250, 3_600_000),
    default: 30_000,
    description:
      "Longest wait of an idle background worker (webhook delivery, transparency log) between two looks at the database. A write wakes them at once (on PostgreSQL another instance's too, by LISTEN/NOTIFY); this look finds what no write announced, e.g. behind a pooler in transaction mode, which cannot LISTEN.",
  },
  AVS_WITNESSES: {
    ...witnessList,
    description:
      'Witnesses that cosign each new checkpoint of the transparency log (C2SP tlog-witness), as "VKEY URL" pairs, comma-separated; the log POSTs to URL/add-checkpoint in the background. Unset: no witnesses.',
  },
  AVS_WITNESS_QUORUM: {
    ...integer(1, 100),
    description:
      'How many of AVS_WITNESSES must cosign a checkpoint for the service to call it witnessed (`facts.log.witnessed`). Unset: all of them.',
  },
  AVS_WITNESS_TIMEOUT_MS: {
    ...integer(100, 60_000),
    default: 5000,
    description: 'How long the log waits for one witness to answer one request before it retries (3 tries).',
  },
  AVS_MEDIA_DIR: {
    ...text,
    description:
      'Directory that stores the bytes of media (images, documents), one file per SHA-256. Unset: the bytes are kept in the database.',
  },
  AVS_MEDIA_MAX_BYTES: {
    ...integer(1024, 100 * 1024 * 1024),
    default: 40 * 1024 * 1024,
    description:
      "Largest media upload in bytes (413 above it, said in MB): 40 MiB takes a camera's largest JPEG.",
  },
  AVS_MEDIA_MAX_PIXELS: {
    ...integer(1, 268_402_689),
    default: 100_000_000,
    description:
      "Most pixels (width × height, read from the image's header) an uploaded image may have; 422 above it, before any decode. An image is decoded shrunk to at most 4096 px on its long edge (docs/media.md).",
  },
  AVS_MEDIA_DECODE_CONCURRENCY: {
    ...integer(1, 64),
    default: 2,
    description:
      'Most images this process decodes at once (each shrunk on load, about 150 MiB at most: docs/media.md); further uploads wait their turn.',
  },
  AVS_FEATURE_WORKERS: {
    ...integer(0, 16),
    // One core stays the server's: 1 on two cores, 2 from three.
    default: Math.max(1, Math.min(2, availableParallelism() - 1)),
    description:
      'Worker threads that find images\' local features and verify a photograph against candidates (docs/media.md, "Recognising a new photograph"), started on the first image; each holds opencv.js (about 120 MiB). 0 turns recognition off: photo search then finds copies only.',
  },
  AVS_SMTP_URL: {
    ...smtpUrl,
    description:
      'The SMTP server that sends mail: smtp://host:587 (STARTTLS required) or smtps://host:465, with user and password in the URL or in AVS_SMTP_USER and AVS_SMTP_PASSWORD; "?tls=off" allows plain SMTP to a server on this machine only. Unset: mail goes to the local mailbox, files under AVS_DATA_DIR/mail/ shown on /admin/mail.',
  },
  AVS_SMTP_USER: { ...text, description: 'SMTP user name, when AVS_SMTP_URL carries none.' },
  AVS_SMTP_PASSWORD: {
    ...text,
    secret: true,
    description: 'SMTP password, when AVS_SMTP_URL carries none.',
  },
  AVS_SMTP_CA_FILE: {
    ...text,
    description:
      "A PEM file of the certificate authority that signed the SMTP server's certificate, when it is not one the system trusts (a private CA).",
  },
  AVS_MAIL_FROM: {
    ...mailFrom,
    description:
      'The sender of every message ("Name <address>" or an address). Unset: AVS_SERVICE_NAME <no-reply@the host of AVS_PUBLIC_URL>.',
  },
  AVS_MAIL_DELIVERY: {
    ...onOff,
    default: true,
    description:
      '"off" keeps messages queued in the mail outbox without sending them (an instance with it on sends them).',
  },
  AVS_MAIL_RETRY_SCHEDULE: {
    ...durationList,
    default: [30_000, 120_000, 600_000, 1_800_000, 3_600_000, 7_200_000, 14_400_000, 28_800_000, 43_200_000],
    description:
      'Delays between attempts to hand a message to the SMTP server while it is down or answers 4xx (ten attempts over about 28 hours by default); a 5xx answer fails the message at once.',
  },
  AVS_MAIL_TIMEOUT_MS: {
    ...integer(100, 120_000),
    default: 30_000,
    description:
      'Longest SMTP conversation for one message; a worker that dies mid-conversation has its messages retried after twice this.',
  },
  AVS_MAIL_LIMIT_PER_ACCOUNT: {
    ...integer(1, 1_000_000),
    default: 200,
    description:
      'Messages people can cause in one hour on behalf of one account (invitations, …); one more is refused with 429 rate_limited before it becomes mail.',
  },
  AVS_MAIL_LIMIT_PER_RECIPIENT: {
    ...integer(1, 10_000),
    default: 10,
    description:
      'Messages people can cause in one hour to one address (invitations, sign-in links, proofs of address, …); past it an invitation is refused with 429 and a link asked for on a page is not sent.',
  },
  AVS_SHUTDOWN_TIMEOUT_MS: {
    ...integer(100, 600_000),
    default: 30_000,
    description: 'Longest graceful shutdown before the process is forced to exit.',
  },
} satisfies Record<string, Definition>;

type Definitions = typeof configDefinitions;

export type Config = Readonly<{
  [K in keyof Definitions]: Definitions[K] extends { default: unknown }
    ? Static<Definitions[K]['schema']>
    : Static<Definitions[K]['schema']> | undefined;
}>;

export type ConfigOverrides = Partial<{ -readonly [K in keyof Config]: Config[K] }>;

const definitions = Object.entries(configDefinitions) as [keyof Config, Definition][];

/** The one schema of the whole configuration, defaults included, built from the table. */
const configSchema = Type.Object(
  Object.fromEntries(
    definitions.map(([name, definition]) => [
      name,
      definition.default === undefined
        ? definition.schema
        : { ...definition.schema, default: definition.default },
    ]),
  ),
);

const ajv = new Ajv({ allErrors: true, useDefaults: true, strict: true });
for (const [name, validate] of Object.entries(formats)) ajv.addFormat(name, { type: 'string', validate });
const validateConfig = ajv.compile(configSchema);

/**
 * The raw text as the schema's type, for Ajv to check. Not Ajv's own coerceTypes: it takes " 8080", "1e3" and
 * "0x1F" for numbers, which the service refuses.
 */
function fromText(raw: string, schema: TSchema): unknown {
  switch (schema.type) {
    case 'integer':
      return /^\d+$/.test(raw) ? Number(raw) : raw;
    case 'number':
      return /^\d+(\.\d+)?$/.test(raw) ? Number(raw) : raw;
    case 'boolean': {
      const word = raw.toLowerCase();
      return ON_WORDS.includes(word) ? true : OFF_WORDS.includes(word) ? false : raw;
    }
    case 'array':
      return raw
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean);
    default:
      return raw;
  }
}

/** Reads and validates the environment; throws ConfigError naming the first bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: ConfigOverrides = {}): Config {
  const values: Record<string, unknown> = {};
  const refused = new Set<string>();
  for (const [name, definition] of definitions) {
    const raw = env[name];
    if (raw === undefined || raw === '') continue;
    const value = definition.parse ? definition.parse(raw) : fromText(raw, definition.schema);
    if (value === undefined) refused.add(name);
    else values[name] = value;
  }
  if (!validateConfig(values))
    for (const error of validateConfig.errors ?? []) refused.add(error.instancePath.split('/')[1] ?? '');
  const config: Record<string, unknown> = {};
  for (const [name, definition] of definitions) {
    if (refused.has(name))
      throw new ConfigError(name, definition.accepts, env[name] ?? '', definition.secret);
    config[name] = values[name];
  }
  return Object.freeze({ ...config, ...overrides }) as Config;
}
