import type { Static } from '@sinclair/typebox';
import { beforeAll, describe, expect, it } from 'vitest';
import { listEvents } from '../../src/modules/chain/events.repository.js';
import { appendEvent } from '../../src/modules/chain/history-events.service.js';
import type { VerificationResult } from '../../src/modules/verification/verification.schemas.js';
import {
  createAssetViaApi,
  issueCertificateForTest,
  setCertificateStatusForTest,
  type CreatedAsset,
} from '../helpers/asset-factory.js';
import { expectSecurityRefusals, securityCases } from '../helpers/security-cases.js';
import { useTestContext, type TestContext } from '../helpers/test-app.js';

type Verification = Static<typeof VerificationResult>;

// 1,000 verifications from one key: the rate limit is not under test here.
const context = useTestContext({
  config: { AVS_RATE_LIMIT_PER_SECOND: 1_000_000, AVS_RATE_LIMIT_BURST: 1_000_000 },
});
let owner: Awaited<ReturnType<TestContext['createAccountWithKey']>>;
let verifier: Awaited<ReturnType<TestContext['createAccountWithKey']>>;

beforeAll(async () => {
  owner = await context.createAccountWithKey();
  verifier = await context.createAccountWithKey({ name: 'Auction House' });
});

const verify = (payload: unknown, headers: Record<string, string> = verifier.auth) =>
  context.app.inject({ method: 'POST', url: '/api/v1/verify', headers, payload: payload as object });

async function issuedAsset(planet = 'artworks'): Promise<CreatedAsset> {
  const asset = await createAssetViaApi(context.app, owner.auth, planet, { title: 'Verified work' });
  await issueCertificateForTest(context.db, asset);
  return asset;
}

/** A VERIFIED event as verifications wrote them before a verification became a read, chained under the asset's row lock. */
async function appendLegacyVerifiedEvent(assetId: string, planet: string): Promise<void> {
  await context.db.transaction(async (tx) => {
    await tx.query('SELECT id FROM assets WHERE planet = $1 AND id = $2 FOR UPDATE', [planet, assetId]);
    await appendEvent(tx, {
      assetId,
      planet,
      eventType: 'VERIFIED',
      payload: { verified: true, verified_by_account_id: verifier.accountId },
      actorAccountId: verifier.accountId,
    });
  });
}

/** Edits one stored event with the append-only trigger bypassed, as an attacker with SQL access could. */
async function tamper(sql: string, params: unknown[]): Promise<void> {
  await context.db.transaction(async (tx) => {
    await tx.query('SET LOCAL session_replication_role = replica');
    await tx.query(sql, params);
  });
}

