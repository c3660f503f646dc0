import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/lib/package-root.js';
import { issueCertificateForTest } from '../helpers/asset-factory.js';
import { OpenApiConformance, type OpenApiDocument } from '../helpers/openapi-conformance.js';
import { freePort } from '../helpers/processes.js';
import { asciiWebp, pdfDocument } from '../media/media-fixtures.js';
import { useTestContext } from '../helpers/test-app.js';

/**
 * The API's main flows through Prism's validating proxy (`prism proxy --errors`) in front of the live
 * service, and "the Dredd run": every operation's documented request example sent through it, answered with the
 * documented success status and a body valid against the document. One live service, Prism started once.
 * Prism checks both directions: a request outside the document is answered 422 by Prism itself, a response
 * outside it 500 `VIOLATIONS`; both carry application/problem+json, which no answer of the service does.
 */
const prismBin = path.join(packageRoot, 'node_modules', '@stoplight', 'prism-cli', 'dist', 'index.js');

const context = useTestContext({ config: { AVS_RATE_LIMIT_BURST: 100_000 } });
let prism: ChildProcess;
let prismUrl = '';
let prismOutput = '';
let document: { paths: Record<string, Record<string, { operationId?: string }>> };
let conformance: OpenApiConformance;
const workDir = mkdtempSync(path.join(tmpdir(), 'avs-prism-'));

