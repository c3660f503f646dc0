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
    (certificateMoves[move].from as readonly string[]).includes(status),
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

/** Returns the certificate status after the move, or throws 409 naming the current state. */
export function assertCertificateMove(current: string, move: CertificateMove): CertificateStatus {
  const rule = certificateMoves[move];
  if (!(rule.from as readonly string[]).includes(current)) {
    throw new AppError('invalid_state', 'certificate_is', { move, state: current });
  }
  return rule.to;
}

/** Returns the asset status after the move, or throws 409 naming the current state. */
export function assertAssetStatusMove(current: string, move: AssetStatusMove): AssetStatus {
  const rule = assetStatusMoves[move];
  if (!(rule.from as readonly string[]).includes(current)) {
    throw new AppError('invalid_state', 'asset_is', { move, state: current });
  }
  return rule.to;
}

/** The asset status that goes with a certificate move: issuing a draft's certificate activates it. */
export function assetStatusAfterCertificateMove(status: string, move: CertificateMove): string {
  return move === 'issue' && status === 'draft' ? 'active' : status;
}

/** An archived asset is final: every change to it (edit, certificate move, transfer) is refused. */
export function assertNotArchived(status: string, move: string): void {
  if (status === 'archived') throw new AppError('invalid_state', 'asset_is', { move, state: status });
}

/** Owner edits (PATCH) are allowed only while the asset is not archived and its certificate is pending. */
export function assertCanUpdate(row: { status: string; certificate_status: string }): void {
  assertNotArchived(row.status, 'update');
  const certificateStatus = row.certificate_status;
  if (certificateStatus !== 'pending') {
    throw new AppError('invalid_state', 'certificate_is', { move: 'update', state: certificateStatus });
  }
}

/** An archived asset is final: it can no longer change hands. */
export function assertCanTransfer(status: string): void {
  assertNotArchived(status, 'transfer');
}

/**
 * Media are added and removed while the certificate is pending (the asset a draft): the credential signed at
 * issue lists every medium's digest, so what it certifies cannot change after it.
 */
export function assertCanChangeMedia(
  certificateStatus: string,
  move: 'add media to' | 'remove media from',
): void {
  if (certificateStatus !== 'pending') {
    throw new AppError('invalid_state', 'certificate_is', { move, state: certificateStatus });
  }
}
