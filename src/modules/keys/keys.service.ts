import { randomBytes, randomUUID } from 'node:crypto';
import { limits } from '../../limits.js';
import { sha256 } from '../../lib/sha256.js';
import type { Database, Queryable } from '../../db/database.js';
import { AppError } from '../../errors/error-catalogue.js';
import { isStorableText } from '../../lib/text.js';
import { isUuid } from '../../lib/uuid.js';
import { isPlanetId, planetIds } from '../../planets/planets.js';
import { getAccount } from '../accounts/accounts.service.js';
import { recordAudit, type AuditActor } from '../audit/audit.service.js';
import {
  findApiKeyByHash,
  findApiKeyById,
  insertApiKey,
  listApiKeyNames,
  listApiKeys as listApiKeyRows,
  revokeApiKey as revokeApiKeyRow,
  touchApiKeysLastUsed,
  type ApiKeyRow,
} from './keys.repository.js';
import type { KeyPrincipal } from '../principal/principal.js';

const API_KEY_PREFIX = 'pk_svc_';
const DISPLAY_PREFIX_LENGTH = API_KEY_PREFIX.length + 6;
// 32 random bytes in base64url: 43 characters after the prefix.
const API_KEY_PATTERN = /^pk_svc_[A-Za-z0-9_-]{43}$/;

export interface ApiKey {
  id: string;
  account_id: string;
  name: string | null;
  prefix: string;
  planet_scope: string[];
  created_at: string;
  expires_at: string | null;
  revoked_at: string | null;
  last_used_at: string | null;
  status: 'active' | 'revoked' | 'expired';
  /** The member who made the key in the console; null: the operator made it. */
  created_by_member_id: string | null;
}

export interface CreatedApiKey extends ApiKey {
  /** The full key: returned once, at creation, and never stored. */
  key: string;
}

function hashApiKey(key: string): Buffer {
  return sha256(key);
}

/** The one rule of a key's status: the list filter, the API view and authentication all ask it. */
function keyStatus(row: Pick<ApiKeyRow, 'revoked_at' | 'expires_at'>, now = Date.now()): ApiKey['status'] {
  if (row.revoked_at) return 'revoked';
  if (row.expires_at && row.expires_at.getTime() <= now) return 'expired';
  return 'active';
}

function toApiKey(row: ApiKeyRow, now = Date.now()): ApiKey {
  return {
    id: row.id,
    account_id: row.account_id,
    name: row.name,
    prefix: row.display_prefix,
    planet_scope: row.planet_scope,
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at?.toISOString() ?? null,
    revoked_at: row.revoked_at?.toISOString() ?? null,
    last_used_at: row.last_used_at?.toISOString() ?? null,
    status: keyStatus(row, now),
    created_by_member_id: row.created_by_member_id,
  };
}

/**
 * Who creates or revokes a key: the operator (admin pages, /admin/api, the CLI), or an owner in the console,
 * who acts in one account only.
 */
export type KeyActor = { admin: true } | { memberId: string; accountId: string };

function auditActorOf(actor: KeyActor): AuditActor {
  return 'memberId' in actor ? { memberId: actor.memberId } : { admin: true };
}

export interface CreateApiKeyInput {
  accountId: string;
  name?: string | null;
  planetScope?: string[];
  expiresAt?: Date | null;
  /** Recorded in the account's audit log with the key; a member's key remembers who made it. */
  actor: KeyActor;
}

