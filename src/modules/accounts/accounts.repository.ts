import { queryAll, queryFirst, queryOne, type Queryable } from '../../db/database.js';

export interface AccountRow {
  id: string;
  name: string;
  created_at: Date;
}

export interface AccountSummaryRow extends AccountRow {
  key_count: number;
  asset_count: number;
}

export async function insertAccount(
  db: Queryable,
  account: { id: string; name: string },
): Promise<AccountRow> {
  return queryOne<AccountRow>(
    db,
    'INSERT INTO accounts (id, name) VALUES ($1, $2) RETURNING id, name, created_at',
    [account.id, account.name],
  );
}

export async function findAccountById(db: Queryable, id: string): Promise<AccountRow | undefined> {
  return queryFirst<AccountRow>(db, 'SELECT id, name, created_at FROM accounts WHERE id = $1', [id]);
}

export async function listAccountNames(
  db: Queryable,
  ids: string[],
): Promise<{ id: string; name: string }[]> {
  return queryAll<{ id: string; name: string }>(
    db,
    'SELECT id, name FROM accounts WHERE id = ANY($1::uuid[])',
    [ids],
  );
}

export async function listAccountsWithCounts(db: Queryable): Promise<AccountSummaryRow[]> {
  return queryAll<AccountSummaryRow>(
    db,
    `
    SELECT a.id, a.name, a.created_at,
      (SELECT count(*) FROM api_keys k WHERE k.account_id = a.id)::int AS key_count,
      (SELECT count(*) FROM assets s WHERE s.account_id = a.id)::int AS asset_count
    FROM accounts a
    ORDER BY a.created_at, a.id`,
  );
}
