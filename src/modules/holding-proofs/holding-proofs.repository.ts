import { queryFirst, type Queryable } from '../../db/database.js';

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

export async function insertHoldingProof(
  db: Queryable,
  proof: {
    id: string;
    assetId: string;
    planet: string;
    holdingId: string;
    codeHash: string;
    expiresAt: Date;
  },
): Promise<void> {
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
