import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createApiKey, revokeApiKey } from '../../src/modules/keys/keys.service.js';
import { IMPORT_CSV, operationExamples } from '../../src/openapi/operation-examples.js';
import { issueCertificateForTest } from '../helpers/asset-factory.js';
import { softwareTagOf, type ProvisioningAnswer } from '../helpers/software-tag.js';
import { useTestContext } from '../helpers/test-app.js';
import { zipOf } from '../helpers/zip-archive.js';
import { fixturePhoto, jpegImage } from '../media/media-fixtures.js';

// The documented examples (src/openapi/operation-examples.ts) are what the service answers: each operation is
// called with its documented request, in the story the examples tell, and its answer must equal its example
// but for what the service makes up anew on every run (ids, times, numbers, hashes, signatures, secrets).
const context = useTestContext({
  config: { AVS_PUBLIC_URL: 'https://avs.asset-registry.dev', AVS_TLOG_INTERVAL_MS: 20 },
});

const MADE_UP =
  /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\d{4}-\d{2}-\d{2}T[\d:.]+Z|[A-Z]{3}-\d{4}-\d{6,}|#\d+$/g;
/** Values made up as a whole: their type is compared, not their value. */
const MADE_UP_KEYS = new Set([
  'sha256',
  'hash',
  'prev_hash',
  'log_index',
  'checkpoint',
  'proof',
  'proofValue',
  'verificationMethod',
  'statusListIndex',
  'secret',
  // A claim's one-time code and its link.
  'code',
  'claim_url',
  'next_cursor',
  // A private medium's salt is drawn afresh.
  'commitment_salt',
  // A re-encoded image's size depends on the encoder's version.
  'bytes',
  // A tag's keys come from the service's tag master key, made anew for each database.
  'sdm_meta_read_key',
  'sdm_file_read_key',
]);

/** The answer with what the service makes up replaced by placeholders. */
function withoutMadeUp(value: unknown, key?: string): unknown {
  if (Array.isArray(value)) return value.map((item) => withoutMadeUp(item));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, withoutMadeUp(item, name)]));
  if (key !== undefined && MADE_UP_KEYS.has(key) && value !== null && typeof value !== 'object')
    return `<${typeof value}>`;
  return typeof value === 'string' ? value.replace(MADE_UP, '<made up>') : value;
}

/** The ids later calls of the story need from an answer. */
interface Answer extends ProvisioningAnswer {
  id: string;
  certificate_number: string;
  transfer: { id: string };
  handover: { id: string };
  alert: { id: string };
  tag: { id: string; uid: string };
}

interface Document {
  paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>>;
}

