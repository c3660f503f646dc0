import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listEvents } from '../../src/modules/history/events.repository.js';
import { checkChain } from '../../src/modules/history/history-chain.js';
import {
  createAssetViaApi,
  issueCertificateForTest,
  setCertificateStatusForTest,
  type CreatedAsset,
} from '../helpers/asset-factory.js';
import { expectSecurityRefusals, securityCases } from '../helpers/security-cases.js';
import { createTestContext, type TestContext } from '../helpers/test-app.js';

let context: TestContext;
let owner: Awaited<ReturnType<TestContext['createAccountWithKey']>>;
let verifier: Awaited<ReturnType<TestContext['createAccountWithKey']>>;

beforeAll(async () => {
  context = await createTestContext({ config: {} });
  owner = await context.createAccountWithKey();
  verifier = await context.createAccountWithKey({ name: 'Auction House' });
});
afterAll(() => context.close());

const verify = (payload: unknown, headers: Record<string, string> = verifier.auth) =>
  context.app.inject({ method: 'POST', url: '/api/v1/verify', headers, payload: payload as object });

async function issuedAsset(planet = 'artworks'): Promise<CreatedAsset> {
  const asset = await createAssetViaApi(context.app, owner.auth, planet, { title: 'Verified work' });
  await issueCertificateForTest(context.db, planet, asset.id);
  return asset;
}

/** Edits one stored event with the append-only trigger bypassed, as an attacker with SQL access could. */
async function tamper(sql: string, params: unknown[]): Promise<void> {
  await context.db.transaction(async (tx) => {
    await tx.query('SET LOCAL session_replication_role = replica');
    await tx.query(sql, params);
  });
}

describe('POST /api/v1/verify: results (DESIGN §6)', () => {
  it('DESIGN §6: an issued, live asset with an intact history is verified', async () => {
    const asset = await issuedAsset();
    const before = Date.now();
    const response = await verify({ planet: 'artworks', asset_id: asset.id });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body)).toEqual([
      'id',
      'planet',
      'asset_id',
      'certificate_number',
      'certificate_status',
      'status',
      'verified',
      'checks',
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
      ],
    });
    for (const check of body.checks) expect(check).not.toHaveProperty('detail');
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(body.verified_at)).toBeGreaterThanOrEqual(before - 5);
    expect(body.verified_at).toMatch(/\.\d{3}Z$/);
  });

  it('DESIGN §6: a pending certificate is not verified, and the failed check says why', async () => {
    const asset = await createAssetViaApi(context.app, owner.auth);
    const body = (await verify({ planet: 'artworks', asset_id: asset.id })).json();
    expect(body.verified).toBe(false);
    expect(body.certificate_status).toBe('pending');
    const check = body.checks.find((entry: { name: string }) => entry.name === 'certificate_issued');
    expect(check).toMatchObject({ passed: false });
    expect(check.detail).toContain('pending');
  });

  it('DESIGN §6: suspended, revoked and rejected certificates are not verified', async () => {
    for (const status of ['suspended', 'revoked', 'rejected']) {
      const asset = await issuedAsset();
      await setCertificateStatusForTest(context.db, 'artworks', asset.id, status);
      const body = (await verify({ planet: 'artworks', asset_id: asset.id })).json();
      expect(body.verified, status).toBe(false);
      expect(body.checks[0]).toMatchObject({ name: 'certificate_issued', passed: false });
      expect(body.checks[0].detail).toContain(status);
      expect(body.checks[2]).toEqual({ name: 'history_intact', passed: true });
    }
  });

  it('DESIGN §6: an archived asset is not verified', async () => {
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

  it('DESIGN §6: the verification is recorded as a VERIFIED event and a verification.completed outbox row', async () => {
    const asset = await issuedAsset();
    const body = (await verify({ planet: 'artworks', asset_id: asset.id })).json();
    const events = await listEvents(context.db, asset.id);
    const last = events[events.length - 1]!;
    expect(last).toMatchObject({ event_type: 'VERIFIED', sequence: 3, actor_account_id: verifier.accountId });
    expect(last.payload).toMatchObject({ id: body.id, verified: true, checks: body.checks });
    const { rows } = await context.db.query<{ account_id: string; payload: { verification: unknown } }>(
      "SELECT account_id, payload FROM webhook_outbox WHERE event_type = 'verification.completed' AND payload->'verification'->>'id' = $1",
      [body.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.account_id).toBe(owner.accountId);
    // The outbox carries the result; the signed receipt is the caller's alone.
    const { receipt: _receipt, ...result } = body;
    expect(rows[0]!.payload.verification).toEqual(result);
  });
});

describe('POST /api/v1/verify: tamper evidence (issue 5)', () => {
  it('an event payload edited with raw SQL fails history_intact, naming the sequence', async () => {
    const asset = await issuedAsset();
    expect((await verify({ planet: 'artworks', asset_id: asset.id })).json().verified).toBe(true);
    await tamper(
      `UPDATE asset_events SET payload = '{"source":"forged"}' WHERE asset_id = $1 AND sequence = 2`,
      [asset.id],
    );
    const body = (await verify({ planet: 'artworks', asset_id: asset.id })).json();
    expect(body.verified).toBe(false);
    const check = body.checks.find((entry: { name: string }) => entry.name === 'history_intact');
    expect(check.passed).toBe(false);
    expect(check.detail).toContain('sequence 2');
  });

  it('a deleted event breaks the chain at its sequence', async () => {
    const asset = await issuedAsset();
    await verify({ planet: 'artworks', asset_id: asset.id });
    await tamper('DELETE FROM asset_events WHERE asset_id = $1 AND sequence = 2', [asset.id]);
    const check = (await verify({ planet: 'artworks', asset_id: asset.id })).json().checks[2];
    expect(check).toMatchObject({ name: 'history_intact', passed: false });
    expect(check.detail).toContain('sequence 2');
  });

  it('the append-only trigger refuses an ordinary UPDATE of history', async () => {
    const asset = await issuedAsset();
    await expect(
      context.db.query(`UPDATE asset_events SET payload = '{}' WHERE asset_id = $1`, [asset.id]),
    ).rejects.toThrow(/append-only/);
  });

  it('50 concurrent verifications of one asset keep sequence gap-free and the chain linear', async () => {
    const asset = await issuedAsset('collectibles');
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => verify({ planet: 'collectibles', asset_id: asset.id })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(50).fill(200));
    expect(responses.every((response) => response.json().verified === true)).toBe(true);
    const events = await listEvents(context.db, asset.id);
    expect(events.map((event) => event.sequence)).toEqual(Array.from({ length: 52 }, (_, i) => i + 1));
    expect(checkChain(events)).toEqual({ intact: true });
  });
});

describe('POST /api/v1/verify: errors and security', () => {
  it('DESIGN §6 400: invalid planet, missing or malformed asset_id, missing planet, non-object body', async () => {
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

  it('DESIGN §6 404: no such asset in that planet', async () => {
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
