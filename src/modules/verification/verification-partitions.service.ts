import type { Queryable } from '../../db/database.js';
import { maintainVerificationPartitions } from './verifications.repository.js';

// The months made ahead of the current one, as pg_partman's premake where it manages them (migration 481).
const MONTHS_AHEAD = 3;

/**
 * The verification records' coming months (docs/scaling.md, "Partitions"): pg_partman's maintenance where it manages
 * the table, the service's own months otherwise. How many months the service made.
 */
export function makeVerificationMonths(db: Queryable): Promise<number> {
  return maintainVerificationPartitions(db, MONTHS_AHEAD);
}
