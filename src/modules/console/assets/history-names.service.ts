import type { Queryable } from '../../../db/database.js';
import { accountNamesByIds } from '../../accounts/accounts.service.js';
import { apiKeyNamesByIds } from '../../keys/keys.service.js';
import { memberNamesByIds } from '../../members/members.service.js';
import type { HistoryNames } from '../../web-pages/history-timeline.views.js';

/** Who reads a history page: an account's member (the console), or the operator (/admin). */
type HistoryReader = { accountId: string } | { operator: true };

interface NamedEvent {
  event_type: string;
  payload: Record<string, unknown>;
  actor_account_id: string | null;
}

function idsOf(events: readonly NamedEvent[], field: string): string[] {
  const ids = events.map((event) => event.payload[field]).filter((id) => typeof id === 'string');
  return [...new Set(ids)];
}

/**
 * The names of the people, keys and accounts `events` name. A member of an account is told the names of its own
 * members and keys, and of the accounts it handed an asset to or received it from (it saw them on the offer), never
 * the people of an account before it; the operator is told every name.
 */
export async function namesInHistory(
  db: Queryable,
  events: readonly NamedEvent[],
  reader: HistoryReader,
): Promise<HistoryNames> {
  const readerAccountId = 'accountId' in reader ? reader.accountId : null;
  const transfers = events.filter((event) => event.event_type === 'OWNERSHIP_TRANSFERRED');
  const seenByReader =
    readerAccountId === null
      ? transfers
      : transfers.filter(
          (event) =>
            event.payload.from_account_id === readerAccountId ||
            event.payload.to_account_id === readerAccountId,
        );
  const accountIds = [...idsOf(seenByReader, 'from_account_id'), ...idsOf(seenByReader, 'to_account_id')];
  // A consignment names the account that accepted it (its event's account), as the public provenance does.
  for (const event of transfers)
    if (event.payload.kind === 'consignment' && event.actor_account_id)
      accountIds.push(event.actor_account_id);
  // The operator reads the account of an event that names no one else (a verification recorded before #11).
  if (readerAccountId === null)
    accountIds.push(...events.flatMap((event) => (event.actor_account_id ? [event.actor_account_id] : [])));
  const [members, keys, accounts] = await Promise.all([
    memberNamesByIds(db, idsOf(events, 'member_id'), readerAccountId),
    apiKeyNamesByIds(db, idsOf(events, 'api_key_id'), readerAccountId),
    accountNamesByIds(db, [...new Set(accountIds)]),
  ]);
  return { readerAccountId, members, keys, accounts };
}
