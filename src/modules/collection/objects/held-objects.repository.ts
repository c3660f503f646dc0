import { firstRowQuery } from '../../../db/database.js';

/** Where a hand-over stands, by its code's hash: what a closed claim's page says (the code itself is never stored). */
export const findHandoverStandingByCodeHash = firstRowQuery<
  { accepted: boolean; cancelled: boolean; expired: boolean },
  [codeHash: string]
>(
  `SELECT accepted_at IS NOT NULL AS accepted, cancelled_at IS NOT NULL AS cancelled, expires_at <= now() AS expired
     FROM handovers WHERE code_hash = $1`,
);
