import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptClaim, currentHolder } from '../../src/modules/holders/holders.service.js';
import { form, FORM } from '../admin/admin-helpers.js';
import { CREDENTIALS_TEST_CONFIG } from '../credentials/credential-helpers.js';
import { createAssetViaApi, issueCertificateForTest, type CreatedAsset } from '../helpers/asset-factory.js';
import { decodeQr, pdfText, renderPages, savePdf } from '../helpers/pdf-pictures.js';
import { useTestContext, type TestContext } from '../helpers/test-app.js';
import { insertCollector } from '../holders/collector-rows.js';
import { joinedMember } from '../members/member-helpers.js';

// The gallery's side of a hand-over in its console (docs/console.md, "Hand-overs"): a claim for a buyer with its card,
// a consignment answered by the other account's member, and who may do what.
const context = useTestContext({ config: CREDENTIALS_TEST_CONFIG });
const work = mkdtempSync(path.join(tmpdir(), 'avs-handover-pages-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

type Member = { cookie: string; csrf: string };
type AccountWithKey = Awaited<ReturnType<TestContext['createAccountWithKey']>>;
const email = () => `ho-${randomUUID().slice(0, 8)}@example.com`;
const get = (url: string, member: Member) =>
  context.app.inject({ method: 'GET', url, headers: { cookie: member.cookie } });
const post = (url: string, member: Member, fields: Record<string, string> = {}) =>
  context.app.inject({
    method: 'POST',
    url,
    headers: { ...FORM, cookie: member.cookie },
    payload: form({ _csrf: member.csrf, ...fields }),
  });

let gallery: AccountWithKey;
let auctionHouse: AccountWithKey;
let editor: Member;
let viewer: Member;
let houseEditor: Member;
let houseViewer: Member;
const houseName = `Auktionshaus Süd ${randomUUID().slice(0, 6)}`;

beforeAll(async () => {
  gallery = await context.createAccountWithKey({ name: `Galerie Nord ${randomUUID().slice(0, 6)}` });
  auctionHouse = await context.createAccountWithKey({ name: houseName });
  editor = await joinedMember(context.app, context.db, gallery.accountId, email(), 'editor');
  viewer = await joinedMember(context.app, context.db, gallery.accountId, email(), 'viewer');
  houseEditor = await joinedMember(context.app, context.db, auctionHouse.accountId, email(), 'editor');
  houseViewer = await joinedMember(context.app, context.db, auctionHouse.accountId, email(), 'viewer');
});

async function issuedArtwork(): Promise<CreatedAsset> {
  const asset = await createAssetViaApi(context.app, gallery.auth, 'artworks', {
    title: 'Nymphéas, étude',
    artist: 'Claude Monet',
  });
  await issueCertificateForTest(context.db, asset);
  return asset;
}

const objectPath = (asset: CreatedAsset) => `/console/handovers/objects/artworks/${asset.id}`;

/** The claim page's one-time code, link and card form, as the member's browser has them. */
function claimOf(body: string) {
  const link = /data-claim-link>([^<]+)</.exec(body)?.[1];
  const code = /name="code" value="([^"]+)"/.exec(body)?.[1];
  const card = /action="(\/console\/handovers\/offers\/[^/]+\/card\.pdf)"/.exec(body)?.[1];
  expect(link && code && card, 'the claim page shows its link, code and card').toBeTruthy();
  return { link: link!, code: code!, card: card!, handoverId: card!.split('/')[4]! };
}

async function auditActions(accountId: string): Promise<string[]> {
  const { rows } = await context.db.query<{ action: string }>(
    'SELECT action FROM account_audit_log WHERE account_id = $1 ORDER BY created_at',
    [accountId],
  );
  return rows.map((row) => row.action);
}