describe('POST /api/v1/verify: results (docs/api.md, "Verification")', () => {
  it('an issued, live asset with an intact history is verified', async () => {
    const asset = await issuedAsset();
    const before = Date.now();
    const response = await verify({ planet: 'artworks', asset_id: asset.id });
    expect(response.statusCode).toBe(200);
    const body = response.json<Verification>();
    expect(Object.keys(body)).toEqual([
      'id',
      'planet',
      'asset_id',
      'certificate_number',
      'certificate_status',
      'status',
      'verified',
      'checks',
      'facts',
      'verified_at',
      'receipt',
    ]);
    expect(body).toMatchObject({
      planet: 'artworks',
      asset_id: asset.id,
      certificate_number: asset.certificate_number,
      certificate_status: 'issued',
      status: 'active',
      verified: true,
      checks: [
        { name: 'certificate_issued', passed: true },
        { name: 'asset_not_archived', passed: true },
        { name: 'history_intact', passed: true },
        { name: 'history_logged', passed: true },
        { name: 'no_open_alert', passed: true },
      ],
    });
    for (const check of body.checks) expect(check).not.toHaveProperty('detail');
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(body.verified_at)).toBeGreaterThanOrEqual(before - 5);
    expect(body.verified_at).toMatch(/\.\d{3}Z$/);
  });

  it('a pending certificate is not verified, and the failed check says why', async () => {
    const asset = await createAssetViaApi(context.app, owner.auth);
    const body = (await verify({ planet: 'artworks', asset_id: asset.id })).json<Verification>();
    expect(body.verified).toBe(false);
    expect(body.certificate_status).toBe('pending');
    const check = body.checks.find((entry) => entry.name === 'certificate_issued');
    expect(check).toMatchObject({ passed: false });
    expect(check?.detail).toContain('pending');
  });

  it('suspended, revoked and rejected certificates are not verified', async () => {
    for (const status of ['suspended', 'revoked', 'rejected']) {
      // A certificate is rejected while pending, suspended or revoked once issued.
      const asset =
        status === 'rejected'
          ? await createAssetViaApi(context.app, owner.auth, 'artworks', { title: 'Rejected work' })
          : await issuedAsset();
      await setCertificateStatusForTest(context.db, asset, status);
      const body = (await verify({ planet: 'artworks', asset_id: asset.id })).json();
      expect(body.verified, status).toBe(false);
      expect(body.checks[0]).toMatchObject({ name: 'certificate_issued', passed: false });
      expect(body.checks[0].detail).toContain(status);
      expect(body.checks[2]).toEqual({ name: 'history_intact', passed: true });
    }
  });

  it('an archived asset is not verified', async () => {
    const asset = await issuedAsset();
    const archive = await context.app.inject({
      method: 'POST',
      url: `/api/v1/assets/artworks/${asset.id}/archive`,
      headers: owner.auth,
    });
    expect(archive.statusCode).toBe(200);
    const body = (await verify({ planet: 'artworks', asset_id: asset.id })).json();
    expect(body.verified).toBe(false);
    expect(body.status).toBe('archived');
    expect(body.checks[1]).toMatchObject({ name: 'asset_not_archived', passed: false });
    expect(body.checks[1].detail).toMatch(/archived/);
  });

  it('the verification is kept in its own record with a verification.completed outbox row, and history does not grow', async () => {
    const asset = await issuedAsset();
    const body = (await verify({ planet: 'artworks', asset_id: asset.id })).json();
    // The record and the outbox carry the result; the signed receipt is the caller's alone.
    const { receipt: _receipt, ...result } = body;
    expect((await listEvents(context.db, asset.id)).map((event) => event.event_type)).toEqual([
      'CREATED',
      'CERTIFICATE_ISSUED',
    ]);
    const { rows: records } = await context.db.query<{
      planet: string;
      asset_id: string;
      certificate_number: string;
      verified: boolean;
      result: unknown;
      account_id: string;
      api_key_id: string;
    }>(
      'SELECT planet, asset_id, certificate_number, verified, result, account_id, api_key_id FROM verifications WHERE id = $1',
      [body.id],
    );
    expect(records).toEqual([
      {
        planet: 'artworks',
        asset_id: asset.id,
        certificate_number: asset.certificate_number,
        verified: true,
        result,
        account_id: verifier.accountId,
        api_key_id: verifier.apiKey.id,
      },
    ]);
    const { rows } = await context.db.query<{ account_id: string; payload: { verification: unknown } }>(
      "SELECT account_id, payload FROM webhook_outbox WHERE event_type = 'verification.completed' AND payload->'verification'->>'id' = $1",
      [body.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.account_id).toBe(owner.accountId);
    expect(rows[0]!.payload.verification).toEqual(result);
  });

  it('the verification record is append-only: an ordinary UPDATE or DELETE is refused', async () => {
    const asset = await issuedAsset();
    const { id } = (await verify({ planet: 'artworks', asset_id: asset.id })).json();
    await expect(
      context.db.query('UPDATE verifications SET verified = false WHERE id = $1', [id]),
    ).rejects.toThrow(/append-only/);
    await expect(context.db.query('DELETE FROM verifications WHERE id = $1', [id])).rejects.toThrow(
      /append-only/,
    );
  });
});

describe('POST /api/v1/verify with a certificate number', () => {
  it('verifies the asset that holds the number, as the planet and id form does', async () => {
    const asset = await issuedAsset('watches');
    // The issue event logged before both: else the log's background run may log it between them (facts.log).
    await context.app.tlogIntegrator!.runOnce();
    const byNumber = await verify({ certificate_number: asset.certificate_number });
    expect(byNumber.statusCode).toBe(200);
    const byId = (await verify({ planet: 'watches', asset_id: asset.id })).json();
    // Each verification has its own id, time and receipt; everything else is the same.
    const { id: _byNumberId, verified_at: _byNumberAt, receipt: _r1, ...sameByNumber } = byNumber.json();
    const { id: _byIdId, verified_at: _byIdAt, receipt: _r2, ...sameById } = byId;
    expect(sameByNumber).toEqual(sameById);
    expect(sameByNumber).toMatchObject({ planet: 'watches', asset_id: asset.id, verified: true });
  });

  it('400: both forms at once, or a certificate number that is not a string', async () => {
    const asset = await issuedAsset();
    for (const payload of [
      { certificate_number: asset.certificate_number, planet: 'artworks', asset_id: asset.id },
      { certificate_number: asset.certificate_number, planet: 'artworks' },
      { certificate_number: asset.certificate_number, asset_id: asset.id },
      { certificate_number: 42 },
      { certificate_number: '' },
      {},
    ]) {
      const response = await verify(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().code, JSON.stringify(payload)).toBe('validation_failed');
    }
  });

  it("404 as the certificate look-up answers: unknown, malformed, and a number of a planet outside the key's scope", async () => {
    const asset = await issuedAsset('watches');
    const artworksOnly = await context.createAccountWithKey({ planetScope: ['artworks'] });
    for (const [payload, headers] of [
      [{ certificate_number: 'ART-2026-999999' }, verifier.auth],
      [{ certificate_number: 'not a number' }, verifier.auth],
      [{ certificate_number: asset.certificate_number }, artworksOnly.auth],
    ] as const) {
      const response = await verify(payload, headers);
      expect(response.statusCode, JSON.stringify(payload)).toBe(404);
      expect(response.json().code).toBe('certificate_not_found');
    }
  });
});

