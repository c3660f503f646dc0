import { limits } from '../../limits.js';
import type { Queryable } from '../../db/database.js';
import { AppError } from '../../errors/error-catalogue.js';
import { isStorableText } from '../../lib/text.js';
import { isUuid } from '../../lib/uuid.js';
import { planetOfCertificateNumber, type PlanetId } from '../../planets/planets.js';
import { certificateMoveDone, certificateMoves, type CertificateMove } from '../assets/asset-states.js';
import { toAssetRecord } from '../assets/asset-record.js';
import { lockAssetForChange, moveCertificateOfLockedAsset, type AssetRow } from '../assets/assets.service.js';
import type { AssetRecordType } from '../assets/assets.schemas.js';
import { appendEvent } from '../chain/history-events.service.js';
import { recordCredentialMove } from '../credentials/certificate-credentials.service.js';
import { recordCertificateNotice } from '../notices/notice-events.service.js';
import type { DocumentSigner } from '../signing/document-signer.js';
import { notifyWatchers, recordWebhookEvent } from '../webhooks/outbox.service.js';
import {
  countCertificatesByPlanetAndStatus,
  listCertificateRows,
  type CertificateListRow,
} from './certificate-moves.repository.js';

/** The moves a watcher is told of (docs/alerts.md): a certificate already issued changes its standing. */
const WATCHED_MOVES = new Set<CertificateMove>(['suspend', 'reinstate', 'revoke']);

export const certificateMoveNames = Object.keys(certificateMoves) as CertificateMove[];

/** Who made the move: a signed-in administrator, or a script holding AVS_ADMIN_TOKEN. */
export type AdminActor = { adminUserId: string } | { adminToken: true };

/** The certificate as webhooks and the admin application see it. */
export function toCertificate(row: AssetRow) {
  return {
    certificate_number: row.certificate_number,
    status: row.certificate_status,
    planet: row.planet,
    asset_id: row.id,
    title: row.title,
    account_id: row.account_id,
    issued_at: row.issued_at?.toISOString() ?? null,
    revoked_at: row.revoked_at?.toISOString() ?? null,
    reason: row.status_reason,
  };
}

function normaliseReason(move: CertificateMove, reason: string | null | undefined): string | null {
  const trimmed = reason?.trim() ?? '';
  if (trimmed.length > limits.stringLength) {
    throw new AppError('validation_failed', 'too_long', { field: 'reason', max: limits.stringLength });
  }
  if (!isStorableText(trimmed)) throw new AppError('validation_failed', 'unstorable', { field: 'reason' });
  if (move === 'revoke' && trimmed.length === 0) {
    throw new AppError('validation_failed', 'reason_required', { move });
  }
  return trimmed.length > 0 ? trimmed : null;
}

function certificatePlanet(certificateNumber: string): PlanetId {
  const planet = planetOfCertificateNumber(certificateNumber);
  if (!planet) {
    throw new AppError('certificate_not_found', 'no_certificate', { number: certificateNumber });
  }
  return planet;
}

/**
 * Issues, rejects, suspends, reinstates or revokes a certificate (DESIGN section 3). Runs inside the
 * caller's transaction: the row lock, the change, its event and its outbox row commit together.
 */
export async function moveCertificate(
  tx: Queryable,
  input: {
    certificateNumber: string;
    move: CertificateMove;
    reason?: string | null;
    actor: AdminActor;
    /** Signs the credential at issue; without it the credential is signed at its first read. */
    credentialSigner?: DocumentSigner;
  },
): Promise<{ asset: AssetRecordType; certificate: ReturnType<typeof toCertificate>; from: string }> {
  const reason = normaliseReason(input.move, input.reason);
  const planet = certificatePlanet(input.certificateNumber);
  const current = await lockAssetForChange(tx, planet, { certificateNumber: input.certificateNumber });
  if (!current) {
    throw new AppError('certificate_not_found', 'no_certificate', { number: input.certificateNumber });
  }

  const rule = certificateMoves[input.move];
  const updated = await moveCertificateOfLockedAsset(tx, current, input.move, reason);
  const to = updated.certificate_status;

  const adminUserId = 'adminUserId' in input.actor ? input.actor.adminUserId : null;
  await appendEvent(tx, {
    assetId: updated.id,
    planet,
    eventType: rule.eventType,
    payload: {
      source: 'admin',
      admin_user_id: adminUserId ?? 'token',
      from: current.certificate_status,
      to,
      ...(reason !== null ? { reason } : {}),
    },
    actorAccountId: adminUserId,
  });
  await recordCredentialMove(
    tx,
    { planet, assetId: updated.id, certificateStatus: to, issued: input.move === 'issue' },
    input.credentialSigner,
  );
  const certificate = toCertificate(updated);
  const asset = toAssetRecord(updated);
  await recordWebhookEvent(tx, {
    accountId: updated.account_id,
    eventType: rule.webhookEventType,
    payload: { asset, certificate: { ...certificate, previous_status: current.certificate_status } },
  });
  await recordCertificateNotice(tx, input.move, updated);
  if (WATCHED_MOVES.has(input.move)) {
    await notifyWatchers(tx, {
      certificateNumber: updated.certificate_number,
      planet,
      change: `certificate_${certificateMoveDone(input.move)}`,
      certificateStatus: to,
      alert: asset.alert,
      occurredAt: updated.updated_at.toISOString(),
    });
  }
  return { asset, certificate, from: current.certificate_status };
}

export interface CertificateListItem extends ReturnType<typeof toCertificate> {
  account_name: string;
  created_at: string;
  asset_status: string;
  fields: Record<string, unknown>;
}

const MAX_LIST_LIMIT = 500;

/** Certificates for review: oldest first, optionally one status and one planet. */
export async function listCertificates(
  db: Queryable,
  filter: { status?: string; planet?: string; limit?: number } = {},
): Promise<CertificateListItem[]> {
  const rows = await listCertificateRows(db, {
    certificateStatus: filter.status,
    planet: filter.planet,
    limit: Math.min(filter.limit ?? 100, MAX_LIST_LIMIT),
  });
  return rows.map(toCertificateListItem);
}

function toCertificateListItem(row: CertificateListRow): CertificateListItem {
  return {
    ...toCertificate(row),
    account_name: row.account_name,
    created_at: row.created_at.toISOString(),
    asset_status: row.status,
    fields: row.attributes,
  };
}

/** One asset as the review queue shows it (the admin asset page); undefined when there is none. */
export async function findCertificateOfAsset(
  db: Queryable,
  planet: string,
  assetId: string,
): Promise<CertificateListItem | undefined> {
  if (!isUuid(assetId)) return undefined;
  const [row] = await listCertificateRows(db, { planet, assetId, limit: 1 });
  return row ? toCertificateListItem(row) : undefined;
}

/** Count of certificates per planet and status, for the dashboard. */
export async function certificateCounts(db: Queryable): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const row of await countCertificatesByPlanetAndStatus(db)) {
    counts.set(`${row.planet}:${row.certificate_status}`, row.count);
  }
  return counts;
}