describe('hand over to a buyer', () => {
  it('shows the claim link, QR code and code once; the card downloads with the claim link in its QR code', async () => {
    const asset = await issuedArtwork();
    const assetPage = await get(`/console/assets/artworks/${asset.id}`, editor);
    expect(assetPage.body).toContain('Hand over to a buyer');
    expect(assetPage.body).toContain(`action="${objectPath(asset)}/claim"`);

    const made = await post(`${objectPath(asset)}/claim`, editor, { email: '', language: 'fr' });
    expect(made.statusCode).toBe(200);
    expect(made.headers['cache-control']).toBe('no-store');
    const claim = claimOf(made.body);
    expect(claim.link).toBe(`${CREDENTIALS_TEST_CONFIG.AVS_PUBLIC_URL}/collection/claim/${claim.code}`);
    expect(made.body).toMatch(/<svg role="img" aria-label="QR code of the claim link for certificate/);
    expect(made.body).toContain('Download the hand-over card (PDF)');
    // The database keeps the code's hash only.
    const { rows } = await context.db.query<{ code_hash: string; language: string }>(
      'SELECT code_hash, language FROM handovers WHERE id = $1',
      [claim.handoverId],
    );
    expect(rows[0]!.code_hash).not.toContain(claim.code);
    expect(JSON.stringify(rows)).not.toContain(claim.code);

    const card = await post(claim.card, editor, { code: claim.code, language: 'fr' });
    expect(card.statusCode).toBe(200);
    expect(card.headers['content-type']).toBe('application/pdf');
    const file = savePdf(work, card.rawPayload);
    const [page] = renderPages(work, file);
    expect(decodeQr(page!)).toBe(claim.link);
    const words = pdfText(file);
    expect(words).toContain(asset.certificate_number);
    expect(words).toContain('Comment le recevoir');

    // The page the hand-over left: its offer is open, no second form, and a wrong code opens no card.
    const after = await get(`/console/assets/artworks/${asset.id}`, editor);
    expect(after.body).toContain('A hand-over to a buyer is open until');
    expect(after.body).not.toContain(`action="${objectPath(asset)}/claim"`);
    expect(after.body).not.toContain(claim.code);
    const wrong = await post(claim.card, editor, { code: `${claim.code.slice(0, -2)}AA`, language: 'fr' });
    expect(wrong.statusCode).toBe(404);
    expect(await auditActions(gallery.accountId)).toContain('handover.created');
  });

  it('cancels the hand-over: the card is gone and the object stays with the gallery', async () => {
    const asset = await issuedArtwork();
    const claim = claimOf((await post(`${objectPath(asset)}/claim`, editor, { language: 'en' })).body);
    const cancelled = await post(`/console/handovers/offers/${claim.handoverId}/cancel`, editor);
    expect(cancelled.statusCode).toBe(303);
    const page = await get(cancelled.headers.location as string, editor);
    expect(page.body).toContain('Hand-over cancelled: the object stays with this account.');
    expect(page.body).toContain(`action="${objectPath(asset)}/claim"`);
    expect((await post(claim.card, editor, { code: claim.code })).statusCode).toBe(404);
    expect(await currentHolder(context.db, 'artworks', asset.id)).toEqual({
      kind: 'account',
      accountId: gallery.accountId,
    });
    expect(await auditActions(gallery.accountId)).toContain('handover.cancelled');
  });

  it('after the claim, says "held by a private collection" and offers no hand-over, transfer or alert actions', async () => {
    const asset = await issuedArtwork();
    const claim = claimOf((await post(`${objectPath(asset)}/claim`, editor, { language: 'en' })).body);
    const collector = await insertCollector(context.db);
    await acceptClaim(context.db, { code: claim.code, collectorId: collector.collectorId });

    const page = await get(`/console/assets/artworks/${asset.id}`, editor);
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/Held by a private collection since/);
    expect(page.body).not.toContain(collector.email);
    expect(page.body).not.toContain(collector.publicName);
    expect(page.body).not.toContain(`action="${objectPath(asset)}/claim"`);
    expect(page.body).not.toContain(`/console/assets/artworks/${asset.id}/transfer"`);
    expect(page.body).not.toContain(`/console/assets/artworks/${asset.id}/alerts"`);
    const refused = await post(`${objectPath(asset)}/claim`, editor, { language: 'en' });
    expect(refused.statusCode).toBe(403);
  });

  it('is refused to viewers, who still read the hand-over panel', async () => {
    const asset = await issuedArtwork();
    const page = await get(`/console/assets/artworks/${asset.id}`, viewer);
    expect(page.body).toContain('id="handover-heading"');
    expect(page.body).not.toContain(`action="${objectPath(asset)}/claim"`);
    const refused = await post(`${objectPath(asset)}/claim`, viewer, { language: 'en' });
    expect(refused.statusCode).toBe(403);
    const { rows } = await context.db.query('SELECT id FROM handovers WHERE asset_id = $1', [asset.id]);
    expect(rows).toHaveLength(0);
  });
});