beforeAll(async () => {
  document = (await context.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
  conformance = new OpenApiConformance(document as unknown as OpenApiDocument);
  const specPath = path.join(workDir, 'openapi.json');
  writeFileSync(specPath, JSON.stringify(document));
  await context.app.listen({ port: 0, host: '127.0.0.1' });
  const address = context.app.server.address();
  if (!address || typeof address !== 'object') throw new Error('the service is not listening');
  const port = await freePort();
  prism = spawn(
    process.execPath,
    [
      prismBin,
      'proxy',
      specPath,
      `http://127.0.0.1:${address.port}`,
      '--errors',
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { PATH: process.env.PATH ?? '', HOME: workDir } },
  );
  prism.stdout!.on('data', (chunk: Buffer) => (prismOutput += chunk.toString()));
  prism.stderr!.on('data', (chunk: Buffer) => (prismOutput += chunk.toString()));
  const deadline = Date.now() + 90_000;
  while (!/Prism is listening/.test(prismOutput)) {
    if (Date.now() > deadline || prism.exitCode !== null)
      throw new Error(`Prism did not start:\n${prismOutput}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  prismUrl = `http://127.0.0.1:${port}`;
}, 120_000);

afterAll(async () => {
  if (prism && prism.exitCode === null) {
    prism.kill('SIGTERM');
    await once(prism, 'exit');
  }
  rmSync(workDir, { recursive: true, force: true });
});

interface ImportState {
  state: string;
}

interface Answer {
  status: number;
  body: unknown;
  headers: Headers;
}

const FILE_TYPES: [magic: string, type: string][] = [
  ['RIFF', 'image/webp'],
  ['%PDF', 'application/pdf'],
  ['PK\x03\x04', 'application/zip'],
];
const fileType = (bytes: Buffer): string =>
  FILE_TYPES.find(([magic]) => bytes.subarray(0, 4).toString('latin1') === magic)?.[1] ?? 'text/csv';

/** CRC-32 (ISO-HDLC), as a zip entry records it. */
function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

/**
 * A zip of one stored text file whose every byte is ASCII: Prism forwards a body as text, so a zip's CRC with a byte
 * above 0x7f would reach the service changed. The note's text is chosen so that its CRC has none.
 */
function asciiZip(): Buffer {
  const name = Buffer.from('note.txt');
  let data = Buffer.alloc(0);
  let crc = 0;
  for (let attempt = 0; ; attempt++) {
    data = Buffer.from(`Prism note ${attempt}`);
    crc = crc32(data);
    if ((crc & 0x80808080) === 0) break;
  }
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(10, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(10, 4);
  central.writeUInt16LE(10, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(name.length, 28);
  const centralOffset = local.length + name.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(centralOffset, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}

/** A small inventory for the import operations: a header the examples' mapping names (`Notes`), one good row. */
const importCsv = (): Buffer =>
  Buffer.from(`inventory_number,title,Notes\nPRISM-${randomBytes(4).toString('hex')},Prism fixture,A note\n`);

/** One request through Prism; fails the test on a Prism violation in either direction or a body off the document. */
async function send(
  method: string,
  url: string,
  auth: { authorization: string },
  body?: unknown,
): Promise<Answer> {
  // A Buffer is a file (/files/v1), sent as the PDF, WebP, ZIP or CSV it is; anything else as JSON.
  const headers: Record<string, string> = { ...auth };
  if (Buffer.isBuffer(body)) headers['content-type'] = fileType(body);
  else if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${prismUrl}${url}`, {
    method,
    headers,
    ...(body === undefined
      ? {}
      : { body: Buffer.isBuffer(body) ? new Uint8Array(body) : JSON.stringify(body) }),
  });
  const contentType = response.headers.get('content-type') ?? '';
  const label = `${method} ${url} → ${response.status}`;
  // A file download's bytes are not JSON: read them as bytes, and check the rest as JSON.
  const binary = /^(image|application\/pdf|text\/csv|application\/vnd\.openxmlformats)/.test(contentType);
  const text = binary ? '' : await response.text();
  if (binary) await response.arrayBuffer();
  expect(contentType, `${label}: Prism found a violation: ${text}`).not.toMatch(/problem\+json/);
  expect(response.headers.get('sl-violations'), label).toBeNull();
  const parsed: unknown = text ? JSON.parse(text) : undefined;
  if (!binary) {
    // The body against the document too (Prism's own check is the main one; this names the field).
    conformance.check(method, url, {
      statusCode: response.status,
      body: text,
      json: () => parsed,
    } as never);
    expect(conformance.violations, label).toEqual([]);
  }
  return { status: response.status, body: parsed, headers: response.headers };
}

describe('the main flows through Prism’s validating proxy (--errors)', () => {
  it('create in every planet, read, update, history, certificate, verify, transfer, webhooks: 0 violations', async () => {
    const owner = await context.createAccountWithKey({ name: 'Galerie Nord' });
    const buyer = await context.createAccountWithKey({ name: 'Buyer Ltd' });
    const created: Record<string, { id: string; certificate_number: string }> = {};
    for (const planet of ['artworks', 'collectibles', 'watches', 'jewelry']) {
      const operation = document.paths[`/api/v1/assets/${planet}`]!.post! as {
        requestBody: { content: { 'application/json': { example: unknown } } };
      };
      const answer = await send(
        'POST',
        `/api/v1/assets/${planet}`,
        owner.auth,
        operation.requestBody.content['application/json'].example,
      );
      expect(answer.status).toBe(201);
      created[planet] = answer.body as { id: string; certificate_number: string };
      const id = created[planet].id;
      expect((await send('GET', `/api/v1/assets/${planet}/${id}`, buyer.auth)).status).toBe(200);
      expect(
        (
          await send('PATCH', `/api/v1/assets/${planet}/${id}`, owner.auth, {
            title: 'Renamed',
            note: 'kept',
          })
        ).status,
      ).toBe(200);
    }
    const art = created.artworks!;
    expect((await send('GET', `/api/v1/assets/artworks/${art.id}/history`, owner.auth)).status).toBe(200);
    expect((await send('GET', `/api/v1/assets/artworks/${art.id}/history?limit=1`, owner.auth)).status).toBe(
      200,
    );
    expect((await send('GET', `/api/v1/certificates/${art.certificate_number}`, buyer.auth)).status).toBe(
      200,
    );
    await issueCertificateForTest(context.db, art);
    expect(
      (await send('GET', `/api/v1/certificates/${art.certificate_number}/credential`, buyer.auth)).status,
    ).toBe(200);
    const verified = await send('POST', '/api/v1/verify', buyer.auth, {
      certificate_number: art.certificate_number,
    });
    expect(verified.status).toBe(200);
    expect(
      (await send('GET', `/api/v1/verifications/${(verified.body as { id: string }).id}`, buyer.auth)).status,
    ).toBe(200);
    expect((await send('GET', `/api/v1/assets/artworks/${art.id}/verifications`, owner.auth)).status).toBe(
      200,
    );

    const offer = await send('POST', `/api/v1/assets/artworks/${art.id}/transfer`, owner.auth, {
      to_account_id: buyer.accountId,
    });
    expect(offer.status).toBe(202);
    expect((await send('GET', '/api/v1/transfers?role=incoming', buyer.auth)).status).toBe(200);
    const transferId = (offer.body as { transfer: { id: string } }).transfer.id;
    expect((await send('POST', `/api/v1/transfers/${transferId}/accept`, buyer.auth)).status).toBe(200);

    const hook = await send('POST', '/api/v1/webhooks', owner.auth, {
      url: 'https://hooks.example.com/prism',
    });
    expect(hook.status).toBe(201);
    const hookId = (hook.body as { id: string }).id;
    expect((await send('GET', '/api/v1/webhooks', owner.auth)).status).toBe(200);
    expect((await send('GET', `/api/v1/webhooks/${hookId}`, owner.auth)).status).toBe(200);
    const test = await send('POST', `/api/v1/webhooks/${hookId}/test`, owner.auth);
    expect(test.status).toBe(202);
    expect((await send('GET', `/api/v1/webhooks/${hookId}/deliveries`, owner.auth)).status).toBe(200);
    expect((await send('DELETE', `/api/v1/webhooks/${hookId}`, owner.auth)).status).toBe(200);
    expect((await send('DELETE', `/api/v1/webhooks/${hookId}`, owner.auth)).status).toBe(200);

    // Documented errors pass the proxy too: 404, 409 (archived is final), 400, 401.
    expect((await send('GET', `/api/v1/assets/watches/${crypto.randomUUID()}`, owner.auth)).status).toBe(404);
    const watch = created.watches!.id;
    expect((await send('POST', `/api/v1/assets/watches/${watch}/archive`, owner.auth)).status).toBe(200);
    expect(
      (await send('PATCH', `/api/v1/assets/watches/${watch}`, owner.auth, { title: 'Again' })).status,
    ).toBe(409);
    expect(
      (
        await send('POST', '/api/v1/verify', owner.auth, {
          planet: 'artworks',
          asset_id: art.id,
          certificate_number: 'x',
        })
      ).status,
    ).toBe(400);
    expect((await send('GET', '/api/v1/webhooks', { authorization: 'Bearer pk_svc_wrong' })).status).toBe(
      401,
    );
  }, 120_000);

  it('a request outside the document is refused by Prism (the proxy does check requests)', async () => {
    const { auth } = await context.createAccountWithKey();
    const response = await fetch(`${prismUrl}/api/v1/assets/artworks`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'T', year: 'nineteen' }),
    });
    expect(response.status).toBe(422);
    expect(response.headers.get('content-type')).toMatch(/problem\+json/);
  });
});

describe('every documented request example against the live service (the Dredd run)', () => {
  it('each operation answers its example with the documented success status, through Prism', async () => {
    const owner = await context.createAccountWithKey({ name: 'Example owner' });
    const buyer = await context.createAccountWithKey({ name: 'Example buyer' });
    // Like Dredd's hooks: live ids stand in for the example's path parameters (and ids inside example bodies).
    const fresh = async (planet = 'artworks') =>
      (await send('POST', `/api/v1/assets/${planet}`, owner.auth, { title: 'Fixture' })).body as {
        id: string;
        certificate_number: string;
      };
    const ran = new Set<string>();
    const operations = Object.entries(document.paths).flatMap(([route, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        route,
        method: method.toUpperCase(),
        operation,
      })),
    );
    for (const { route, method, operation } of operations) {
      const operationId = operation.operationId!;
      const media = (
        operation as { requestBody?: { content: { 'application/json': { example?: unknown } } } }
      ).requestBody?.content['application/json'];
      let body = media?.example;
      // The documented success status (openapi-contract.test.ts checks that each has a valid example).
      const status = Object.keys((operation as { responses: Record<string, unknown> }).responses).find(
        (code) => code.startsWith('2'),
      );
      expect(status, `${operationId}: a documented success status`).toBeDefined();
      const planet = /\/assets\/([a-z]+)(\/|$)/.exec(route)?.[1];
      const asset = await fresh(planet && planet !== '{planet}' ? planet : 'artworks');
      const values: Record<string, string> = {
        planet: 'artworks',
        id: asset.id,
        number: asset.certificate_number,
        sequence: '1',
      };
      let auth = owner.auth;
      if (operationId === 'getHistoryEventProof') {
        // The proof exists once the integrator has logged the event (AVS_TLOG_INTERVAL_MS).
        await new Promise((resolve) => setTimeout(resolve, context.config.AVS_TLOG_INTERVAL_MS * 3));
      }
      if (operationId === 'getCertificateCredential' || operationId === 'verifyAsset')
        await issueCertificateForTest(context.db, asset);
      if (operationId === 'verifyAsset') body = { certificate_number: asset.certificate_number };
      if (operationId === 'transferAsset') body = { ...(body as object), to_account_id: buyer.accountId };
      if (operationId === 'getVerification') {
        await issueCertificateForTest(context.db, asset);
        values.id = (
          (await send('POST', '/api/v1/verify', owner.auth, { certificate_number: asset.certificate_number }))
            .body as { id: string }
        ).id;
      }
      if (/Transfer$/.test(operationId) && operationId !== 'transferAsset') {
        const offer = await send('POST', `/api/v1/assets/artworks/${asset.id}/transfer`, owner.auth, {
          to_account_id: buyer.accountId,
        });
        values.id = (offer.body as { transfer: { id: string } }).transfer.id;
        if (operationId !== 'cancelTransfer') auth = buyer.auth;
      }
      // A hand-over is made of an issued certificate; the consignee accepts, the holder reads and cancels.
      if (operationId === 'handOverAsset') await issueCertificateForTest(context.db, asset);
      if (/Handover$/.test(operationId)) {
        await issueCertificateForTest(context.db, asset);
        const offered = await send('POST', `/api/v1/assets/artworks/${asset.id}/handover`, owner.auth, {
          to_account_id: buyer.accountId,
        });
        values.id = (offered.body as { handover: { id: string } }).handover.id;
        if (operationId === 'acceptHandover') auth = buyer.auth;
      }
      if (route.startsWith('/api/v1/webhooks/')) {
        const hook = await send('POST', '/api/v1/webhooks', owner.auth, {
          url: 'https://hooks.example.com/run',
        });
        values.id = (hook.body as { id: string }).id;
        if (operationId === 'retryWebhookDelivery')
          values.delivery_id = (
            (await send('POST', `/api/v1/webhooks/${values.id}/test`, owner.auth)).body as { id: string }
          ).id;
      }
      // Prism's proxy forwards a body as text, which keeps a PDF's ASCII but not a PNG's bytes (415 from the type check).
      if (operationId === 'uploadMedia') body = pdfDocument();
      if (operationId === 'searchMedia' || operationId === 'addCorrectionImage') body = asciiWebp();
      if (
        /Media(Visibility)?$/.test(operationId) &&
        operationId !== 'uploadMedia' &&
        operationId !== 'listAssetMedia'
      ) {
        const uploaded = await send(
          'POST',
          `/files/v1/assets/artworks/${asset.id}/media`,
          owner.auth,
          pdfDocument(),
        );
        values.media_id = (uploaded.body as { id: string }).id;
      }
      if (operationId === 'resolveAssetAlert') {
        const raised = await send('POST', `/api/v1/assets/artworks/${asset.id}/alerts`, owner.auth, {
          kind: 'lost',
          occurred_at: '2026-11-01',
        });
        values.alert_id = (raised.body as { alert: { id: string } }).alert.id;
      }
      if (operationId === 'unbindAssetTag') {
        const bound = await send('POST', `/api/v1/assets/artworks/${asset.id}/tags`, owner.auth, {
          uid: randomBytes(7).toString('hex').toUpperCase(),
        });
        values.tag_id = (bound.body as { tag: { id: string } }).tag.id;
      }
      // A correction is asked of an issued certificate (docs/corrections.md); getCorrection reads one asked here, and
      // addCorrectionImage sends an image to it.
      if (/^request[A-Za-z]+Correction$/.test(operationId)) await issueCertificateForTest(context.db, asset);
      if (operationId === 'getCorrection' || operationId === 'addCorrectionImage') {
        await issueCertificateForTest(context.db, asset);
        const asked = await send('POST', `/api/v1/assets/artworks/${asset.id}/corrections`, owner.auth, {
          fields: { title: 'Fixture, corrected' },
          reason: 'A typo.',
        });
        values.id = (asked.body as { id: string }).id;
      }
      // The import operations act on an import uploaded here and validated by the service's worker.
      if (operationId === 'uploadImport') body = importCsv();
      if (/Import(Media|Columns|Errors)?$/.test(operationId) && operationId !== 'uploadImport') {
        const uploaded = await send('POST', '/files/v1/imports/artworks', owner.auth, importCsv());
        values.id = (uploaded.body as { id: string }).id;
        await expect
          .poll(
            async () =>
              ((await send('GET', `/api/v1/imports/${values.id}`, owner.auth)).body as ImportState).state,
          )
          .toBe('ready');
        if (operationId === 'uploadImportMedia') body = asciiZip();
      }
      if (operationId === 'addWatch') body = { certificate_number: asset.certificate_number };
      if (operationId === 'removeWatch') {
        const watch = await send('POST', '/api/v1/watchlist', owner.auth, {
          certificate_number: asset.certificate_number,
        });
        values.watch_id = (watch.body as { id: string }).id;
      }
      const url = route.replace(/\{([a-z_]+)\}/g, (_whole, name: string) => values[name] ?? name);
      const answer = await send(method, url, auth, body);
      expect(String(answer.status), `${operationId} ${method} ${url}`).toBe(status);
      ran.add(operationId);
    }
    expect(ran.size).toBe(operations.length);
  }, 300_000);
});
