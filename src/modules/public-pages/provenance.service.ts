import type { Queryable } from '../../db/database.js';
import { getAccountProfile } from '../accounts/account-profiles.service.js';
import { readProvenance, type ProvenanceEntry } from '../holding-proofs/holding-proofs.service.js';

/**
 * One holder of an object as its public page names it (docs/collectors.md, "Provenance"): an account by its public
 * name, a collector by the name they chose to show or not at all. No collector id, commitment or address.
 */
export interface ShownHolder {
  kind: ProvenanceEntry['holder'];
  /** An account's public name; a collector's only when they chose to be named. */
  name?: string;
  since: string;
  /** The holder now (the last of the chain). */
  current: boolean;
}

/**
 * An object's provenance as the public sees it, oldest first; empty while it was never handed over (its registrant
 * alone has held it: the page stays as it was before holders existed, its ETag too).
 */
export async function publicProvenance(
  db: Queryable,
  planet: string,
  assetId: string,
): Promise<ShownHolder[]> {
  const entries = await readProvenance(db, planet, assetId);
  if (entries.length < 2) return [];
  return Promise.all(
    entries.map(async (entry, index) => {
      const name = entry.accountId
        ? (await getAccountProfile(db, entry.accountId)).displayName
        : (entry.publicName ?? undefined);
      return {
        kind: entry.holder,
        ...(name === undefined ? {} : { name }),
        since: entry.since,
        current: index === entries.length - 1,
      };
    }),
  );
}