describe('consign to another account', () => {
  it('is offered by public name, accepted by the consignee’s editor, then handed over by it to a buyer', async () => {
    const asset = await issuedArtwork();
    const unknown = await post(`${objectPath(asset)}/consign`, editor, { consignee: 'No Such House' });
    expect(unknown.statusCode).toBe(303);
    expect((await get(unknown.headers.location as string, editor)).body).toContain(
      'No account has this public name.',
    );

    const offered = await post(`${objectPath(asset)}/consign`, editor, {
      consignee: ` ${houseName.toUpperCase()} `,
    });
    expect(offered.statusCode).toBe(303);
    expect((await get(offered.headers.location as string, editor)).body).toContain(
      `Consignment offered to ${houseName}.`,
    );

    const list = await get('/console/handovers', houseEditor);
    expect(list.statusCode).toBe(200);
    const handoverId = /data-handover-id="([^"]+)"/.exec(list.body)?.[1];
    expect(handoverId).toBeDefined();
    expect(list.body).toContain(asset.certificate_number);
    // A viewer of the consignee reads the offer without its buttons, and cannot accept it.
    const viewerList = await get('/console/handovers', houseViewer);
    expect(viewerList.body).toContain(asset.certificate_number);
    expect(viewerList.body).not.toContain(`/console/handovers/offers/${handoverId}/accept`);
    expect((await post(`/console/handovers/offers/${handoverId}/accept`, houseViewer)).statusCode).toBe(403);
    // The gallery cannot accept its own offer.
    expect((await post(`/console/handovers/offers/${handoverId}/accept`, editor)).statusCode).toBe(403);

    const accepted = await post(`/console/handovers/offers/${handoverId}/accept`, houseEditor);
    expect(accepted.statusCode).toBe(303);
    const held = await get('/console/handovers', houseEditor);
    expect(held.body).toContain(`Accepted: this account now holds ${asset.certificate_number}.`);
    expect(held.body).toContain(`data-held-asset="${asset.id}"`);
    expect(await currentHolder(context.db, 'artworks', asset.id)).toEqual({
      kind: 'account',
      accountId: auctionHouse.accountId,
    });
    expect(await auditActions(auctionHouse.accountId)).toContain('consignment.accepted');

    // The gallery reads where its object is now, and can no longer hand it over.
    const galleryPage = await get(`/console/assets/artworks/${asset.id}`, editor);
    expect(galleryPage.body).toContain(`Held on consignment by ${houseName} since`);
    expect(galleryPage.body).not.toContain(`action="${objectPath(asset)}/claim"`);

    // The auction house hands it over to its buyer from the object's hand-over page.
    const housePage = await get(objectPath(asset), houseEditor);
    expect(housePage.statusCode).toBe(200);
    expect(housePage.body).toContain('This account holds it on consignment since');
    const made = await post(`${objectPath(asset)}/claim`, houseEditor, { language: 'de' });
    expect(made.statusCode).toBe(200);
    const claim = claimOf(made.body);
    const card = await post(claim.card, houseEditor, { code: claim.code, language: 'de' });
    expect(card.statusCode).toBe(200);
    expect(pdfText(savePdf(work, card.rawPayload))).toContain(houseName);
  });

  it('is declined by the consignee: the object stays with the gallery', async () => {
    const asset = await issuedArtwork();
    await post(`${objectPath(asset)}/consign`, editor, { consignee: houseName });
    const list = await get('/console/handovers', houseEditor);
    const handoverId = new RegExp(`data-handover-id="([^"]+)"[\\s\\S]*?${asset.certificate_number}`).exec(
      list.body,
    )?.[1];
    const declined = await post(`/console/handovers/offers/${handoverId}/decline`, houseEditor);
    expect(declined.statusCode).toBe(303);
    expect((await get('/console/handovers', houseEditor)).body).toContain(
      'Consignment declined: the object stays with its holder.',
    );
    expect(await currentHolder(context.db, 'artworks', asset.id)).toEqual({
      kind: 'account',
      accountId: gallery.accountId,
    });
    expect(await auditActions(auctionHouse.accountId)).toContain('consignment.declined');
  });

  it('keeps another account’s object page closed', async () => {
    const asset = await issuedArtwork();
    expect((await get(objectPath(asset), houseEditor)).statusCode).toBe(404);
  });
});

