import { AppError } from '../../errors/error-catalogue.js';
import type { WebhookEventType } from '../webhooks/webhook-event-types.js';

/**
 * The one state table of an asset (docs/api.md). Every move, over the API or the admin
 * application, asks this module first; a move not listed here is refused with 409 invalid_state.
 */
export const assetStatuses = ['draft', 'active', 'archived'] as const;
export type AssetStatus = (typeof assetStatuses)[number];

export const certificateStatuses = ['pending', 'issued', 'suspended', 'revoked', 'rejected'] as const;
export type CertificateStatus = (typeof certificateStatuses)[number];

/** The states of a new asset (the columns' defaults in the schema). */
export const initialAssetStatus: AssetStatus = 'draft';
export const initialCertificateStatus: CertificateStatus = 'pending';

interface CertificateMoveRule {
  from: readonly CertificateStatus[];
  to: CertificateStatus;
  eventType: string;
  webhookEventType: WebhookEventType;
}

export const certificateMoves = {
  issue: {
    from: ['pending'],
    to: 'issued',
    eventType: 'CERTIFICATE_ISSUED',
    webhookEventType: 'certificate.issued',
  },
  reject: {
    from: ['pending'],
    to: 'rejected',
    eventType: 'CERTIFICATE_REJECTED',
    webhookEventType: 'certificate.updated',
  },
  suspend: {
    from: ['issued'],
    to: 'suspended',
    eventType: 'CERTIFICATE_SUSPENDED',
    webhookEventType: 'certificate.updated',
  },
  reinstate: {
    from: ['suspended'],
    to: 'issued',
    eventType: 'CERTIFICATE_REINSTATED',
    webhookEventType: 'certificate.updated',
  },
  revoke: {
    from: ['pending', 'issued', 'suspended'],
    to: 'revoked',
    eventType: 'CERTIFICATE_REVOKED',
    webhookEventType: 'certificate.updated',
  },
} as const satisfies Record<string, CertificateMoveRule>;
export type CertificateMove = keyof typeof certificateMoves;

/** The moves the table allows from a certificate status, in the table's order. */
export function certificateMovesFrom(status: string): CertificateMove[] {
  return (Object.keys(certificateMoves) as CertificateMove[]).filter((move) =>
    canMoveCertificate(status, move),
  );
}

/** "revoke" → "revoked": the word its event type ends in (CERTIFICATE_REVOKED). */
export function certificateMoveDone(move: CertificateMove): string {
  return certificateMoves[move].eventType.replace(/^CERTIFICATE_/, '').toLowerCase();
}

const assetStatusMoves = {
  // Made by the service itself when the asset's certificate is issued.
  activate: { from: ['draft'], to: 'active' },
  archive: { from: ['draft', 'active'], to: 'archived' },
} as const satisfies Record<string, { from: readonly AssetStatus[]; to: AssetStatus }>;
export type AssetStatusMove = keyof typeof assetStatusMoves;

/**
 * The plain questions of the table. Every assertion below is built on them, and every page asks them instead of
 * spelling a state itself, so a rule is written once.
 */

/** May the certificate make this move from its current status? */
export function canMoveCertificate(current: string, move: CertificateMove): boolean {
  return (certificateMoves[move].from as readonly string[]).includes(current);
}

/** May the asset make this status move (archive, or activate at issue)? */
function canMoveAssetStatus(current: string, move: AssetStatusMove): boolean {
  return (assetStatusMoves[move].from as readonly string[]).includes(current);
}

/** An archived asset is final: no edit, certificate move, transfer or print. */
export function isArchived(status: string): boolean {
  return status === 'archived';
}

/** Is the certificate issued now (not pending, suspended, revoked or rejected)? */
export function isIssued(certificateStatus: string): boolean {
  return certificateStatus === 'issued';
}

/** Was the certificate ever issued (issued now, suspended or revoked after it): it has a credential and a day of issue. */
export function wasIssued(
  certificateStatus: string,
): certificateStatus is 'issued' | 'suspended' | 'revoked' {
  return (
    certificateStatus === 'issued' || certificateStatus === 'suspended' || certificateStatus === 'revoked'
  );
}

