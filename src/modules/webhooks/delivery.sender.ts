import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { limits } from '../../limits.js';
import { bareHostname, forbiddenAddressReason, isLocalhostName } from './webhook-targets.js';

const RESPONSE_EXCERPT_CHARS = 256;
const USER_AGENT = 'AVS-Webhooks/1.0 (+https://www.standardwebhooks.com/)';

/** What the partner's delivery log says of a forbidden target: never what a name resolved to (an SSRF oracle). */
const TARGET_NOT_ALLOWED = 'Refused: target not allowed.';

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves every address of a host; injectable so tests can stand in for DNS. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

const systemResolver: Resolver = async (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

export interface OutgoingMessage {
  /** The webhook-id header: the event id (the delivery id for a test event), stable across retries. */
  id: string;
  url: string;
  secret: string;
  body: string;
}

export type SendResult =
  /** The receiver answered (any status) within the timeout. */
  | { kind: 'response'; statusCode: number; excerpt: string }
  /** No usable answer: DNS failure, refused connection, timeout, TLS error. Worth retrying. */
  | { kind: 'transient'; error: string }
  /**
   * The target may never be sent to (private address, scheme): retrying cannot help. `error` is for the
   * partner's delivery log and never says what a name resolved to; `detail` is for the server log.
   */
  | { kind: 'refused'; error: string; detail: string };

export interface SenderOptions {
  timeoutMs: number;
  allowInsecureTargets: boolean;
  resolve?: Resolver;
}

/** The Standard Webhooks headers: webhook-id, webhook-timestamp (seconds), webhook-signature (v1,<base64>). */
function signedHeaders(message: OutgoingMessage, now: Date): Record<string, string> {
  const signature = new Webhook(message.secret).sign(message.id, now, message.body);
  return {
    'webhook-id': message.id,
    'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
    'webhook-signature': signature,
  };
}

/**
 * One delivery attempt. The host is resolved here, every address is checked, and the socket connects to the
 * checked addresses through a lookup that returns them (no second DNS query between check and connect).
 * The whole attempt — DNS, connect, TLS, response headers and at most 64 KiB of body — fits in timeoutMs.
 */
export async function sendWebhook(message: OutgoingMessage, options: SenderOptions): Promise<SendResult> {
  const url = new URL(message.url);
  const allowed = options.allowInsecureTargets ? ['https:', 'http:'] : ['https:'];
  if (!allowed.includes(url.protocol)) {
    const error = `Refused: ${url.protocol.slice(0, -1)} targets are not allowed (https only).`;
    return { kind: 'refused', error, detail: error };
  }
  const hostname = bareHostname(url);
  if (!options.allowInsecureTargets && isLocalhostName(hostname)) {
    return { kind: 'refused', error: TARGET_NOT_ALLOWED, detail: `${hostname} is localhost.` };
  }

  const deadline = Date.now() + options.timeoutMs;
  let addresses: ResolvedAddress[];
  try {
    addresses = isIP(hostname)
      ? [{ address: hostname, family: isIP(hostname) }]
      : await withDeadline((options.resolve ?? systemResolver)(hostname), deadline, 'DNS lookup');
  } catch (error) {
    return { kind: 'transient', error: `Could not resolve ${hostname}: ${describe(error)}` };
  }
  if (addresses.length === 0)
    return { kind: 'transient', error: `Could not resolve ${hostname}: no address.` };
  if (!options.allowInsecureTargets) {
    for (const { address } of addresses) {
      const reason = forbiddenAddressReason(address);
      if (reason) {
        return {
          kind: 'refused',
          error: TARGET_NOT_ALLOWED,
          detail: `${hostname} resolves to ${address}, a ${reason} address.`,
        };
      }
    }
  }
  return post(url, addresses, message, Math.max(1, deadline - Date.now()));
}

function post(
  url: URL,
  checked: ResolvedAddress[],
  message: OutgoingMessage,
  timeoutMs: number,
): Promise<SendResult> {
  // Every checked address, so a dual-stack host is still reached when its first address has no route.
  const pinnedLookup: LookupFunction = (_hostname, lookupOptions, callback) => {
    if (lookupOptions.all)
      callback(
        null,
        checked.map(({ address, family }) => ({ address, family })),
      );
    else callback(null, checked[0]!.address, checked[0]!.family);
  };
  const body = Buffer.from(message.body);
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const finish = (result: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve(result);
    };
    const request = transport.request(
      {
        protocol: url.protocol,
        hostname: bareHostname(url),
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        lookup: pinnedLookup,
        // A fresh connection per attempt: no pooled socket to an address checked for another delivery.
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': String(body.length),
          'user-agent': USER_AGENT,
          ...signedHeaders(message, new Date()),
        },
      },
      (response) => {
        const statusCode = response.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let received = 0;
        const done = () => {
          const text = Buffer.concat(chunks).toString('utf8').slice(0, RESPONSE_EXCERPT_CHARS);
          finish({ kind: 'response', statusCode, excerpt: text });
        };
        response.on('data', (chunk: Buffer) => {
          if (received >= limits.webhookResponseBytes) return;
          chunks.push(chunk.subarray(0, limits.webhookResponseBytes - received));
          received += chunk.length;
          if (received >= limits.webhookResponseBytes) done();
        });
        response.on('end', done);
        response.on('error', done);
        // The status arrived in time: a body still trickling in at the deadline does not undo it.
        onTimeout = done;
      },
    );
    let onTimeout = () =>
      finish({ kind: 'transient', error: `No response within ${timeoutMs} ms (timed out).` });
    const timer = setTimeout(() => onTimeout(), timeoutMs);
    request.on('error', (error) =>
      finish({ kind: 'transient', error: `Request failed: ${describe(error)}` }),
    );
    request.end(body);
  });
}

async function withDeadline<T>(promise: Promise<T>, deadline: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out`)), Math.max(1, deadline - Date.now()));
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function describe(error: unknown): string {
  const code = (error as { code?: string }).code;
  const text = error instanceof Error ? error.message : String(error);
  return (code && !text.includes(code) ? `${code}: ${text}` : text).slice(0, 300);
}
