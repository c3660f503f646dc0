import type { Queryable } from './database.js';

/** A row a worker claimed under a lease (the outboxes of mail and webhooks): its id and the claim's token. */
export interface RowClaim {
  id: string;
  claimToken: string;
}

/**
 * Updates a claimed row only while the claim is still the worker's: false when its lease ran out and another worker
 * claimed the row, which then owns the outcome. In `set`, $1 is the id, $2 the token and `values` follow from $3.
 */
export async function updateClaimedRow(
  db: Queryable,
  table: string,
  claim: RowClaim,
  set: string,
  values: readonly unknown[],
): Promise<boolean> {
  const { rowCount } = await db.query(`UPDATE ${table} SET ${set} WHERE id = $1 AND claim_token = $2`, [
    claim.id,
    claim.claimToken,
    ...values,
  ]);
  return rowCount > 0;
}
