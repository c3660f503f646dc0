import { createHash } from 'node:crypto';
import { limits } from '../../limits.js';
import type { Database, Queryable } from '../../db/database.js';
import { AppError } from '../../errors/error-catalogue.js';
import { canonicalJson as canonicalize } from '../../lib/canonical-json.js';
import { nestsDeeperThan } from '../../lib/json-depth.js';
import {
  completeIdempotencyRecord,
  deleteExpiredIdempotencyRecords,
  findIdempotencyRecord,
  insertIdempotencyRecord,
  tryLockIdempotencyKey,
} from './idempotency.repository.js';

/** docs/errors.md: the first response is kept 24 hours. */
const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export interface IdempotentRequest {
  accountId: string;
  key: string;
  fingerprint: string;
}

export interface StoredResponse {
  status: number;
  body: string;
}

/** The Idempotency-Key header: undefined when absent, 400 when empty or longer than 255 characters. */
export function parseIdempotencyKey(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const key = Array.isArray(header) ? header.join(', ') : header;
  if (key.length === 0 || key.length > limits.idempotencyKeyLength) {
    throw new AppError('invalid_idempotency_key');
  }
  return key;
}

// JSON.parse turns 1e309 into Infinity, which RFC 8785 refuses: plain JSON (null) is still a stable fingerprint.
function canonicalJson(body: unknown): string {
  try {
    return canonicalize(body) ?? '';
  } catch {
    return JSON.stringify(body) ?? '';
  }
}

/**
 * SHA-256 over method, path and the canonical JSON (RFC 8785) of the body: key order does not matter.
 * A body nested deeper than any endpoint reads is refused first: canonicalising it would overflow the stack.
 */
export function requestFingerprint(method: string, url: string, body: unknown): string {
  if (nestsDeeperThan(body, limits.bodyDepth)) {
    throw new AppError('validation_failed', 'too_deep', { field: 'body', max: limits.bodyDepth });
  }
  const canonicalBody = body === undefined ? '' : canonicalJson(body);
  return createHash('sha256').update(`${method}\n${url}\n${canonicalBody}`).digest('hex');
}

/**
 * Claims the key inside the change's transaction. Returns the stored response for a retry of a
 * completed request; throws 409 while another request holds the key and 422 for a different request.
 */
export async function claimIdempotencyKey(
  tx: Queryable,
  request: IdempotentRequest,
): Promise<StoredResponse | undefined> {
  const inProgress = () => new AppError('idempotency_request_in_progress');
  if (!(await tryLockIdempotencyKey(tx, request.accountId, request.key))) throw inProgress();
  const existing = await findIdempotencyRecord(tx, request.accountId, request.key);
  if (existing) {
    if (existing.fingerprint !== request.fingerprint) throw new AppError('idempotency_key_reused');
    if (
      existing.state !== 'completed' ||
      existing.response_status === null ||
      existing.response_body === null
    ) {
      throw inProgress();
    }
    return { status: existing.response_status, body: existing.response_body };
  }
  const inserted = await insertIdempotencyRecord(tx, {
    accountId: request.accountId,
    key: request.key,
    fingerprint: request.fingerprint,
    ttlMs: IDEMPOTENCY_TTL_MS,
  });
  if (!inserted) throw inProgress();
  return undefined;
}

/** Stores the response in the same transaction as the change: committed together or not at all. */
export async function storeIdempotentResponse(
  tx: Queryable,
  request: IdempotentRequest,
  response: StoredResponse,
): Promise<void> {
  await completeIdempotencyRecord(tx, {
    accountId: request.accountId,
    key: request.key,
    status: response.status,
    body: response.body,
  });
}

/** Deletes expired records in batches; returns how many went. */
export async function purgeExpiredIdempotencyRecords(db: Database, batchSize = 1000): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await deleteExpiredIdempotencyRecords(db, batchSize);
    total += deleted;
    if (deleted < batchSize) return total;
  }
}
