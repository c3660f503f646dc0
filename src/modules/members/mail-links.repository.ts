import { firstRowQuery, type Queryable } from '../../db/database.js';

/** What a link mailed to a person's address is for (migrations 421, 460). */
export type MailLinkPurpose = 'prove_address' | 'sign_in' | 'collection_sign_in';

export interface MailLinkRow {
  id: string;
  person_id: string;
  purpose: MailLinkPurpose;
  email: string;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
  /** The database's clock at the read, so that "expired" is decided by one clock. */
  now: Date;
}

const COLUMNS = 'id, person_id, purpose, email, created_at, expires_at, used_at, now() AS now';

/** A new link; the person's earlier unused links of the same purpose stop working, and long-expired ones go. */
export async function insertMailLink(
  db: Queryable,
  link: {
    id: string;
    personId: string;
    purpose: MailLinkPurpose;
    email: string;
    tokenHash: string;
    expiresInMs: number;
  },
): Promise<MailLinkRow> {
  await db.query(`DELETE FROM person_mail_links WHERE expires_at < now() - interval '1 day'`);
  await db.query(
    `UPDATE person_mail_links SET used_at = now()
     WHERE person_id = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()`,
    [link.personId, link.purpose],
  );
  await db.query(
    `INSERT INTO person_mail_links (id, person_id, purpose, email, token_hash, expires_at)
     VALUES ($1, $2, $3, $4, $5, now() + $6 * interval '1 millisecond')`,
    [link.id, link.personId, link.purpose, link.email, link.tokenHash, link.expiresInMs],
  );
  return (await findMailLinkById(db, link.id))!;
}

const findMailLinkById = firstRowQuery<MailLinkRow, [id: string]>(
  `SELECT ${COLUMNS} FROM person_mail_links WHERE id = $1`,
);

export const findMailLinkByTokenHash = firstRowQuery<
  MailLinkRow,
  [tokenHash: string, purpose: MailLinkPurpose]
>(`SELECT ${COLUMNS} FROM person_mail_links WHERE token_hash = $1 AND purpose = $2`);

/** The link, its row locked until the transaction ends: of two uses of one link, the second finds it used. */
export const findMailLinkByTokenHashForUpdate = firstRowQuery<
  MailLinkRow,
  [tokenHash: string, purpose: MailLinkPurpose]
>(`SELECT ${COLUMNS} FROM person_mail_links WHERE token_hash = $1 AND purpose = $2 FOR UPDATE`);

export async function markMailLinkUsed(db: Queryable, id: string): Promise<void> {
  await db.query('UPDATE person_mail_links SET used_at = now() WHERE id = $1', [id]);
}
