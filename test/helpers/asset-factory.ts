import type { FastifyInstance } from 'fastify';
import type { Database } from '../../src/db/database.js';
import { appendEvent } from '../../src/modules/history/history-events.service.js';

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

/**
 * Stands in for the admin's issue move (built elsewhere): sets the certificate issued and appends
 * the CERTIFICATE_ISSUED event under the row lock, so the chain stays valid.
 */
export async function issueCertificateForTest(db: Database, planet: string, assetId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('SELECT id FROM assets WHERE planet = $1 AND id = $2 FOR UPDATE', [planet, assetId]);
    await tx.query(
      `UPDATE assets SET certificate_status = 'issued',
         status = CASE WHEN status = 'draft' THEN 'active' ELSE status END, issued_at = now()
       WHERE planet = $1 AND id = $2`,
      [planet, assetId],
    );
    await appendEvent(tx, {
      assetId,
      planet,
      eventType: 'CERTIFICATE_ISSUED',
      payload: { source: 'test' },
      actorAccountId: null,
    });
  });
}

/** Sets a certificate status directly, for the states the admin moves would reach. */
export async function setCertificateStatusForTest(
  db: Database,
  planet: string,
  assetId: string,
  status: string,
  reason: string | null = null,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('SELECT id FROM assets WHERE planet = $1 AND id = $2 FOR UPDATE', [planet, assetId]);
    await tx.query(
      `UPDATE assets SET certificate_status = $3, status_reason = $4,
         revoked_at = CASE WHEN $3 = 'revoked' THEN now() ELSE revoked_at END
       WHERE planet = $1 AND id = $2`,
      [planet, assetId, status, reason],
    );
    await appendEvent(tx, {
      assetId,
      planet,
      eventType: `CERTIFICATE_${status.toUpperCase()}`,
      payload: reason ? { reason } : {},
      actorAccountId: null,
    });
  });
}