/** Creates the key and its `api_key.created` audit entry in one transaction; the secret is in neither. */
export async function createApiKey(db: Database, input: CreateApiKeyInput): Promise<CreatedApiKey> {
  const planetScope = [...new Set(input.planetScope ?? [])];
  const unknown = planetScope.find((planet) => !isPlanetId(planet));
  if (unknown !== undefined) {
    throw new AppError('invalid_planet', 'unknown', { planet: unknown, expected: planetIds });
  }
  if (input.expiresAt && input.expiresAt.getTime() <= Date.now()) {
    throw new AppError('validation_failed', 'not_in_future', { field: 'expires_at' });
  }
  const name = input.name?.trim() || null;
  if (name && name.length > limits.nameLength)
    throw new AppError('validation_failed', 'too_long', { field: 'name', max: limits.nameLength });
  if (name && !isStorableText(name)) throw new AppError('validation_failed', 'unstorable', { field: 'name' });
  const { actor } = input;
  const foreign = 'memberId' in actor && actor.accountId !== input.accountId;
  if (foreign || !(await getAccount(db, input.accountId))) {
    throw new AppError('account_not_found', 'no_account', { id: input.accountId });
  }
  const key = API_KEY_PREFIX + randomBytes(32).toString('base64url');
  const row = await db.transaction(async (tx) => {
    const inserted = await insertApiKey(tx, {
      id: randomUUID(),
      accountId: input.accountId,
      name,
      keyHash: hashApiKey(key),
      displayPrefix: key.slice(0, DISPLAY_PREFIX_LENGTH),
      planetScope,
      expiresAt: input.expiresAt ?? null,
      createdByMemberId: 'memberId' in actor ? actor.memberId : null,
    });
    await auditKeyChange(tx, actor, 'api_key.created', inserted);
    return inserted;
  });
  return { ...toApiKey(row), key };
}

export async function listApiKeys(
  db: Queryable,
  filter: { accountId?: string; status?: ApiKey['status'] } = {},
): Promise<ApiKey[]> {
  const now = Date.now();
  return (await listApiKeyRows(db, { accountId: filter.accountId }))
    .filter((row) => filter.status === undefined || keyStatus(row, now) === filter.status)
    .map((row) => toApiKey(row, now));
}

/** The account's keys a member made, newest first: the console lists them before that member is disabled. */
export async function listKeysCreatedBy(
  db: Queryable,
  accountId: string,
  memberId: string,
): Promise<ApiKey[]> {
  const now = Date.now();
  return (await listApiKeyRows(db, { accountId, createdByMemberId: memberId })).map((row) =>
    toApiKey(row, now),
  );
}

/** What an audit entry names of a key: its id and name, never its secret or hash. */
function keyTarget(row: ApiKeyRow): Record<string, unknown> {
  return row.name === null ? { api_key_id: row.id } : { api_key_id: row.id, name: row.name };
}

/** The audit entry of a key's creation or revocation, in the account the key belongs to. */
async function auditKeyChange(
  tx: Queryable,
  actor: KeyActor,
  action: 'api_key.created' | 'api_key.revoked',
  row: ApiKeyRow,
): Promise<void> {
  await recordAudit(tx, {
    accountId: row.account_id,
    actor: auditActorOf(actor),
    action,
    target: keyTarget(row),
  });
}

/** The names of the keys of these ids (null: made without one); of `accountId`'s keys only when given. */
export async function apiKeyNamesByIds(
  db: Queryable,
  ids: readonly string[],
  accountId: string | null,
): Promise<Map<string, string | null>> {
  const wanted = ids.filter(isUuid);
  if (wanted.length === 0) return new Map();
  const rows = await listApiKeyNames(db, wanted, accountId);
  return new Map(rows.map((row) => [row.id, row.name]));
}

export async function findApiKey(db: Queryable, id: string): Promise<ApiKey | undefined> {
  const row = await findApiKeyById(db, id);
  return row && toApiKey(row);
}

interface CacheEntry {
  row: ApiKeyRow;
  cachedAt: number;
}

/** How long a key's last use waits to be written, with the others' of that time (one statement). */
const LAST_USED_FLUSH_MS = 5_000;

/**
 * Turns a presented key into a principal. Verified keys are cached for at most cacheTtlMs, so a
 * revocation made by any instance takes effect everywhere within that time; last_used_at is
 * batched and written off the request path, at most once a minute per key.
 */
