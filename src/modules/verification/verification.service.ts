import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.js';
import { AppError } from '../../errors/error-catalogue.js';
import type { PlanetId } from '../../planets/planets.js';
import { lockAsset } from '../assets/assets.repository.js';
import { listEvents } from '../chain/events.repository.js';
import { appendEvent } from '../chain/history-events.service.js';
import { checkHistory } from '../history/history-integrity.js';
import type { Principal } from '../keys/keys.service.js';
import { insertOutboxEvent } from '../webhooks/outbox.repository.js';
import type { VerificationCheckType, VerificationResultType } from './verification.schemas.js';

function check(name: VerificationCheckType['name'], passed: boolean, detail: string): VerificationCheckType {
  return passed ? { name, passed } : { name, passed, detail };
}

/**
 * Runs the checks of DESIGN.md section 6 and records them as a VERIFIED event and a
 * verification.completed outbox row. The asset row lock keeps concurrent verifications in line,
 * so the history stays gap-free and linear.
 */
export async function verifyAsset(
  db: Queryable,
  principal: Principal,
  planet: PlanetId,
  assetId: string,
): Promise<VerificationResultType> {
  const asset = await lockAsset(db, planet, assetId);
  if (!asset) throw new AppError('asset_not_found');
  const chain = checkHistory(await listEvents(db, asset.id));
  const checks = [
    check(
      'certificate_issued',
      asset.certificate_status === 'issued',
      `The certificate ${asset.certificate_number} is ${asset.certificate_status}, not issued.`,
    ),
    check('asset_not_archived', asset.status !== 'archived', 'The asset is archived.'),
    check(
      'history_intact',
      chain.intact,
      chain.intact ? '' : `The history chain breaks at sequence ${chain.brokenAtSequence}: ${chain.reason}.`,
    ),
  ];
  const result: VerificationResultType = {
    id: randomUUID(),
    planet,
    asset_id: asset.id,
    certificate_number: asset.certificate_number,
    certificate_status: asset.certificate_status as VerificationResultType['certificate_status'],
    status: asset.status as VerificationResultType['status'],
    verified: checks.every((entry) => entry.passed),
    checks,
    verified_at: new Date().toISOString(),
  };
  await appendEvent(db, {
    assetId: asset.id,
    planet,
    eventType: 'VERIFIED',
    payload: { ...result, verified_by_account_id: principal.accountId },
    actorAccountId: principal.accountId,
  });
  // Addressed to the owner: their webhooks learn that someone verified their asset.
  await insertOutboxEvent(db, {
    accountId: asset.account_id,
    eventType: 'verification.completed',
    payload: { verification: result },
  });
  return result;
}
