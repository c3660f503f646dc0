import { randomUUID } from 'node:crypto';
import { AvsConnectionError } from './errors.js';

export interface RetryOptions {
  /** Attempts in all, the first included (default 4). 1 turns retries off. */
  maxAttempts?: number;
  /** The first backoff in ms (default 250); each further one doubles, with full jitter. */
  baseDelayMs?: number;
  /** No wait is longer than this (default 20 000 ms); a Retry-After beyond it ends the retries. */
  maxDelayMs?: number;
  /** Called before each retry with the attempt that failed, why, and the wait. Tests and logs use it. */
  onRetry?: (event: RetryEvent) => void | Promise<void>;
}

export interface RetryEvent {
  method: string;
  url: string;
  /** The attempt that failed, from 1. */
  attempt: number;
  /** The status that asked for the retry, or the network error. */
  status?: number;
  error?: unknown;
  delayMs: number;
  idempotencyKey?: string;
}

/** Methods that may be sent again as they are (RFC 9110 section 9.2.2); a POST is made so by an Idempotency-Key. */
const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);
/** Answers that say "not now, try again": too many requests, and the service (or its database) briefly down. */
const RETRY_STATUSES = new Set([429, 503]);

/** Retry-After as ms: delay-seconds or an HTTP-date (RFC 9110 section 10.2.3); undefined when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * 409 idempotency_request_in_progress: an earlier attempt of this same POST (its answer lost) is still running;
 * a later attempt gets its stored answer, so it is retried like a 503.
 */
async function stillInProgress(response: Response, idempotencyKey: string | undefined): Promise<boolean> {
  if (response.status !== 409 || idempotencyKey === undefined) return false;
  const body = (await response
    .clone()
    .json()
    .catch(() => undefined)) as { code?: unknown } | undefined;
  return body?.code === 'idempotency_request_in_progress';
}

/**
 * A fetch that retries: idempotent methods, and POSTs under an Idempotency-Key it adds when the caller gave none
 * (one key per call, the same on every attempt, so the service answers a repeat with the stored response).
 * It retries on network errors and on 429/503 (and a POST on 409 idempotency_request_in_progress), waiting Retry-After when the answer gives one and exponential
 * backoff with full jitter otherwise, for at most maxAttempts attempts. PATCH is never retried.
 */
export function retryingFetch(
  options: RetryOptions = {},
  inner: typeof fetch = globalThis.fetch,
): typeof fetch {
  const maxAttempts = Math.max(1, options.maxAttempts ?? 4);
  const baseDelayMs = options.baseDelayMs ?? 250;
  const maxDelayMs = options.maxDelayMs ?? 20_000;
  return async (input, init) => {
    const original = new Request(input, init);
    let idempotencyKey: string | undefined;
    let retryable = IDEMPOTENT.has(original.method);
    if (original.method === 'POST') {
      idempotencyKey = original.headers.get('idempotency-key') ?? randomUUID();
      original.headers.set('idempotency-key', idempotencyKey);
      retryable = true;
    }
    // The body is read once so every attempt can send it again.
    const body = original.body === null ? undefined : await original.arrayBuffer();
    for (let attempt = 1; ; attempt += 1) {
      const request = new Request(original, { body });
      let response: Response | undefined;
      let error: unknown;
      try {
        response = await inner(request);
      } catch (caught) {
        // An abort by the caller is an answer, not a failure to retry.
        if (original.signal.aborted) throw caught;
        error = caught;
      }
      if (
        response &&
        !RETRY_STATUSES.has(response.status) &&
        !(await stillInProgress(response, idempotencyKey))
      )
        return response;
      const last = !retryable || attempt >= maxAttempts;
      const backoff = Math.random() * Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1));
      const asked = response ? retryAfterMs(response.headers.get('retry-after')) : undefined;
      if (last || (asked !== undefined && asked > maxDelayMs)) {
        if (response) return response;
        throw new AvsConnectionError(
          `${original.method} ${original.url} failed after ${attempt} attempt(s): ${(error as Error)?.message ?? String(error)}`,
          attempt,
          { cause: error },
        );
      }
      const delayMs = asked ?? backoff;
      // The answer being retried is not read: free its connection.
      await response?.body?.cancel().catch(() => undefined);
      await options.onRetry?.({
        method: original.method,
        url: original.url,
        attempt,
        status: response?.status,
        error,
        delayMs,
        idempotencyKey,
      });
      await sleep(delayMs);
    }
  };
}
