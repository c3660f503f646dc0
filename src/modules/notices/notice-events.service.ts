import { createHash } from 'node:crypto';
import type { Queryable } from '../../db/database.js';
import { timeOrderedId } from '../../lib/time-ordered-id.js';
import {
  findWebhookFailure,
  insertNoticeEvent,
  insertWatchAlertEvents,
  recordPersonDevice,
} from './notice-events.repository.js';

/** A day without one delivery accepted: an endpoint failing that long is worth a message (docs/mail.md). */
const WEBHOOK_FAILING_MS = 24 * 60 * 60 * 1000;

/** An asset a notice is about. */
interface NoticedAsset {
  planet: string;
  id: string;
  account_id: string;
}

/**
 * How another room reports a cause of a notice: one small row written with the caller's `tx`, so the change and
 * its notice commit together. Who is told, in which words, is decided later by the mail worker's fan-out.
 */
export async function recordCertificateNotice(
  tx: Queryable,
  move: string,
  asset: NoticedAsset & { status_reason: string | null },
): Promise<void> {
  const kind = CERTIFICATE_NOTICES[move];
  if (!kind) return;
  await insertNoticeEvent(tx, {
    id: timeOrderedId(),
    kind,
    accountId: asset.account_id,
    payload: {
      planet: asset.planet,
      asset_id: asset.id,
      ...(asset.status_reason && move !== 'issue' ? { reason: asset.status_reason } : {}),
    },
  });
}

const CERTIFICATE_NOTICES: Record<string, string | undefined> = {
  issue: 'certificate_issued',
  suspend: 'certificate_suspended',
  revoke: 'certificate_revoked',
};

/**
 * A transfer offered (told to the receiving account) or decided (told to the offering account). `otherAccountId`
 * is the account on the other side, named in the message.
 */
export async function recordTransferNotice(
  tx: Queryable,
  kind: 'transfer_offered' | 'transfer_accepted' | 'transfer_declined',
  transfer: { planet: string; assetId: string; accountId: string; otherAccountId: string },
): Promise<void> {
  await insertNoticeEvent(tx, {
    id: timeOrderedId(),
    kind,
    accountId: transfer.accountId,
    payload: {
      planet: transfer.planet,
      asset_id: transfer.assetId,
      other_account_id: transfer.otherAccountId,
    },
  });
}

/** An alert raised on an asset: its owner's members are told, and every other account watching its certificate. */
export async function recordAlertNotices(
  tx: Queryable,
  asset: NoticedAsset & { certificate_number: string },
  alert: { kind: string; occurredAt: string },
): Promise<void> {
  const payload = {
    planet: asset.planet,
    asset_id: asset.id,
    alert_kind: alert.kind,
    since: alert.occurredAt,
  };
  await insertNoticeEvent(tx, {
    id: timeOrderedId(),
    kind: 'asset_alert',
    accountId: asset.account_id,
    payload,
  });
  await insertWatchAlertEvents(tx, {
    certificateNumber: asset.certificate_number,
    ownerAccountId: asset.account_id,
    payload,
  });
}

/**
 * After a delivery that failed: when nothing has reached the webhook's endpoint for WEBHOOK_FAILING_MS, its
 * account is told once for that run of failures (the key names the run's start).
 */
export async function noticeIfWebhookFailing(tx: Queryable, webhookId: string, now: Date): Promise<void> {
  const failure = await findWebhookFailure(tx, webhookId);
  const since = failure?.failing_since;
  if (!failure || !since || now.getTime() - since.getTime() < WEBHOOK_FAILING_MS) return;
  await insertNoticeEvent(tx, {
    id: timeOrderedId(),
    kind: 'webhook_failing',
    accountId: failure.account_id,
    payload: { webhook_id: webhookId, url: failure.url, since: since.toISOString() },
    dedupeKey: `webhook_failing:${webhookId}:${since.toISOString()}`,
  });
}

/**
 * A sign-in from this browser (`device`, the long-lived random cookie's value): remembered for the person, and,
 * when the person has signed in before but never from it, a new_sign_in notice to that member alone. The first
 * sign-in ever is not new.
 */
export async function recordSignInDevice(
  db: Queryable,
  signIn: { personId: string; accountId: string; memberId: string; device: string },
): Promise<boolean> {
  const { known, seen } = await recordPersonDevice(
    db,
    signIn.personId,
    createHash('sha256').update(signIn.device).digest('hex'),
  );
  if (seen || known === 0) return false;
  await insertNoticeEvent(db, {
    id: timeOrderedId(),
    kind: 'new_sign_in',
    accountId: signIn.accountId,
    memberId: signIn.memberId,
    payload: { at: new Date().toISOString() },
  });
  return true;
}