describe('POST /api/v1/verify: tamper evidence', () => {
  it('an event payload edited with raw SQL fails history_intact, naming the sequence', async () => {
    const asset = await issuedAsset();
    expect((await verify({ planet: 'artworks', asset_id: asset.id })).json().verified).toBe(true);
    await tamper(
      `UPDATE asset_events SET payload = '{"source":"forged"}' WHERE asset_id = $1 AND sequence = 2`,
      [asset.id],
    );
    const body = (await verify({ planet: 'artworks', asset_id: asset.id })).json<Verification>();
    expect(body.verified).toBe(false);
    const check = body.checks.find((entry) => entry.name === 'history_intact');
    expect(check?.passed).toBe(false);
    expect(check?.detail).toContain('sequence 2');
  });

  it('a deleted event breaks the chain at its sequence', async () => {
    const asset = await issuedAsset();
    await verify({ planet: 'artworks', asset_id: asset.id });
    await tamper('DELETE FROM asset_events WHERE asset_id = $1 AND sequence = 2', [asset.id]);
    const check = (await verify({ planet: 'artworks', asset_id: asset.id })).json().checks[2];
    expect(check).toMatchObject({ name: 'history_intact', passed: false });
    expect(check.detail).toContain('sequence 2');
  });

  it('a revoked asset whose row is set back to issued is not verified: the row is held to its history', async () => {
    const asset = await issuedAsset();
    await setCertificateStatusForTest(context.db, asset, 'revoked', 'stolen');
    await tamper(`UPDATE assets SET certificate_status = 'issued', revoked_at = NULL WHERE id = $1`, [
      asset.id,
    ]);
    const body = (await verify({ planet: 'artworks', asset_id: asset.id })).json();
    expect(body.certificate_status).toBe('issued');
    expect(body.verified).toBe(false);
    expect(body.checks[2]).toMatchObject({ name: 'history_intact', passed: false });
    expect(body.checks[2].detail).toContain(
      'the asset says its certificate is issued, but its history says revoked',
    );
  });

  it('an archived asset whose row is set back to active is not verified', async () => {
    const asset = await issuedAsset();
    const archive = await context.app.inject({
      method: 'POST',
      url: `/api/v1/assets/artworks/${asset.id}/archive`,
      headers: owner.auth,
    });
    expect(archive.statusCode).toBe(200);
    await tamper(`UPDATE assets SET status = 'active' WHERE id = $1`, [asset.id]);
    const body = (await verify({ planet: 'artworks', asset_id: asset.id })).json();
    expect(body.verified).toBe(false);
    expect(body.checks[2].detail).toContain('the asset says it is active, but its history says archived');
  });

  it('the append-only trigger refuses an ordinary UPDATE of history', async () => {
    const asset = await issuedAsset();
    await expect(
      context.db.query(`UPDATE asset_events SET payload = '{}' WHERE asset_id = $1`, [asset.id]),
    ).rejects.toThrow(/append-only/);
  });

  it('an edited old event fails history_intact for an asset whose history holds VERIFIED events from before verification became a read', async () => {
    const asset = await issuedAsset();
    // Verifications used to append VERIFIED events; they stay in history and keep counting in the chain.
    for (let i = 0; i < 3; i++) await appendLegacyVerifiedEvent(asset.id, 'artworks');
    const intact = (await verify({ planet: 'artworks', asset_id: asset.id })).json();
    expect(intact.verified).toBe(true);
    expect((await listEvents(context.db, asset.id)).map((event) => event.event_type)).toEqual([
      'CREATED',
      'CERTIFICATE_ISSUED',
      'VERIFIED',
      'VERIFIED',
      'VERIFIED',
    ]);
    await tamper(
      `UPDATE asset_events SET payload = jsonb_set(payload, '{verified}', 'false') WHERE asset_id = $1 AND sequence = 4`,
      [asset.id],
    );
    const body = (await verify({ planet: 'artworks', asset_id: asset.id })).json();
    expect(body.verified).toBe(false);
    expect(body.checks[2]).toMatchObject({ name: 'history_intact', passed: false });
    expect(body.checks[2].detail).toContain('sequence 4');
  });

  it('an edited old event fails history_intact for an asset with no VERIFIED events', async () => {
    const asset = await issuedAsset();
    await tamper(
      `UPDATE asset_events SET created_at = created_at - interval '1 day' WHERE asset_id = $1 AND sequence = 1`,
      [asset.id],
    );
    const body = (await verify({ planet: 'artworks', asset_id: asset.id })).json();
    expect(body.verified).toBe(false);
    expect(body.checks[2]).toMatchObject({ name: 'history_intact', passed: false });
    expect(body.checks[2].detail).toContain('sequence 1');
  });
});