export class ApiKeyAuthenticator {
  private readonly cache = new Map<string, CacheEntry>();
  private readonly lookups = new Map<string, Promise<CacheEntry | undefined>>();
  /** Bumped by forget(): a lookup begun before it must not cache what it read. */
  private generation = 0;
  private readonly lastUsedWritten = new Map<string, number>();
  private pendingLastUsed = new Map<string, Date>();
  /** Armed by the first use to write, so that an idle service does not wake for nothing. */
  private flushTimer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly options: {
      cacheTtlMs: number;
      lastUsedIntervalMs?: number;
      onError?: (error: unknown) => void;
    },
  ) {}

  async authenticate(presentedKey: string): Promise<KeyPrincipal | undefined> {
    if (!API_KEY_PATTERN.test(presentedKey)) return undefined;
    const hash = hashApiKey(presentedKey);
    const cacheKey = hash.toString('base64');
    const now = Date.now();
    let entry = this.cache.get(cacheKey);
    if (!entry || now - entry.cachedAt >= this.options.cacheTtlMs) {
      entry = await this.lookUp(cacheKey, hash, now);
      if (!entry) return undefined;
    }
    const { row } = entry;
    if (keyStatus(row, now) !== 'active') return undefined;
    this.recordUse(row.id, now);
    return { accountId: row.account_id, apiKeyId: row.id, planetScope: row.planet_scope };
  }

  /** One database lookup per key at a time: requests arriving as an entry expires share it. */
  private lookUp(cacheKey: string, hash: Buffer, now: number): Promise<CacheEntry | undefined> {
    let pending = this.lookups.get(cacheKey);
    if (!pending) {
      const generation = this.generation;
      pending = findApiKeyByHash(this.db, hash)
        .then((row) => {
          if (!row) {
            this.cache.delete(cacheKey);
            return undefined;
          }
          const entry = { row, cachedAt: now };
          if (this.options.cacheTtlMs > 0 && generation === this.generation) {
            // Bounded: an entry older than the TTL is useless anyway.
            if (this.cache.size >= 10_000) this.cache.clear();
            this.cache.set(cacheKey, entry);
          }
          return entry;
        })
        .finally(() => this.lookups.delete(cacheKey));
      this.lookups.set(cacheKey, pending);
    }
    return pending;
  }

  /** Drops every cached key of this instance (after a local revocation). */
  forget(): void {
    this.generation++;
    this.cache.clear();
    this.lookups.clear();
  }

  private recordUse(keyId: string, now: number): void {
    const last = this.lastUsedWritten.get(keyId);
    if (last !== undefined && now - last < (this.options.lastUsedIntervalMs ?? 60_000)) return;
    this.lastUsedWritten.set(keyId, now);
    this.pendingLastUsed.set(keyId, new Date(now));
    if (this.flushTimer !== undefined) return;
    this.flushTimer = setTimeout(() => {
      this.flushTimer = undefined;
      void this.flushLastUsed();
    }, LAST_USED_FLUSH_MS);
    this.flushTimer.unref();
  }

  async flushLastUsed(): Promise<void> {
    await this.flushing;
    if (this.pendingLastUsed.size === 0) return;
    const batch = [...this.pendingLastUsed].map(([id, at]) => ({ id, at }));
    this.pendingLastUsed = new Map();
    this.flushing = touchApiKeysLastUsed(this.db, batch).catch((error: unknown) =>
      this.options.onError?.(error),
    );
    await this.flushing;
  }

  async close(): Promise<void> {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    await this.flushLastUsed();
  }
}

/**
 * Revokes the key, with its `api_key.revoked` audit entry in the same transaction; revoking twice keeps the
 * first time and records nothing more. A member reaches only the keys of the account it acts in. Given this
 * process's authenticator, it stops accepting the key at once; other instances (and processes such as the
 * CLI's) within their cache TTL.
 */
export async function revokeApiKey(
  db: Database,
  id: string,
  options: { actor: KeyActor; authenticator?: Pick<ApiKeyAuthenticator, 'forget'> },
): Promise<ApiKey> {
  const { actor } = options;
  const row = await db.transaction(async (tx) => {
    const existing = await findApiKeyById(tx, id);
    if (!existing || ('memberId' in actor && existing.account_id !== actor.accountId)) {
      throw new AppError('api_key_not_found', 'no_api_key', { id });
    }
    const revoked = await revokeApiKeyRow(tx, id);
    if (!revoked) return (await findApiKeyById(tx, id))!;
    await auditKeyChange(tx, actor, 'api_key.revoked', revoked);
    return revoked;
  });
  options.authenticator?.forget();
  return toApiKey(row);
}
