import { configDefinitions, type Config } from '../../config.js';
import type { Queryable } from '../../db/database.js';
import { AppError } from '../../errors/error-catalogue.js';
import { mailWindow } from './mail-outbox.repository.js';

/** The window the sending limits count in: one hour. */
const SENDING_WINDOW_MS = 60 * 60 * 1000;

/**
 * The messages a person's request causes (an invitation, a link asked for on a page): the ones a flood of requests
 * could multiply, so the ones the limits count. Notices follow what happens to an account and are not counted.
 * A sender of a new kind of requested message adds it here.
 */
const REQUESTED_MAIL_KINDS = [
  'invitation',
  'address_proof',
  'sign_in_link',
  'collection_sign_in_link',
  'password_reset',
] as const;

export interface SendingLimits {
  /** Requested messages per hour on behalf of one account (AVS_MAIL_LIMIT_PER_ACCOUNT). */
  perAccount: number;
  /** Requested messages per hour to one address (AVS_MAIL_LIMIT_PER_RECIPIENT). */
  perRecipient: number;
}

export function sendingLimits(
  config: Pick<Config, 'AVS_MAIL_LIMIT_PER_ACCOUNT' | 'AVS_MAIL_LIMIT_PER_RECIPIENT'>,
): SendingLimits {
  return { perAccount: config.AVS_MAIL_LIMIT_PER_ACCOUNT, perRecipient: config.AVS_MAIL_LIMIT_PER_RECIPIENT };
}

export const DEFAULT_SENDING_LIMITS: SendingLimits = {
  perAccount: configDefinitions.AVS_MAIL_LIMIT_PER_ACCOUNT.default,
  perRecipient: configDefinitions.AVS_MAIL_LIMIT_PER_RECIPIENT.default,
};

/** Which limit a message would pass, and when there is room again. */
export interface SendingRefusal {
  limit: 'account' | 'recipient';
  retryAfterSeconds: number;
}

/**
 * Whether one more requested message to `recipient` (on behalf of `accountId`, when there is one) stays within the
 * limits: undefined when it does. Counted in the mail outbox, so across instances; call it in the transaction that
 * queues the message (an account's invitations wait for each other on the account's row, so its count is exact).
 */
export async function sendingRefusal(
  db: Queryable,
  request: { recipient: string; accountId?: string; limits: SendingLimits },
): Promise<SendingRefusal | undefined> {
  if (request.accountId) {
    const refusal = await refusalOf(
      db,
      'account',
      { accountId: request.accountId },
      request.limits.perAccount,
    );
    if (refusal) return refusal;
  }
  return refusalOf(db, 'recipient', { recipient: request.recipient }, request.limits.perRecipient);
}

/** One limit's count of requested messages in the window: a refusal once it reaches `limit`. */
async function refusalOf(
  db: Queryable,
  kind: SendingRefusal['limit'],
  counted: { accountId: string } | { recipient: string },
  limit: number,
): Promise<SendingRefusal | undefined> {
  const window = await mailWindow(db, {
    ...counted,
    kinds: REQUESTED_MAIL_KINDS,
    windowMs: SENDING_WINDOW_MS,
    limit,
  });
  return window.count >= limit ? { limit: kind, retryAfterSeconds: window.freesInSeconds } : undefined;
}

/**
 * The sending limits as a refusal: 429 `rate_limited` with `Retry-After`, before the message is queued (issue #48,
 * item 7). For a request whose answer must not say whether a message went (a sign-in link), use sendingRefusal.
 */
export async function checkSendingLimits(
  db: Queryable,
  request: { recipient: string; accountId?: string; limits: SendingLimits },
): Promise<void> {
  const refusal = await sendingRefusal(db, request);
  if (!refusal) return;
  const { retryAfterSeconds } = refusal;
  throw new AppError('rate_limited', refusal.limit === 'account' ? 'mail_account' : 'mail_recipient', {
    retryAfterSeconds,
  }).withHeaders({ 'retry-after': String(retryAfterSeconds) });
}
