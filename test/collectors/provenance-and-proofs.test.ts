import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import type { Database } from '../../src/db/database.js';
import { sha256Hex } from '../../src/lib/sha256.js';
import { createAccount } from '../../src/modules/accounts/accounts.service.js';
import { acceptClaim, createHandover } from '../../src/modules/holders/holders.service.js';
import { formatMonthYear } from '../../src/i18n/formats.js';
import { startCollectorSession } from '../../src/modules/collection/shell/collector-sessions.service.js';
import { tokenHash } from '../../src/modules/web-pages/web-sessions.js';
import {
  checkHoldingProof,
  createHoldingProof,
  HOLDING_PROOF_LIFETIME_MS,
} from '../../src/modules/holding-proofs/holding-proofs.service.js';
import { createApiKey } from '../../src/modules/keys/keys.service.js';
import { createAssetViaApi, issueCertificateForTest } from '../helpers/asset-factory.js';
import { testConfig } from '../helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';
import { digitalBazaarVerifies, type DidDocument } from '../credentials/digital-bazaar.js';

const PUBLIC_URL = 'https://certificates.example.com';
/** The collector the /collection session would name; the route under test asks the test for it. */

let database: TestDatabase;
let db: Database;
let app: FastifyInstance;
let galleryId: string;
let auctionHouseId: string;
let auth: { authorization: string };
let didDocument: DidDocument;

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers, remoteAddress: '192.0.2.40' });

