import { randomUUID } from 'node:crypto';
import { limits } from '../../limits.js';
import type { Queryable } from '../../db/database.js';
import { AppError } from '../../errors/error-catalogue.js';
import { isStorableText } from '../../lib/text.js';
import { isUuid } from '../../lib/uuid.js';
import {
  findAccountById,
  insertAccount,
  listAccountNames,
  listAccountsWithCounts,
} from './accounts.repository.js';

export interface Account {
  id: string;
  name: string;
  created_at: string;
}

export interface AccountSummary extends Account {
  key_count: number;
  asset_count: number;
}

export async function createAccount(db: Queryable, input: { name: string }): Promise<Account> {
  const name = input.name.trim();
  if (name.length < 1 || name.length > limits.nameLength) {
    throw new AppError('validation_failed', 'trimmed_length', {
      field: 'name',
      min: 1,
      max: limits.nameLength,
    });
  }
  if (!isStorableText(name)) throw new AppError('validation_failed', 'unstorable', { field: 'name' });
  const row = await insertAccount(db, { id: randomUUID(), name });
  return { id: row.id, name: row.name, created_at: row.created_at.toISOString() };
}

export async function getAccount(db: Queryable, id: string): Promise<Account | undefined> {
  const row = await findAccountById(db, id);
  return row && { id: row.id, name: row.name, created_at: row.created_at.toISOString() };
}

export async function accountNamesByIds(db: Queryable, ids: readonly string[]): Promise<Map<string, string>> {
  const wanted = ids.filter(isUuid);
  if (wanted.length === 0) return new Map();
  return new Map((await listAccountNames(db, wanted)).map((row) => [row.id, row.name]));
}

export async function listAccounts(db: Queryable): Promise<AccountSummary[]> {
  const rows = await listAccountsWithCounts(db);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    created_at: row.created_at.toISOString(),
    key_count: row.key_count,
    asset_count: row.asset_count,
  }));
}