describe('the documented examples', () => {
  it('are what the service answers to each documented request', async () => {
    const document = (
      await context.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })
    ).json<Document>();
    const routes = new Map(
      Object.entries(document.paths).flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => [
          operation.operationId,
          { method: method.toUpperCase(), path, operation },
        ]),
      ),
    );
    const answers = new Map<string, { status: string; body: unknown }>();
    const example = (operationId: string) => operationExamples[operationId]!;

    const call = async (
      operationId: string,
      auth: { authorization: string },
      values: Record<string, string> = {},
      options: { body?: unknown; query?: string; contentType?: string } = {},
    ) => {
      const route = routes.get(operationId)!;
      const url = route.path.replace(/\{([a-z_]+)\}/g, (_whole, name: string) => values[name] ?? 'artworks');
      const body = options.body ?? example(operationId).request;
      const response = await context.app.inject({
        method: route.method,
        url: options.query ? `${url}?${options.query}` : url,
        headers: {
          ...auth,
          ...(body === undefined ? {} : { 'content-type': options.contentType ?? 'application/json' }),
        },
        ...(body === undefined ? {} : { payload: Buffer.isBuffer(body) ? body : JSON.stringify(body) }),
      });
      const status = Object.keys(route.operation.responses).find((code) => code.startsWith('2'));
      expect(String(response.statusCode), `${operationId}: ${response.body}`).toBe(status);
      answers.set(operationId, { status: status!, body: response.json() });
      return response.json<Answer>();
    };

    const owner = await context.createAccountWithKey({ name: 'Galerie Nord' });
    const buyer = await context.createAccountWithKey({ name: 'Buyer Ltd' });
    const waitForProof = async (id: string, sequence: number) => {
      const deadline = Date.now() + 20_000;
      for (;;) {
        const url = `/api/v1/assets/artworks/${id}/history/${sequence}/proof`;
        const response = await context.app.inject({ method: 'GET', url, headers: owner.auth });
        if (response.statusCode === 200 || Date.now() > deadline) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };

    // An older artwork first, so that the list's page of one has more after it.
    await call('createArtworksAsset', owner.auth, {}, { body: { title: 'Older' } });
    const assets: Record<string, Answer> = {};
    for (const [planet, name] of [
      ['artworks', 'Artworks'],
      ['collectibles', 'Collectibles'],
      ['watches', 'Watches'],
      ['jewelry', 'Jewelry'],
    ] as const) {
      assets[planet] = await call(`create${name}Asset`, owner.auth);
      await call(`update${name}Asset`, owner.auth, { id: assets[planet].id });
    }
    const art = assets.artworks!;
    await call('getAsset', owner.auth, { id: art.id });
    await call('listAssets', owner.auth, {}, { query: 'limit=1' });

    await issueCertificateForTest(context.db, art);
    await waitForProof(art.id, 3);
    await call('getAssetHistory', owner.auth, { id: art.id });
    await call('getHistoryEventProof', owner.auth, { id: art.id, sequence: '1' });
    await call('getCertificate', buyer.auth, { number: art.certificate_number });
    await call('getCertificateCredential', buyer.auth, { number: art.certificate_number });
    const verification = await call(
      'verifyAsset',
      buyer.auth,
      {},
      {
        body: { certificate_number: art.certificate_number },
      },
    );
    await call('getVerification', buyer.auth, { id: verification.id });
    await call('listAssetVerifications', owner.auth, { id: art.id });

    const offer = await call(
      'transferAsset',
      owner.auth,
      { id: art.id },
      {
        body: { to_account_id: buyer.accountId },
      },
    );
    await call('listTransfers', buyer.auth);
    await call('acceptTransfer', buyer.auth, { id: offer.transfer.id });

    const haystacks = await call('createArtworksAsset', owner.auth, {}, { body: { title: 'Haystacks' } });
    const offerAgain = async () =>
      (
        await call(
          'transferAsset',
          owner.auth,
          { id: haystacks.id },
          {
            body: { to_account_id: buyer.accountId },
          },
        )
      ).transfer.id;
    await call('declineTransfer', buyer.auth, { id: await offerAgain() });
    await call('cancelTransfer', owner.auth, { id: await offerAgain() });
    await call('archiveAsset', owner.auth, { id: haystacks.id });

    // An issued artwork consigned to the buyer (an auction house), accepted; the buyer then offers it to a collector.
    const poplars = (
      await context.app.inject({
        method: 'POST',
        url: '/api/v1/assets/artworks',
        headers: owner.auth,
        payload: { title: 'Poplars' },
      })
    ).json<Answer>();
    await issueCertificateForTest(context.db, poplars);
    const consigned = await call(
      'handOverAsset',
      owner.auth,
      { id: poplars.id },
      { body: { to_account_id: buyer.accountId } },
    );
    await call('listHandovers', buyer.auth);
    await call('getHandover', owner.auth, { id: consigned.handover.id });
    await call('acceptHandover', buyer.auth, { id: consigned.handover.id });
    const claim = await call('handOverAsset', buyer.auth, { id: poplars.id });
    await call('cancelHandover', buyer.auth, { id: claim.handover.id });

    // The artwork reported stolen: created as documented, its creation the only event after `since`.
    const since = new Date(Date.now() - 1).toISOString();
    const stolen = await call('createArtworksAsset', owner.auth);
    await call('listEvents', owner.auth, {}, { query: `type=asset.created&created_after=${since}` });
    // Media are added before the certificate is issued.
    const photo = await sharp({
      create: { width: 900, height: 600, channels: 3, background: { r: 40, g: 90, b: 60 } },
    })
      .jpeg()
      .toBuffer();
    const medium = await call(
      'uploadMedia',
      owner.auth,
      { id: stolen.id },
      {
        body: photo,
        contentType: 'image/jpeg',
        query: `caption=${String(example('uploadMedia').parameters!.caption)}&public=true`,
      },
    );
    await call('listAssetMedia', owner.auth, { id: stolen.id });
    await call('getAssetMedia', owner.auth, { id: stolen.id, media_id: medium.id });
    await call('changeAssetMediaVisibility', owner.auth, { id: stolen.id, media_id: medium.id });
    // Public again (not an example's call), so the removal answers the documented public medium.
    const madePublic = await context.app.inject({
      method: 'PATCH',
      url: `/api/v1/assets/artworks/${stolen.id}/media/${medium.id}`,
      headers: { ...owner.auth, 'content-type': 'application/json' },
      payload: { public: true },
    });
    expect(madePublic.json()).toMatchObject({ public: true, commitment_salt: null });
    await call('deleteAssetMedia', owner.auth, { id: stolen.id, media_id: medium.id });
    // A photograph of the painting (a flat colour has no fingerprint), public: what a buyer's photo search finds
    // once the artwork is reported stolen.
    const painting = fixturePhoto('two-wings.jpg');
    const again = await context.app.inject({
      method: 'POST',
      url: `/files/v1/assets/artworks/${stolen.id}/media?public=true`,
      headers: { ...owner.auth, 'content-type': 'image/jpeg' },
      payload: painting,
    });
    expect(again.statusCode, again.body).toBe(201);

    await issueCertificateForTest(context.db, stolen);
    const raised = await call('raiseAssetAlert', owner.auth, { id: stolen.id });
    await call('searchMedia', buyer.auth, {}, { body: painting, contentType: 'image/jpeg' });
    await call('resolveAssetAlert', owner.auth, { id: stolen.id, alert_id: raised.alert.id });

    // Recovered, it gets an NFC tag, written as the answer says and tapped once, then unbound.
    const bound = await call('bindAssetTag', owner.auth, { id: stolen.id });
    const link = softwareTagOf(bound).fill(bound.provisioning.url_template);
    const tapped = await context.app.inject({
      method: 'GET',
      url: link.slice(context.config.AVS_PUBLIC_URL!.length),
      headers: { accept: 'application/json' },
    });
    expect(tapped.json()).toMatchObject({ verdict: 'genuine' });
    await call('listAssetTaps', owner.auth, { id: stolen.id });
    await call('listAssetTags', owner.auth, { id: stolen.id });
    await call('unbindAssetTag', owner.auth, { id: stolen.id, tag_id: bound.tag.id });

    const watch = await call(
      'addWatch',
      owner.auth,
      {},
      {
        body: { certificate_number: stolen.certificate_number },
      },
    );
    await call('listWatchlist', owner.auth);
    await call('removeWatch', owner.auth, { watch_id: watch.id });

    const sync = await createApiKey(context.db, {
      actor: { admin: true },
      accountId: owner.accountId,
      name: 'Inventory sync',
    });
    // A few milliseconds later: the revocation is the newest entry, the one page of one shows.
    await new Promise((resolve) => setTimeout(resolve, 3));
    await revokeApiKey(context.db, sync.id, { actor: { admin: true } });
    await call('listAudit', owner.auth, {}, { query: 'limit=1' });

    const hook = await call('createWebhook', owner.auth);
    await call('listWebhooks', owner.auth);
    await call('getWebhook', owner.auth, { id: hook.id });
    const delivery = await call('sendWebhookTest', owner.auth, { id: hook.id });
    await call('listWebhookDeliveries', owner.auth, { id: hook.id });
    await call('retryWebhookDelivery', owner.auth, { id: hook.id, delivery_id: delivery.id });
    await call('deleteWebhook', owner.auth, { id: hook.id });

    // A stock list imported: validated, its mapping changed, its errors listed, started for its valid row, done.
    const waitForImport = async (id: string, state: string) => {
      const deadline = Date.now() + 20_000;
      for (;;) {
        const response = await context.app.inject({
          method: 'GET',
          url: `/api/v1/imports/${id}`,
          headers: owner.auth,
        });
        if (response.json<{ state: string }>().state === state || Date.now() > deadline) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    const stockList = { body: Buffer.from(IMPORT_CSV), contentType: 'text/csv' };
    const uploaded = await call('uploadImport', owner.auth, {}, stockList);
    await waitForImport(uploaded.id, 'ready');
    await call('mapImportColumns', owner.auth, { id: uploaded.id });
    await waitForImport(uploaded.id, 'ready');
    await call('listImportErrors', owner.auth, { id: uploaded.id });
    await call('startImport', owner.auth, { id: uploaded.id });
    await waitForImport(uploaded.id, 'done');
    await call('getImport', owner.auth, { id: uploaded.id });
    await call('listImports', owner.auth, {}, { query: 'limit=1' });
    const secondImport = await call('uploadImport', owner.auth, {}, stockList);
    await waitForImport(secondImport.id, 'ready');
    // Its images, from a ZIP: a photograph kept, a note refused; validated again.
    const photos = zipOf([
      { name: 'photos/GN-2026-014.jpg', bytes: await jpegImage() },
      { name: 'photos/GN-2026-015.txt', bytes: Buffer.from('Not photographed yet.') },
    ]);
    await call(
      'uploadImportMedia',
      owner.auth,
      { id: secondImport.id },
      { body: photos, contentType: 'application/zip' },
    );
    await waitForImport(secondImport.id, 'ready');
    await call('cancelImport', owner.auth, { id: secondImport.id });
    // A correction of each planet's issued certificate, asked by its owner (the artwork is the buyer's now).
    for (const [planet, name] of [
      ['artworks', 'Artworks'],
      ['collectibles', 'Collectibles'],
      ['watches', 'Watches'],
      ['jewelry', 'Jewelry'],
    ] as const) {
      if (planet !== 'artworks') await issueCertificateForTest(context.db, assets[planet]!);
      const asker = planet === 'artworks' ? buyer.auth : owner.auth;
      const asked = await call(`request${name}Correction`, asker, { id: assets[planet]!.id });
      if (planet === 'artworks') {
        await call('listAssetCorrections', asker, { id: art.id });
        await call('getCorrection', asker, { id: asked.id });
        await call('addCorrectionImage', asker, { id: asked.id }, { body: photo, contentType: 'image/jpeg' });
      }
    }

    for (const [operationId, examples] of Object.entries(operationExamples))
      for (const [status, documented] of Object.entries(examples.responses)) {
        const answer = answers.get(operationId);
        expect(answer?.status, `${operationId} was called`).toBe(status);
        expect(withoutMadeUp(answer!.body), `${operationId} ${status}`).toEqual(withoutMadeUp(documented));
      }
    // Every operation answering JSON has its success example here.
    for (const [operationId, { operation }] of routes) {
      const success = Object.entries(operation.responses).find(([code]) => code.startsWith('2'));
      const json = (success?.[1] as { content?: Record<string, unknown> }).content?.['application/json'];
      if (json) expect(Object.keys(example(operationId).responses), operationId).toContain(success![0]);
    }
  }, 120_000);
});