/** A page's words as a person reads them: tags gone, spaces made one. */
function words(body: string): string {
  return body
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

interface Collector {
  id: string;
  email: string;
}

async function newCollector(options: { publicName?: string; showName?: boolean } = {}): Promise<Collector> {
  const personId = randomUUID();
  const email = `collector-${personId.slice(0, 8)}@example.net`;
  await db.query('INSERT INTO people (id, email, address_proven_at) VALUES ($1, $2, now())', [
    personId,
    email,
  ]);
  const id = randomUUID();
  await db.query('INSERT INTO collectors (id, person_id, public_name, show_name) VALUES ($1, $2, $3, $4)', [
    id,
    personId,
    options.publicName ?? null,
    options.showName ?? false,
  ]);
  return { id, email };
}

type Holder = { accountId: string } | { collectorId: string };

/** A holding begun at `since`, ending the current one then: what a hand-over's acceptance writes (docs/collectors.md). */
async function handOver(
  asset: { id: string; planet: string },
  holder: Holder,
  since: string,
): Promise<string> {
  const reference = 'accountId' in holder ? `account:${holder.accountId}` : `collector:${holder.collectorId}`;
  const salt = randomBytes(32);
  const commitment = sha256Hex(Buffer.concat([salt, Buffer.from(asset.id), Buffer.from(reference)]));
  await db.query('UPDATE asset_holdings SET until = $2 WHERE asset_id = $1 AND until IS NULL', [
    asset.id,
    since,
  ]);
  await db.query(
    `INSERT INTO asset_holdings (id, asset_id, planet, holder_kind, holder_account_id, collector_id, salt, commitment, since)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      randomUUID(),
      asset.id,
      asset.planet,
      'accountId' in holder ? 'account' : 'collector',
      'accountId' in holder ? holder.accountId : null,
      'collectorId' in holder ? holder.collectorId : null,
      salt,
      commitment,
      since,
    ],
  );
  return commitment;
}

/** An issued artwork of the gallery, never handed over. */
async function issuedArtwork(
  title = 'Nocturne in Blue',
): Promise<{ id: string; planet: string; number: string }> {
  const asset = await createAssetViaApi(app, auth, 'artworks', { title, artist: 'Anna Berg', year: 1990 });
  await issueCertificateForTest(db, asset);
  return { id: asset.id, planet: asset.planet, number: asset.certificate_number };
}

/** The gallery's registration and its first hand-over: registrant row since the asset's creation, then `holder`. */
async function firstHandOver(asset: { id: string; planet: string }, holder: Holder, since: string) {
  await handOver(asset, { accountId: galleryId }, '2026-01-15T10:00:00Z');
  return handOver(asset, holder, since);
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  const config = testConfig({
    AVS_PUBLIC_URL: PUBLIC_URL,
    AVS_PUBLIC_RATE_LIMIT_PER_SECOND: 1_000_000,
    AVS_PUBLIC_RATE_LIMIT_BURST: 1_000_000,
  });
  app = await buildApp({ config, db, logger: false, migrate: false });
  await app.ready();
  galleryId = (await createAccount(db, { name: 'Nord Art GmbH' })).id;
  await db.query("INSERT INTO account_profiles (account_id, display_name) VALUES ($1, 'Galerie Nord')", [
    galleryId,
  ]);
  auctionHouseId = (await createAccount(db, { name: 'Sued Auktionen AG' })).id;
  await db.query("INSERT INTO account_profiles (account_id, display_name) VALUES ($1, 'Auktionshaus Süd')", [
    auctionHouseId,
  ]);
  const key = await createApiKey(db, {
    actor: { admin: true },
    accountId: galleryId,
    planetScope: [],
    expiresAt: null,
    name: 'test key',
  });
  auth = { authorization: `Bearer ${key.key}` };
  didDocument = (await get('/.well-known/did.json')).json();
});

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

describe('the provenance on the certificate page', () => {
  it('is absent while the object was never handed over, and the page keeps its ETag', async () => {
    const asset = await issuedArtwork('Never Handed Over');
    const first = await get(`/c/${asset.number}`);
    expect(first.statusCode).toBe(200);
    expect(first.body).not.toContain('Provenance');
    expect(first.headers['cache-control']).toBe('public, max-age=5');
    const again = await get(`/c/${asset.number}`, { 'if-none-match': first.headers.etag as string });
    expect(again.statusCode).toBe(304);
  });

  it('reads registrant → a private collection → a private collection, changing the page at once', async () => {
    const asset = await issuedArtwork();
    const before = await get(`/c/${asset.number}`);
    const hidden = await newCollector({ publicName: 'Hidden Hartmann', showName: false });
    const second = await newCollector();
    const firstCommitment = await firstHandOver(asset, { collectorId: hidden.id }, '2027-03-10T12:00:00Z');
    const secondCommitment = await handOver(asset, { collectorId: second.id }, '2031-05-02T12:00:00Z');

    // No wait: the hand-over bumped the certificates' version, so neither the kept page nor its ETag is served.
    const after = await get(`/c/${asset.number}`, { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(words(after.body)).toContain(
      'Galerie Nord (registrant) → a private collection, since March 2027 → a private collection, since May 2031',
    );
    for (const secret of [
      hidden.email,
      second.email,
      'Hidden Hartmann',
      hidden.id,
      second.id,
      firstCommitment,
      secondCommitment,
    ])
      expect(after.body).not.toContain(secret);

    const german = await get(`/c/${asset.number}?lang=de`);
    expect(words(german.body)).toContain(
      'Galerie Nord (Registrierende) → eine Privatsammlung, seit März 2027 → eine Privatsammlung, seit Mai 2031',
    );
    const japanese = await get(`/c/${asset.number}?lang=ja`);
    expect(words(japanese.body)).toContain('個人コレクション（2027年3月から）');
  });

  it('names a consignee by its public name, a collector only by the name they chose, and an erased one as former', async () => {
    const asset = await issuedArtwork('Harbour at Dusk');
    const rosa = await newCollector({ publicName: 'Rosa Vogel', showName: true });
    const leaving = await newCollector({ publicName: 'Karl Left', showName: true });
    await firstHandOver(asset, { collectorId: rosa.id }, '2027-03-10T12:00:00Z');
    await handOver(asset, { accountId: auctionHouseId }, '2029-09-01T12:00:00Z');
    await handOver(asset, { collectorId: leaving.id }, '2031-05-02T12:00:00Z');
    const shown = words((await get(`/c/${asset.number}`)).body);
    expect(shown).toContain(
      'Galerie Nord (registrant) → ex-collection Rosa Vogel, since March 2027 → Auktionshaus Süd, since September 2029 → collection Karl Left, since May 2031',
    );

    // Leaving erases the person link and the name: the page changes at once.
    await db.query(
      'UPDATE collectors SET person_id = NULL, public_name = NULL, show_name = false, erased_at = now() WHERE id = $1',
      [leaving.id],
    );
    const after = await get(`/c/${asset.number}`);
    expect(words(after.body)).toContain('→ a former private collection, since May 2031');
    expect(after.body).not.toContain('Karl Left');
    expect(after.body).not.toContain(leaving.email);
  });
});

describe('through the holders service (claims made and accepted)', () => {
  it('changes the page at once at each acceptance, and a proof of the first collector ends with their holding', async () => {
    const asset = await issuedArtwork('Claimed Twice');
    const before = await get(`/c/${asset.number}`);
    const first = await newCollector({ publicName: 'Not Shown', showName: false });
    const second = await newCollector();
    const gallery = {
      kind: 'account' as const,
      principal: { accountId: galleryId, apiKeyId: randomUUID(), planetScope: [] },
    };
    const offer = await createHandover(db, {
      planet: asset.planet,
      assetId: asset.id,
      actor: gallery,
      kind: 'claim',
    });
    await acceptClaim(db, { code: offer.code!, collectorId: first.id });

    const after = await get(`/c/${asset.number}`, { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    const month = formatMonthYear(new Date());
    expect(words(after.body)).toContain(`Galerie Nord (registrant) → a private collection, since ${month}`);
    expect(after.body).not.toContain(first.email);
    expect(after.body).not.toContain('Not Shown');

    const proof = await createHoldingProof(db, {
      collectorId: first.id,
      planet: asset.planet,
      assetId: asset.id,
    });
    const receipt = (await get(`/c/${asset.number}/proofs/${proof.code}`)).json();
    const current = await db.query<{ commitment: string }>(
      'SELECT commitment FROM asset_holdings WHERE asset_id = $1 AND until IS NULL',
      [asset.id],
    );
    expect(receipt.credentialSubject.holder).toBe(current.rows[0]!.commitment);

    const onward = await createHandover(db, {
      planet: asset.planet,
      assetId: asset.id,
      actor: { kind: 'collector', collectorId: first.id },
      kind: 'claim',
    });
    await acceptClaim(db, { code: onward.code!, collectorId: second.id });
    expect(words((await get(proof.url)).body)).toContain('This proof of holding is not valid');
    expect(words((await get(`/c/${asset.number}`)).body)).toContain(
      `a private collection, since ${month} → a private collection, since ${month}`,
    );
  });
});

describe('a proof of holding', () => {
  it('is shown as good on the certificate page, with a receipt anyone verifies offline with the published key', async () => {
    const asset = await issuedArtwork('Still Life with Lemons');
    const holder = await newCollector({ publicName: 'Private Person', showName: false });
    const commitment = await firstHandOver(asset, { collectorId: holder.id }, '2027-03-10T12:00:00Z');
    const proof = await createHoldingProof(db, {
      collectorId: holder.id,
      planet: asset.planet,
      assetId: asset.id,
    });
    // At least 128 bits of base64url, stored only as its SHA-256.
    expect(proof.code).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(proof.url).toBe(`/c/${asset.number}?proof=${proof.code}`);
    expect(proof.expiresAt.getTime() - Date.now()).toBeGreaterThan(HOLDING_PROOF_LIFETIME_MS - 60_000);
    const stored = await db.query<{ code_hash: string }>(
      'SELECT code_hash FROM holding_proofs WHERE asset_id = $1',
      [asset.id],
    );
    expect(stored.rows).toEqual([{ code_hash: sha256Hex(proof.code) }]);

    const page = await get(proof.url);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers.etag).toBeUndefined();
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    const read = words(page.body);
    expect(read).toMatch(/The person showing you this holds this object now — checked at \d\d:\d\d UTC\./);
    expect(page.body).toContain('class="holding-proof status-issued" role="status"');
    // Switching language keeps the proof.
    expect(page.body).toContain(`href="/c/${asset.number}?proof=${proof.code}&amp;lang=de"`);
    for (const secret of [holder.email, 'Private Person', holder.id, commitment])
      expect(page.body).not.toContain(secret);
    const german = await get(`${proof.url}&lang=de`);
    expect(words(german.body)).toMatch(/besitzt dieses Objekt jetzt – geprüft um \d\d:\d\d UTC/);

    const receiptPath = `/c/${asset.number}/proofs/${proof.code}`;
    expect(page.body).toContain(`href="${receiptPath}"`);
    const receipt = await get(receiptPath);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(receipt.headers['cache-control']).toBe('no-store');
    const signed = receipt.json();
    // The bytes served are the bytes signed: one compact JSON text, as JSON.stringify wrote it.
    expect(receipt.body).toBe(JSON.stringify(signed));
    expect(signed.type).toEqual(['VerifiableCredential', 'HoldingProofReceipt']);
    expect(signed.credentialSubject).toEqual({
      type: 'HoldingProof',
      certificate_number: asset.number,
      holder: commitment,
      checked_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      proof_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(await digitalBazaarVerifies(signed, didDocument)).toEqual({ verified: true, errors: undefined });
    const tampered = structuredClone(signed);
    tampered.credentialSubject.certificate_number = 'ART-2026-999999';
    expect((await digitalBazaarVerifies(tampered, didDocument)).verified).toBe(false);
    for (const secret of [holder.email, 'Private Person', holder.id])
      expect(receipt.body).not.toContain(secret);
  });

  it('is refused once older than 10 minutes', async () => {
    const asset = await issuedArtwork('Quiet Morning');
    const holder = await newCollector();
    await firstHandOver(asset, { collectorId: holder.id }, '2027-03-10T12:00:00Z');
    const proof = await createHoldingProof(db, {
      collectorId: holder.id,
      planet: asset.planet,
      assetId: asset.id,
    });
    const elevenMinutesOn = new Date(Date.now() + 11 * 60 * 1000);
    expect(await checkHoldingProof(db, asset.number, proof.code, elevenMinutesOn)).toEqual({ valid: false });

    await db.query("UPDATE holding_proofs SET expires_at = now() - interval '1 second' WHERE asset_id = $1", [
      asset.id,
    ]);
    const page = await get(proof.url);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(words(page.body)).toContain(
      'This proof of holding is not valid (it is older than 10 minutes, or the object has changed hands).',
    );
    expect(page.body).not.toContain('/proofs/');
    const receipt = await get(`/c/${asset.number}/proofs/${proof.code}`);
    expect(receipt.statusCode).toBe(404);
    expect(receipt.json().code).toBe('holding_proof_not_valid');
  });

  it('is refused after the holder hands the object on, and the former holder can make none', async () => {
    const asset = await issuedArtwork('Winter Field');
    const seller = await newCollector();
    const buyer = await newCollector();
    await firstHandOver(asset, { collectorId: seller.id }, '2027-03-10T12:00:00Z');
    const proof = await createHoldingProof(db, {
      collectorId: seller.id,
      planet: asset.planet,
      assetId: asset.id,
    });
    expect((await checkHoldingProof(db, asset.number, proof.code)).valid).toBe(true);

    await handOver(asset, { collectorId: buyer.id }, new Date().toISOString());
    expect(words((await get(proof.url)).body)).toContain('This proof of holding is not valid');
    expect((await get(`/c/${asset.number}/proofs/${proof.code}`)).statusCode).toBe(404);
    await expect(
      createHoldingProof(db, { collectorId: seller.id, planet: asset.planet, assetId: asset.id }),
    ).rejects.toMatchObject({ code: 'asset_not_found' });
    // A code of another certificate, or none at all, is no proof of this one.
    const other = await issuedArtwork('Other Work');
    expect((await get(`/c/${other.number}?proof=${proof.code}`)).body).toContain(
      'This proof of holding is not valid',
    );
    expect((await get(`/c/${other.number}?proof=not-a-code`)).body).toContain(
      'This proof of holding is not valid',
    );
  });

  it('may be made by an account holding an object never handed over, and ends when the account hands it over', async () => {
    const asset = await issuedArtwork('Gallery Stock');
    await expect(
      createHoldingProof(db, { accountId: auctionHouseId, planet: asset.planet, assetId: asset.id }),
    ).rejects.toMatchObject({ code: 'asset_not_found' });
    const proof = await createHoldingProof(db, {
      accountId: galleryId,
      planet: asset.planet,
      assetId: asset.id,
    });
    const check = await checkHoldingProof(db, asset.number, proof.code);
    expect(check).toMatchObject({ valid: true, holder: 'registrant' });
    const receipt = await get(`/c/${asset.number}/proofs/${proof.code}`);
    expect(await digitalBazaarVerifies(receipt.json(), didDocument)).toEqual({
      verified: true,
      errors: undefined,
    });

    await firstHandOver(asset, { collectorId: (await newCollector()).id }, new Date().toISOString());
    expect((await checkHoldingProof(db, asset.number, proof.code)).valid).toBe(false);
  });

  it('is made on /collection by the holder: its QR code, its code and until when, in no cache', async () => {
    const asset = await issuedArtwork('Evening Light');
    const holder = await newCollector();
    await firstHandOver(asset, { collectorId: holder.id }, '2027-03-10T12:00:00Z');
    const path = `/collection/objects/${asset.planet}/${asset.id}/proof`;

    /** The proof's form as the collector's browser sends it: their session cookie and the session's form token. */
    const postAs = async (collectorId: string | undefined, headers: Record<string, string> = {}) => {
      if (!collectorId) return app.inject({ method: 'POST', url: path, headers });
      const { token } = await startCollectorSession(db, collectorId);
      const { rows } = await db.query<{ csrf_token: string }>(
        'SELECT csrf_token FROM collector_sessions WHERE id = $1',
        [tokenHash(token)],
      );
      return app.inject({
        method: 'POST',
        url: path,
        headers: {
          ...headers,
          cookie: `avs_collector_session=${token}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: `_csrf=${encodeURIComponent(rows[0]!.csrf_token)}`,
      });
    };

    // Signed out: the sign-in page; another collector: no such work.
    expect((await postAs(undefined)).statusCode).toBe(303);
    expect((await postAs((await newCollector()).id)).statusCode).toBe(404);

    const response = await postAs(holder.id, { 'accept-language': 'fr' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const code = /<code class="proof-code">([A-Za-z0-9_-]+)<\/code>/.exec(response.body)?.[1];
    expect(code).toBeDefined();
    expect(response.body).toContain(`${PUBLIC_URL}/c/${asset.number}?proof=${code}`);
    expect(response.body).toMatch(
      /<svg role="img" aria-label="Code QR de l’adresse de la preuve" class="qr"/,
    );
    expect(words(response.body)).toMatch(/Valable jusqu’à \d\d:\d\d UTC/);
    expect((await checkHoldingProof(db, asset.number, code!)).valid).toBe(true);
  });
});
