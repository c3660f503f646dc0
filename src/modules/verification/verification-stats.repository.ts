import { allRowsQuery } from '../../db/database.js';

export interface VerificationDayOutcomeRow {
  day: string;
  /** `verified`, or the name of the first check that failed. */
  outcome: string;
  count: number;
}

/**
 * Verifications of the account's assets since `since`, counted per UTC day and outcome, in one pass: the
 * account's assets (assets_account_id_idx), then each one's verifications by the primary key's
 * (asset_id, created_at) range. Verifications of an asset count for its owner now.
 */
export const countVerificationsPerDayAndOutcome = allRowsQuery<
  VerificationDayOutcomeRow,
  [accountId: string, since: Date]
>(
  `SELECT to_char(v.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
          CASE WHEN v.verified THEN 'verified'
               ELSE coalesce((SELECT c ->> 'name' FROM jsonb_array_elements(v.result -> 'checks') c
                              WHERE c ->> 'passed' = 'false' LIMIT 1), 'not_verified') END AS outcome,
          count(*)::int AS count
   FROM assets a JOIN verifications v ON v.planet = a.planet AND v.asset_id = a.id
   WHERE a.account_id = $1 AND v.created_at >= $2
   GROUP BY 1, 2`,
);
