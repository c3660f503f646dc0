import type { Database, Queryable } from '../../../db/database.js';
import { AppError } from '../../../errors/error-catalogue.js';
import { isStorableText } from '../../../lib/text.js';
import { erasePersonIfInNoAccount } from '../../members/collection-links.service.js';
import { listPasskeys, removePasskey, type Passkey } from '../../passkeys/passkeys.service.js';
import { deleteSessionsOfCollector } from '../shell/collector-sessions.repository.js';
import { eraseCollectorRow, findCollectorById, updateCollectorName } from '../shell/collectors.repository.js';

const NAME_MAX_LENGTH = 200;

/** What "My details" shows: the name they may show, whether they show it, their passkeys. */
export interface CollectorDetails {
  publicName: string;
  showName: boolean;
  passkeys: Passkey[];
}

export async function collectorDetails(
  db: Queryable,
  session: { collectorId: string; personId: string },
): Promise<CollectorDetails> {
  const [collector, passkeys] = await Promise.all([
    findCollectorById(db, session.collectorId),
    listPasskeys(db, session.personId),
  ]);
  return { publicName: collector?.public_name ?? '', showName: collector?.show_name ?? false, passkeys };
}

/**
 * Removes one of the collector's passkeys, the last one too: a mailed link always signs a collector in. A person who
 * is also a member of an account keeps the console's rule (their last passkey stays, 409 `last_sign_in_method`).
 */
export async function removeCollectorPasskey(
  db: Database,
  session: { personId: string },
  passkeyId: string,
): Promise<void> {
  await removePasskey(db, session.personId, passkeyId, undefined, { mailedLinkRemains: true });
}

/** The name a collector may show in provenance, and whether they show it (never without a name). */
export async function saveCollectorName(
  db: Queryable,
  collectorId: string,
  input: { publicName: string; showName: boolean },
): Promise<void> {
  const name = input.publicName.trim();
  if (name.length > NAME_MAX_LENGTH)
    throw new AppError('validation_failed', 'too_long', { field: 'public_name', max: NAME_MAX_LENGTH });
  if (!isStorableText(name)) throw new AppError('validation_failed', 'unstorable', { field: 'public_name' });
  if (input.showName && name === '')
    throw new AppError('validation_failed', 'required', { field: 'public_name' });
  await updateCollectorName(db, collectorId, {
    publicName: name === '' ? null : name,
    showName: input.showName,
  });
}

/**
 * The collector leaves (docs/collectors.md): in one transaction, their name and person link go, every salt of their
 * holdings is erased (the chain's commitments then name nobody and still verify), their open offers end, their
 * sessions end; a person in no account goes with their address and passkeys, a member keeps both for their account.
 * What they still hold reads "held by a former collector".
 */
export async function leaveCollection(
  db: Database,
  session: { collectorId: string; personId: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    await eraseCollectorRow(tx, session.collectorId);
    await deleteSessionsOfCollector(tx, session.collectorId);
    await erasePersonIfInNoAccount(tx, session.personId);
  });
}
