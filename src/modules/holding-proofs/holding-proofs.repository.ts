import { queryAll, queryFirst, type Queryable } from '../../db/database.js';

/** A proof of holding as stored: its code only as SHA-256, beside the object's certificate number and account. */
export interface StoredHoldingProof {
  id: string;
  assetId: string;
  planet: string;
  holdingId: string;
  expiresAt: Date;
  certificateNumber: string;
  /** The object's account (assets.account_id): its holder while it was never handed over. */
  accountId: string;
}

/** The object a holder names, by planet and id: its title, certificate number and account. */
export function findHeldAsset(
  db: Queryable,
  planet: string,
  assetId: string,
): Promise<{ title: string; certificateNumber: string; accountId: string } | undefined> {
  return queryFirst(
    db,
    `SELECT title, certificate_number AS "certificateNumber", account_id AS "accountId"
     FROM assets WHERE planet = $1 AND id = $2`,
    [planet, assetId],
  );
}

/** A proof as written: its code's hash only, the holding it was made for, its end. */
type NewHoldingProof = Omit<StoredHoldingProof, 'certificateNumber' | 'accountId'> & { codeHash: string };

export async function insertHoldingProof(db: Queryable, proof: NewHoldingProof): Promise<void> {
  await db.query(
    `INSERT INTO holding_proofs (id, asset_id, planet, holding_id, code_hash, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [proof.id, proof.assetId, proof.planet, proof.holdingId, proof.codeHash, proof.expiresAt],
  );
}

/** The proof whose code hashes to `codeHash`, when it is a proof for the certificate `certificateNumber`. */
export function findHoldingProof(
  db: Queryable,
  codeHash: string,
  certificateNumber: string,
): Promise<StoredHoldingProof | undefined> {
  return queryFirst<StoredHoldingProof>(
    db,
    `SELECT p.id, p.asset_id AS "assetId", p.planet, p.holding_id AS "holdingId", p.expires_at AS "expiresAt",
            a.certificate_number AS "certificateNumber", a.account_id AS "accountId"
     FROM holding_proofs p JOIN assets a ON a.planet = p.planet AND a.id = p.asset_id
     WHERE p.code_hash = $1 AND a.certificate_number = $2`,
    [codeHash, certificateNumber],
  );
}

/** The current holding of an object: its row, or none while the object was never handed over (held by account_id). */
export interface CurrentHolding {
  holdingId: string;
  holderKind: 'account' | 'collector';
  accountId: string | null;
  collectorId: string | null;
  commitment: string;
}

/** The object's current holding row, if it was ever handed over. */
export async function readCurrentHolding(
  db: Queryable,
  planet: string,
  assetId: string,
): Promise<CurrentHolding | undefined> {
  return queryFirst<CurrentHolding>(
    db,
    `SELECT id AS "holdingId", holder_kind AS "holderKind", holder_account_id AS "accountId",
            collector_id AS "collectorId", commitment
     FROM asset_holdings WHERE planet = $1 AND asset_id = $2 AND until IS NULL`,
    [planet, assetId],
  );
}

/** One holding of an object as the public may learn of it: who by kind, never the collector's id or commitment. */
export interface ProvenanceEntry {
  holder: 'registrant' | 'account' | 'collector' | 'former_collector';
  accountId?: string;
  /** A collector's name, only when they chose to be named (collectors.show_name). */
  publicName?: string | null;
  since: string;
}

/** An object's holdings oldest first (docs/collectors.md): empty while it was never handed over. */
export async function readProvenance(
  db: Queryable,
  planet: string,
  assetId: string,
): Promise<ProvenanceEntry[]> {
  const rows = await queryAll<{
    holder_kind: 'account' | 'collector';
    holder_account_id: string | null;
    public_name: string | null;
    show_name: boolean | null;
    erased_at: Date | null;
    since: Date;
    is_registrant: boolean;
  }>(
    db,
    // The registrant's row: the first, begun by no hand-over, of the object's own account.
    `SELECT h.holder_kind, h.holder_account_id, c.public_name, c.show_name, c.erased_at, h.since,
            (row_number() OVER (ORDER BY h.since, h.until NULLS LAST) = 1
              AND h.handover_id IS NULL AND h.holder_account_id = a.account_id) AS is_registrant
     FROM asset_holdings h
       JOIN assets a ON a.planet = h.planet AND a.id = h.asset_id
       LEFT JOIN collectors c ON c.id = h.collector_id
     WHERE h.planet = $1 AND h.asset_id = $2
     ORDER BY h.since, h.until NULLS LAST`,
    [planet, assetId],
  );
  return rows.map((row) => {
    const since = new Date(row.since).toISOString();
    if (row.holder_kind === 'account')
      return {
        holder: row.is_registrant ? 'registrant' : 'account',
        accountId: row.holder_account_id!,
        since,
      };
    if (row.erased_at || row.show_name === null) return { holder: 'former_collector', since };
    return { holder: 'collector', publicName: row.show_name ? row.public_name : null, since };
  });
}
