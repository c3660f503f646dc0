import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { verifyCredential } from '../../src/modules/credentials/credential-verifier.js';
import { logEntryOf } from '../../src/modules/tlog/tlog.service.js';
import { createAssetViaApi, type CreatedAsset } from '../helpers/asset-factory.js';
import { buildGoTlogVerifier } from '../helpers/go-tlog-verifier.js';
import { useTestContext, type TestContext } from '../helpers/test-app.js';
import { pdfDocument, pngImage } from '../media/media-fixtures.js';
import { CREDENTIALS_TEST_CONFIG, PUBLIC_URL, moveCertificate, servedBy } from './credential-helpers.js';
import { digitalBazaarVerifies, type DidDocument } from './digital-bazaar.js';

/*
 * Every signed document is served as the bytes that were signed. Each planet's
 * asset carries every typed field, pass-through fields, a public image, a private document and an open alert;
 * each signed document served for it (the credential under /api/v1 and under /c, its status lists, a /verify
 * receipt, the log's checkpoint and the event proofs) is checked by an implementation that is not ours.
 */
const context = useTestContext({
  config: {
    ...CREDENTIALS_TEST_CONFIG,
    // The integrator runs when the test says; the Go verifier reads many tiles from one address.
    AVS_TLOG_INTERVAL_MS: 3_600_000,
    AVS_RATE_LIMIT_PER_SECOND: 1_000_000,
    AVS_RATE_LIMIT_BURST: 1_000_000,
  },
});

const run = promisify(execFile);

const bodies: Record<string, Record<string, unknown>> = {
  artworks: {
    artist: 'Claude Monet',
    medium: 'Huile sur toile — « pleine lumière »',
    dimensions: '89 × 100 cm',
    year: 1916,
    edition: '1/1',
  },
  collectibles: {
    category: 'trading card',
    year: 1999,
    publisher: 'Wizards',
    set_name: 'Base Set',
    item_number: '4/102',
    subject: 'Charizard',
    grader: 'PSA',
    grade: 9.5,
  },
  watches: {
    brand: 'Omega',
    model: 'Speedmaster',
    reference_number: '145.022',
    serial_number: '28123456',
    movement: 'cal. 861',
    case_material: 'steel',
    case_diameter_mm: 42.25,
    year: 1969,
  },
  jewelry: {
    lab: 'GIA',
    report_number: '2141438171',
    stone: 'diamond',
    origin: 'lab_grown',
    shape: 'round brilliant',
    carat: 1.01,
    color: 'D',
    clarity: 'VVS1',
    metal: 'platinum',
  },
};

// Pass-through fields (kept on the record, never in the credential), with keys a schema would not know.
const passThrough = {
  zz_last: 'ends the object',
  aa_first: { nested: [1, 'two', { three: null }] },
  'ü-key': '✓',
};

let owner: Awaited<ReturnType<TestContext['createAccountWithKey']>>;
let reader: Awaited<ReturnType<TestContext['createAccountWithKey']>>;
let didDocument: DidDocument;
const assets: CreatedAsset[] = [];

async function ok(
  method: 'GET' | 'POST',
  url: string,
  headers: Record<string, string> = {},
  payload?: Record<string, unknown>,
) {
  const response = await context.app.inject(
    payload ? { method, url, headers, payload } : { method, url, headers },
  );
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response;
}

beforeAll(async () => {
  owner = await context.createAccountWithKey();
  reader = await context.createAccountWithKey();
  for (const [planet, fields] of Object.entries(bodies)) {
    const asset = await createAssetViaApi(context.app, owner.auth, planet, {
      title: `A ${planet} piece — “quoted” \u2028 line`,
      ...fields,
      ...passThrough,
    });
    const files = `/files/v1/assets/${planet}/${asset.id}/media`;
    const image = await context.app.inject({
      method: 'POST',
      url: `${files}?public=true&caption=Front`,
      headers: { ...owner.auth, 'content-type': 'image/png' },
      payload: pngImage(12, 9),
    });
    expect(image.statusCode, image.body).toBe(201);
    const report = await context.app.inject({
      method: 'POST',
      url: files,
      headers: { ...owner.auth, 'content-type': 'application/pdf' },
      payload: pdfDocument(),
    });
    expect(report.statusCode, report.body).toBe(201);
    await moveCertificate(context.app, asset.certificate_number, 'issue');
    await ok('POST', `/api/v1/assets/${planet}/${asset.id}/alerts`, owner.auth, {
      kind: 'stolen',
      occurred_at: '2026-01-02',
      reference: 'MET-1',
    });
    assets.push(asset);
  }
  didDocument = (await ok('GET', '/.well-known/did.json')).json();
});

