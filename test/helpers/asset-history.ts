import { createApiKey } from '../../src/modules/keys/keys.service.js';
import { appendEvent } from '../../src/modules/chain/history-events.service.js';
import { form, FORM } from '../admin/admin-helpers.js';
import { jpegImage, pdfDocument } from '../media/media-fixtures.js';
import { joinedMember } from '../members/member-helpers.js';
import { createAssetViaApi, moveCertificateForTest, type CreatedAsset } from './asset-factory.js';
import type { TestContext } from './test-app.js';

type Member = Awaited<ReturnType<typeof joinedMember>>;

/** A gallery as the history pages name it: the account, its named key and its registrar (an owner with a name). */
export interface HistoryGallery {
  accountId: string;
  keyId: string;
  auth: { authorization: string };
  registrar: Member & { email: string };
}

async function nameMember(context: TestContext, memberId: string, name: string): Promise<void> {
  await context.db.query('UPDATE account_members SET display_name = $2 WHERE id = $1', [memberId, name]);
}

/** An account named `people.account`, with an API key named `people.key` and an owner named `people.member`. */
export async function historyGallery(
  context: TestContext,
  people: { account: string; key: string; member: string; email: string },
): Promise<HistoryGallery> {
  const { accountId } = await context.createAccountWithKey({ name: people.account });
  const key = await createApiKey(context.db, {
    accountId,
    actor: { admin: true },
    name: people.key,
    planetScope: ['artworks'],
  });
  const registrar = await joinedMember(context.app, context.db, accountId, people.email, 'owner');
  await nameMember(context, registrar.memberId, people.member);
  return {
    accountId,
    keyId: key.id,
    auth: { authorization: `Bearer ${key.key}` },
    registrar: { ...registrar, email: people.email },
  };
}

/**
 * An artwork whose history holds every kind of event its registering gallery and the operator record, in this order:
 * registered by the key, dimensions changed by the registrar in the console, a public image, a private image and a
 * private PDF added by the key, the PDF removed by the registrar, an NFC tag bound, the certificate issued, reported
 * stolen and recovered, suspended with a reason and reinstated, the tag removed, and a verification of before #11
 * (history kept it then). `extraEdits` more changes by the registrar make the history long.
 */
export async function artworkWithFullHistory(
  context: TestContext,
  gallery: HistoryGallery,
  options: { extraEdits?: number } = {},
): Promise<CreatedAsset> {
  const { app } = context;
  const api = async (method: 'POST' | 'PATCH', url: string, payload: object) => {
    const response = await app.inject({ method, url, headers: gallery.auth, payload });
    if (response.statusCode >= 300) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return response.json<Record<string, unknown>>();
  };
  const upload = async (assetId: string, query: string, type: string, body: Buffer) => {
    const response = await app.inject({
      method: 'POST',
      url: `/files/v1/assets/artworks/${assetId}/media?${query}`,
      headers: { ...gallery.auth, 'content-type': type },
      payload: body,
    });
    if (response.statusCode !== 201) throw new Error(`upload: ${response.statusCode} ${response.body}`);
    return response.json<{ id: string }>();
  };
  const asRegistrar = async (path: string, fields: Record<string, string>) => {
    const response = await app.inject({
      method: 'POST',
      url: path,
      headers: { ...FORM, cookie: gallery.registrar.cookie },
      payload: form({ _csrf: gallery.registrar.csrf, ...fields }),
    });
    if (response.statusCode !== 303) throw new Error(`${path}: ${response.statusCode} ${response.body}`);
  };

  const fields = { title: 'Red Square', artist: 'Ilse Moreau', dimensions: '80 × 120 cm', year: '1975' };
  const asset = await createAssetViaApi(app, gallery.auth, 'artworks', { ...fields, year: 1975 });
  const page = `/console/assets/artworks/${asset.id}`;
  await asRegistrar(`${page}/edit`, { ...fields, dimensions: '81 × 120 cm' });
  for (let edit = 1; edit <= (options.extraEdits ?? 0); edit++) {
    await asRegistrar(`${page}/edit`, {
      ...fields,
      dimensions: '81 × 120 cm',
      edition: `${edit}/${edit + 1}`,
    });
  }
  await upload(asset.id, 'public=true&caption=Front', 'image/jpeg', await jpegImage(1200, 900));
  await upload(asset.id, 'caption=Back', 'image/jpeg', await jpegImage(600, 450));
  const report = await upload(asset.id, 'caption=Condition%20report', 'application/pdf', pdfDocument());
  await asRegistrar(`${page}/media/${report.id}/remove`, {});
  const tag = await api('POST', `/api/v1/assets/artworks/${asset.id}/tags`, { uid: '04D1E2F3A4B5C6' });
  await moveCertificateForTest(context.db, asset, 'issue');
  const alert = await api('POST', `/api/v1/assets/artworks/${asset.id}/alerts`, {
    kind: 'stolen',
    occurred_at: '2026-01-15',
  });
  await api(
    'POST',
    `/api/v1/assets/artworks/${asset.id}/alerts/${(alert.alert as { id: string }).id}/resolve`,
    {
      outcome: 'recovered',
    },
  );
  await moveCertificateForTest(context.db, asset, 'suspend', 'Provenance query from a buyer');
  await moveCertificateForTest(context.db, asset, 'reinstate');
  const tagId = String((tag.tag as { id: string }).id);
  await api('POST', `/api/v1/assets/artworks/${asset.id}/tags/${tagId}/unbind`, { reason: 'Frame replaced' });
  // A verification recorded as history, as the service did before verification became a read (#11).
  await context.db.transaction(async (tx) => {
    await tx.query('SELECT id FROM assets WHERE planet = $1 AND id = $2 FOR UPDATE', ['artworks', asset.id]);
    await appendEvent(tx, {
      assetId: asset.id,
      planet: 'artworks',
      eventType: 'VERIFIED',
      payload: { verified: true, verified_by_account_id: gallery.accountId },
      actorAccountId: gallery.accountId,
    });
  });
  return asset;
}

/** Offers the asset to `to` with the gallery's key; `to`'s registrar accepts it in the console. */
export async function transferInConsole(
  context: TestContext,
  asset: CreatedAsset,
  from: HistoryGallery,
  to: HistoryGallery,
): Promise<void> {
  const offered = await context.app.inject({
    method: 'POST',
    url: `/api/v1/assets/artworks/${asset.id}/transfer`,
    headers: from.auth,
    payload: { to_account_id: to.accountId },
  });
  if (offered.statusCode !== 202) throw new Error(`offer: ${offered.statusCode} ${offered.body}`);
  const transferId = offered.json<{ transfer: { id: string } }>().transfer.id;
  const accepted = await context.app.inject({
    method: 'POST',
    url: `/console/transfers/${transferId}/accept`,
    headers: { ...FORM, cookie: to.registrar.cookie },
    payload: form({ _csrf: to.registrar.csrf }),
  });
  if (accepted.statusCode !== 303) throw new Error(`accept: ${accepted.statusCode} ${accepted.body}`);
}
