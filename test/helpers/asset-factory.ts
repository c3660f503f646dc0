import type { FastifyInstance } from 'fastify';
import type { Database } from '../../src/db/database.js';
import type { CertificateMove } from '../../src/modules/assets/asset-states.js';
import { moveCertificate } from '../../src/modules/certificates/certificate-moves.service.js';

export interface CreatedAsset {
  id: string;
  planet: string;
  certificate_number: string;
  [field: string]: unknown;
}

/** Creates an asset over the API and fails the test unless it is created. */
export async function createAssetViaApi(
  app: FastifyInstance,
  auth: { authorization: string },
  planet = 'artworks',
  body: Record<string, unknown> = { title: 'Water Lilies', medium: 'Oil on canvas', year: 1916 },
): Promise<CreatedAsset> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/v1/assets/${planet}`,
    headers: auth,
    payload: body,
  });
  if (response.statusCode !== 201) {
    throw new Error(`asset create failed: ${response.statusCode} ${response.body}`);
  }
  return response.json<CreatedAsset>();
}

/** What POST /api/v1/verify answers, as far as the tests read it. */
export interface VerifiedAnswer {
  id: string;
  verified: boolean;
  checks: { name: string; passed: boolean }[];
  [field: string]: unknown;
}

/** Verifies an asset over the API by planet and id, and fails the test unless it is answered 200. */
export async function verifyViaApi(
  app: FastifyInstance,
  auth: { authorization: string },
  asset: { planet: string; id: string },
): Promise<VerifiedAnswer> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/verify',
    headers: auth,
    payload: { planet: asset.planet, asset_id: asset.id },
  });
  if (response.statusCode !== 200) throw new Error(`verify failed: ${response.statusCode} ${response.body}`);
  return response.json<VerifiedAnswer>();
}

/** Makes a certificate move as an administrator does: the certificate-moves service, in one transaction. */
export async function moveCertificateForTest(
  db: Database,
  asset: { certificate_number: string },
  move: CertificateMove,
  reason: string | null = null,
): Promise<void> {
  await db.transaction((tx) =>
    moveCertificate(tx, {
      certificateNumber: asset.certificate_number,
      move,
      reason,
      actor: { adminToken: true },
    }),
  );
}

/** Issues the asset's pending certificate (the admin's issue move). */
export async function issueCertificateForTest(
  db: Database,
  asset: { certificate_number: string },
): Promise<void> {
  await moveCertificateForTest(db, asset, 'issue');
}

/** The operator issues a certificate as a person at the admin API does (POST /admin/api/certificates/{number}/issue). */
export async function issueThroughAdminApi(
  app: FastifyInstance,
  adminToken: string,
  certificateNumber: string,
): Promise<void> {
  const issued = await app.inject({
    method: 'POST',
    url: `/admin/api/certificates/${certificateNumber}/issue`,
    headers: { authorization: `Bearer ${adminToken}` },
    payload: {},
  });
  if (issued.statusCode !== 200) throw new Error(`issue failed: ${issued.statusCode} ${issued.body}`);
}

const moveTo: Record<string, CertificateMove> = {
  issued: 'issue',
  rejected: 'reject',
  suspended: 'suspend',
  revoked: 'revoke',
};

/** Brings the certificate to `status` by the admin move that leads there (a revocation needs a reason). */
export async function setCertificateStatusForTest(
  db: Database,
  asset: { certificate_number: string },
  status: string,
  reason: string | null = null,
): Promise<void> {
  const move = moveTo[status];
  if (!move) throw new Error(`no certificate move leads to ${status}`);
  await moveCertificateForTest(db, asset, move, reason ?? (move === 'revoke' ? 'Revoked by a test' : null));
}

/** Offers the asset to `to` and accepts it as `to` (a transfer needs the receiver's consent: docs/api.md, "Transfers"). */
export async function transferViaApi(
  app: FastifyInstance,
  asset: { id: string; planet?: string },
  fromAuth: { authorization: string },
  to: { accountId: string; auth: { authorization: string } },
): Promise<{ transferId: string; asset: CreatedAsset & { account_id: string } }> {
  const offered = await app.inject({
    method: 'POST',
    url: `/api/v1/assets/${asset.planet ?? 'artworks'}/${asset.id}/transfer`,
    headers: fromAuth,
    payload: { to_account_id: to.accountId },
  });
  if (offered.statusCode !== 202) throw new Error(`offer failed: ${offered.statusCode} ${offered.body}`);
  const transferId = offered.json<{ transfer: { id: string } }>().transfer.id;
  const accepted = await app.inject({
    method: 'POST',
    url: `/api/v1/transfers/${transferId}/accept`,
    headers: to.auth,
  });
  if (accepted.statusCode !== 200) throw new Error(`accept failed: ${accepted.statusCode} ${accepted.body}`);
  return { transferId, asset: accepted.json<{ asset: CreatedAsset & { account_id: string } }>().asset };
}