/**
 * Media are added and removed while the certificate is pending (the asset a draft): the credential signed at
 * issue lists every medium's digest, so what it certifies cannot change after it.
 */
export function canChangeMedia(certificateStatus: string): boolean {
  return certificateStatus === 'pending';
}

/** Owner edits (PATCH): only while the asset is not archived and its certificate is pending. */
export function canUpdate(row: { status: string; certificate_status: string }): boolean {
  return !isArchived(row.status) && row.certificate_status === 'pending';
}

/** Why an owner edit is refused, as assertCanUpdate names it: the archived asset first, else the certificate's status. */
export type UpdateRefusal = 'archived' | Exclude<CertificateStatus, 'pending'>;

/** The reason an owner edit is refused, for a page to say in words; undefined while it can change (canUpdate). */
export function whyNotUpdatable(row: {
  status: string;
  certificate_status: string;
}): UpdateRefusal | undefined {
  if (canUpdate(row)) return undefined;
  return isArchived(row.status) ? 'archived' : (row.certificate_status as UpdateRefusal);
}

/** An archived asset can no longer change hands. */
export function canTransfer(status: string): boolean {
  return !isArchived(status);
}

/** A printed certificate must say what /c/{number} says: only an issued certificate of an asset not archived. */
export function canPrintCertificate(row: { status: string; certificate_status: string }): boolean {
  return isIssued(row.certificate_status) && !isArchived(row.status);
}

/** Returns the certificate status after the move, or throws 409 naming the current state. */
export function assertCertificateMove(current: string, move: CertificateMove): CertificateStatus {
  if (!canMoveCertificate(current, move)) {
    throw new AppError('invalid_state', 'certificate_is', { move, state: current });
  }
  return certificateMoves[move].to;
}

/** Returns the asset status after the move, or throws 409 naming the current state. */
export function assertAssetStatusMove(current: string, move: AssetStatusMove): AssetStatus {
  if (!canMoveAssetStatus(current, move)) {
    throw new AppError('invalid_state', 'asset_is', { move, state: current });
  }
  return assetStatusMoves[move].to;
}

/** The asset status that goes with a certificate move: issuing a draft's certificate activates it. */
export function assetStatusAfterCertificateMove(status: string, move: CertificateMove): string {
  return move === 'issue' && canMoveAssetStatus(status, 'activate') ? assetStatusMoves.activate.to : status;
}

/** An archived asset is final: every change to it (edit, certificate move, transfer) is refused. */
export function assertNotArchived(status: string, move: string): void {
  if (isArchived(status)) throw new AppError('invalid_state', 'asset_is', { move, state: status });
}

/** Owner edits (PATCH): refused with 409 naming the archived asset first, else the certificate's status. */
export function assertCanUpdate(row: { status: string; certificate_status: string }): void {
  if (canUpdate(row)) return;
  assertNotArchived(row.status, 'update');
  throw new AppError('invalid_state', 'certificate_is', { move: 'update', state: row.certificate_status });
}

/** An archived asset is final: it can no longer change hands. */
export function assertCanTransfer(status: string): void {
  if (!canTransfer(status)) assertNotArchived(status, 'transfer');
}

/** The changes of an asset's media, as a refusal names them ("Cannot add media to an asset whose …"). */
export type MediaMove = 'add media to' | 'remove media from' | 'change media visibility on';

/** Media change only while the certificate is pending (canChangeMedia); otherwise 409 naming its status. */
export function assertCanChangeMedia(certificateStatus: string, move: MediaMove): void {
  if (!canChangeMedia(certificateStatus)) {
    throw new AppError('invalid_state', 'certificate_is', { move, state: certificateStatus });
  }
}

/** Printing: 409 naming the certificate's status when it is not issued, else the archived asset. */
export function assertCanPrintCertificate(row: { status: string; certificate_status: string }): void {
  if (canPrintCertificate(row)) return;
  const move = 'print the certificate of';
  if (!isIssued(row.certificate_status)) {
    throw new AppError('invalid_state', 'certificate_is', { move, state: row.certificate_status });
  }
  assertNotArchived(row.status, move);
}