describe('POST /api/v1/verify is a read', () => {
  it('1,000 verifications of one asset leave its history as it was, and the 1,001st answers with the same checks', async () => {
    const asset = await issuedAsset();
    const historyBefore = await listEvents(context.db, asset.id);
    const first = (await verify({ planet: 'artworks', asset_id: asset.id })).json();
    for (let batch = 0; batch < 20; batch++) {
      const responses = await Promise.all(
        Array.from({ length: 50 }, () => verify({ planet: 'artworks', asset_id: asset.id })),
      );
      expect(responses.map((response) => response.statusCode)).toEqual(Array(50).fill(200));
    }
    expect(await listEvents(context.db, asset.id)).toEqual(historyBefore);
    const last = (await verify({ planet: 'artworks', asset_id: asset.id })).json();
    expect(last.checks).toEqual(first.checks);
    expect(last.verified).toBe(true);
    const { rows } = await context.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM verifications WHERE asset_id = $1',
      [asset.id],
    );
    expect(rows[0]!.count).toBe(1_002);
  });

  it('50 concurrent verifications of one asset all succeed, each with its own record', async () => {
    const asset = await issuedAsset('collectibles');
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => verify({ planet: 'collectibles', asset_id: asset.id })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(50).fill(200));
    const bodies = responses.map((response) => response.json<Verification>());
    expect(bodies.every((body) => body.verified)).toBe(true);
    expect(new Set(bodies.map((body) => body.id)).size).toBe(50);
    expect((await listEvents(context.db, asset.id)).map((event) => event.sequence)).toEqual([1, 2]);
    const { rows } = await context.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM verifications WHERE asset_id = $1',
      [asset.id],
    );
    expect(rows[0]!.count).toBe(50);
  });
});

describe('POST /api/v1/verify: errors and security', () => {
  it('400: invalid planet, missing or malformed asset_id, missing planet, non-object body', async () => {
    const asset = await issuedAsset();
    const cases: [unknown, string][] = [
      [{ planet: 'spaceships', asset_id: asset.id }, 'invalid_planet'],
      [{ planet: 42, asset_id: asset.id }, 'invalid_planet'],
      [{ planet: 'artworks' }, 'validation_failed'],
      [{ planet: 'artworks', asset_id: 'not-a-uuid' }, 'validation_failed'],
      [{ planet: 'artworks', asset_id: 42 }, 'validation_failed'],
      [{ asset_id: asset.id }, 'validation_failed'],
      [[], 'validation_failed'],
    ];
    for (const [payload, code] of cases) {
      const response = await verify(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().code, JSON.stringify(payload)).toBe(code);
    }
  });

  it('404: no such asset in that planet', async () => {
    const asset = await issuedAsset();
    for (const payload of [
      { planet: 'artworks', asset_id: '00000000-0000-4000-8000-000000000000' },
      { planet: 'watches', asset_id: asset.id },
    ]) {
      const response = await verify(payload);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'asset_not_found' });
    }
  });

  it('refuses missing, unknown, revoked and expired keys (401) and a key scoped to another planet (400)', async () => {
    const asset = await issuedAsset();
    await expectSecurityRefusals(context, await securityCases(context, { planet: 'artworks' }), {
      method: 'POST',
      url: '/api/v1/verify',
      payload: { planet: 'artworks', asset_id: asset.id },
    });
    expect((await listEvents(context.db, asset.id)).map((event) => event.event_type)).toEqual([
      'CREATED',
      'CERTIFICATE_ISSUED',
    ]);
  });
});