describe('a proof of holding from the console', () => {
  const proofOf = (body: string) => /<code class="proof-code">([^<]+)<\/code>/.exec(body)?.[1];
  const receipt = (asset: CreatedAsset, code: string) =>
    context.app.inject({ method: 'GET', url: `/c/${asset.certificate_number}/proofs/${code}` });

  it('is made by the holding account’s editors, its receipt checked; the registrant that handed it on may not', async () => {
    const asset = await issuedArtwork();
    const page = await get(objectPath(asset), editor);
    expect(page.body).toContain('Make a proof of holding');
    expect(page.body).toContain(`action="${objectPath(asset)}/proof"`);
    expect((await get(objectPath(asset), viewer)).body).not.toContain(`action="${objectPath(asset)}/proof"`);
    expect((await post(`${objectPath(asset)}/proof`, viewer)).statusCode).toBe(403);

    const made = await post(`${objectPath(asset)}/proof`, editor);
    expect(made.statusCode).toBe(200);
    expect(made.headers['cache-control']).toBe('no-store');
    expect(made.body).toContain('aria-label="QR code of the proof’s address"');
    expect(made.body).toMatch(/Valid until <time datetime="[^"]+">/);
    const galleryCode = proofOf(made.body)!;
    expect(made.body).toContain(
      `${CREDENTIALS_TEST_CONFIG.AVS_PUBLIC_URL}/c/${asset.certificate_number}?proof=${galleryCode}`,
    );
    const checked = await receipt(asset, galleryCode);
    expect(checked.statusCode).toBe(200);
    expect(checked.json()).toMatchObject({ credentialSubject: { holder: 'registrant' } });

    // Consigned to the auction house: it proves holding now, and the gallery's proof is good no more.
    await post(`${objectPath(asset)}/consign`, editor, { consignee: houseName });
    const list = await get('/console/handovers', houseEditor);
    const handoverId = new RegExp(`data-handover-id="([^"]+)"[\\s\\S]*?${asset.certificate_number}`).exec(
      list.body,
    )?.[1];
    expect((await post(`/console/handovers/offers/${handoverId}/accept`, houseEditor)).statusCode).toBe(303);
    expect((await receipt(asset, galleryCode)).statusCode).toBe(404);
    expect((await get(objectPath(asset), editor)).body).not.toContain('Make a proof of holding');
    expect((await post(`${objectPath(asset)}/proof`, editor)).statusCode).toBe(404);

    const housePage = await get(objectPath(asset), houseEditor);
    expect(housePage.body).toContain(`action="${objectPath(asset)}/proof"`);
    const byHouse = await post(`${objectPath(asset)}/proof`, houseEditor);
    expect(byHouse.statusCode).toBe(200);
    const houseReceipt = await receipt(asset, proofOf(byHouse.body)!);
    expect(houseReceipt.statusCode).toBe(200);
    expect(houseReceipt.json<{ credentialSubject: { holder: string } }>().credentialSubject.holder).toMatch(
      /^[0-9a-f]{64}$/,
    );
  });
});