describe('every signed document is served as signed, and verifies with an independent verifier', () => {
  it('the API and public credentials are byte-identical, and both verifiers accept them', async () => {
    for (const asset of assets) {
      const number = asset.certificate_number;
      const api = await ok('GET', `/api/v1/certificates/${number}/credential`, reader.auth);
      const pub = await ok('GET', `/c/${number}/credential`);
      expect(api.body, `${number}: the API re-wrote the signed credential`).toBe(pub.body);
      expect(api.headers['content-type']).toMatch(/^application\/json/);
      const credential = JSON.parse(api.body) as {
        relatedResource?: unknown[];
        credentialSubject: Record<string, unknown>;
        credentialStatus: { statusListCredential: string }[];
      };
      expect(credential.relatedResource, number).toHaveLength(1);
      expect(credential.credentialSubject).toMatchObject(bodies[asset.planet]!);
      expect(await digitalBazaarVerifies(credential, didDocument), number).toEqual({
        verified: true,
        errors: undefined,
      });
      expect((await verifyCredential(credential, servedBy(context.app))).result, number).toBe('VALID');

      for (const entry of credential.credentialStatus) {
        expect(entry.statusListCredential.startsWith(`${PUBLIC_URL}/status/`)).toBe(true);
        const list = await ok('GET', entry.statusListCredential.slice(PUBLIC_URL.length));
        expect(await digitalBazaarVerifies(JSON.parse(list.body), didDocument)).toEqual({
          verified: true,
          errors: undefined,
        });
      }
    }
  });

  it('a /verify receipt (an alert open, so a failed check with its detail) verifies', async () => {
    for (const asset of assets) {
      for (const payload of [
        { planet: asset.planet, asset_id: asset.id },
        { certificate_number: asset.certificate_number },
      ]) {
        const response = await ok('POST', '/api/v1/verify', reader.auth, payload);
        const { receipt, ...result } = JSON.parse(response.body) as Record<string, unknown>;
        expect(result.verified).toBe(false);
        expect((receipt as { credentialSubject: unknown }).credentialSubject).toEqual(result);
        expect(await digitalBazaarVerifies(receipt, didDocument)).toEqual({
          verified: true,
          errors: undefined,
        });
      }
    }
  });

  it("the checkpoint and every event's proof verify with Go's sumdb/tlog", async () => {
    await context.app.tlogIntegrator!.runOnce();
    const workDir = await mkdtemp(join(tmpdir(), 'avs-signed-documents-'));
    try {
      const binary = await buildGoTlogVerifier(workDir);
      const proofs = join(workDir, 'proofs');
      await mkdir(proofs);
      const checkpoint = (await ok('GET', '/tlog/checkpoint')).body;
      let count = 0;
      for (const asset of assets) {
        const history = await ok('GET', `/api/v1/assets/${asset.planet}/${asset.id}/history`, reader.auth);
        for (const event of history.json<{ data: Parameters<typeof logEntryOf>[0][] }>().data) {
          const url = `/api/v1/assets/${asset.planet}/${asset.id}/history/${event.sequence}/proof`;
          const body = (await ok('GET', url, reader.auth)).json<{
            log_index: number;
            checkpoint: string;
            proof: string;
          }>();
          expect(body.checkpoint).toBe(checkpoint);
          await writeFile(join(proofs, `${body.log_index}.proof`), body.proof);
          await writeFile(join(proofs, `${body.log_index}.entry`), logEntryOf(event));
          count += 1;
        }
      }
      const address = await context.app.listen({ port: 0, host: '127.0.0.1' });
      const vkey = (await ok('GET', '/tlog/vkey')).body.trim();
      const { stdout } = await run(binary, ['-url', `${address}/tlog`, '-vkey', vkey, '-proofs', proofs]);
      const summary = JSON.parse(stdout) as { proofs_checked: number; entries_checked: number };
      expect(summary.proofs_checked).toBe(count);
      expect(count).toBeGreaterThanOrEqual(assets.length * 5);
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  }, 240_000);
});
