import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { form, FORM } from '../admin/admin-helpers.js';
import { createAssetViaApi, issueCertificateForTest } from '../helpers/asset-factory.js';
import { useTestContext } from '../helpers/test-app.js';
import { joinedMember } from '../members/member-helpers.js';

const context = useTestContext();
const email = () => `tw-${randomUUID().slice(0, 8)}@example.com`;
const get = (url: string, cookie: string) => context.app.inject({ method: 'GET', url, headers: { cookie } });
const post = (url: string, member: { cookie: string; csrf: string }, fields: Record<string, string> = {}) =>
  context.app.inject({
    method: 'POST',
    url,
    headers: { ...FORM, cookie: member.cookie },
    payload: form({ _csrf: member.csrf, ...fields }),
  });

/** Two accounts with a key each; in each an editor and a viewer signed in to the console. */
async function twoAccounts() {
  const a = await context.createAccountWithKey({ name: 'Sender Gallery' });
  const b = await context.createAccountWithKey({ name: 'Receiver Gallery' });
  return {
    a,
    b,
    aEditor: await joinedMember(context.app, context.db, a.accountId, email(), 'editor'),
    bEditor: await joinedMember(context.app, context.db, b.accountId, email(), 'editor'),
    bViewer: await joinedMember(context.app, context.db, b.accountId, email(), 'viewer'),
  };
}

async function offer(asset: { id: string }, from: { authorization: string }, toAccountId: string) {
  const response = await context.app.inject({
    method: 'POST',
    url: `/api/v1/assets/artworks/${asset.id}/transfer`,
    headers: from,
    payload: { to_account_id: toAccountId },
  });
  expect(response.statusCode).toBe(202);
  return response.json<{ transfer: { id: string } }>().transfer.id;
}

async function transferRow(id: string) {
  const { rows } = await context.db.query<{ status: string }>('SELECT status FROM transfers WHERE id = $1', [
    id,
  ]);
  return rows[0]!;
}

async function ownerOf(assetId: string) {
  const { rows } = await context.db.query<{ account_id: string }>(
    'SELECT account_id FROM assets WHERE id = $1',
    [assetId],
  );
  return rows[0]!.account_id;
}

describe('/console/transfers', () => {
  it('shows an offer made in one account in the other’s received list; accepting it there moves the asset', async () => {
    const { a, b, aEditor, bEditor } = await twoAccounts();
    const asset = await createAssetViaApi(context.app, a.auth);
    const transferId = await offer(asset, a.auth, b.accountId);

    const made = await get('/console/transfers', aEditor.cookie);
    expect(made.statusCode).toBe(200);
    expect(made.body).toMatch(/<h2 id="made-heading">Offers made<\/h2>[\s\S]*?data-transfer-id/);
    expect(made.body).toContain(`action="/console/transfers/${transferId}/cancel"`);
    expect(made.body).not.toContain(`action="/console/transfers/${transferId}/accept"`);

    const received = await get('/console/transfers', bEditor.cookie);
    expect(received.statusCode).toBe(200);
    expect(received.body).toContain(asset.certificate_number);
    expect(received.body).toContain('Sender Gallery');
    expect(received.body).toContain(`action="/console/transfers/${transferId}/accept"`);
    expect(received.body).toContain(`action="/console/transfers/${transferId}/decline"`);

    const accepted = await post(`/console/transfers/${transferId}/accept`, bEditor);
    expect(accepted.statusCode).toBe(303);
    expect(accepted.headers.location).toBe('/console/transfers');
    expect(await ownerOf(asset.id)).toBe(b.accountId);
    expect((await transferRow(transferId)).status).toBe('accepted');
    // The member who accepted is the actor of the history event.
    const { rows } = await context.db.query<{ payload: { source: string; member_id: string } }>(
      `SELECT payload FROM asset_events WHERE asset_id = $1 AND event_type = 'OWNERSHIP_TRANSFERRED'`,
      [asset.id],
    );
    expect(rows[0]!.payload).toMatchObject({ source: 'console', member_id: bEditor.memberId });
    const after = await get('/console/transfers', bEditor.cookie);
    expect(after.body).toContain(`Accepted: ${asset.certificate_number} is now the account’s.`);
    expect(after.body).toContain('No offer waits for your answer.');

    // Deciding again is refused on the page, which says why.
    const again = await post(`/console/transfers/${transferId}/accept`, bEditor);
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('role="alert"');
    expect(again.body).toContain('<h1>Transfers</h1>');
  });

  it('declines an offer received and cancels one made: the asset stays', async () => {
    const { a, b, aEditor, bEditor } = await twoAccounts();
    const declinedAsset = await createAssetViaApi(context.app, a.auth);
    const declinedId = await offer(declinedAsset, a.auth, b.accountId);
    const declined = await post(`/console/transfers/${declinedId}/decline`, bEditor);
    expect(declined.statusCode).toBe(303);
    expect((await transferRow(declinedId)).status).toBe('declined');
    expect(await ownerOf(declinedAsset.id)).toBe(a.accountId);

    const cancelledAsset = await createAssetViaApi(context.app, a.auth);
    const cancelledId = await offer(cancelledAsset, a.auth, b.accountId);
    // The receiver cannot cancel, nor the sender accept: not their side of the offer (404 page).
    expect((await post(`/console/transfers/${cancelledId}/cancel`, bEditor)).statusCode).toBe(404);
    expect((await post(`/console/transfers/${cancelledId}/accept`, aEditor)).statusCode).toBe(404);
    const cancelled = await post(`/console/transfers/${cancelledId}/cancel`, aEditor);
    expect(cancelled.statusCode).toBe(303);
    expect((await transferRow(cancelledId)).status).toBe('cancelled');
    expect(await ownerOf(cancelledAsset.id)).toBe(a.accountId);
    const page = await get('/console/transfers', aEditor.cookie);
    expect(page.body).toContain('Offer cancelled.');
    expect(page.body).toContain('The account has no open offer.');
  });

  it('shows a viewer the offers without buttons, and refuses its decisions with 403', async () => {
    const { a, b, bViewer } = await twoAccounts();
    const asset = await createAssetViaApi(context.app, a.auth);
    const transferId = await offer(asset, a.auth, b.accountId);
    const page = await get('/console/transfers', bViewer.cookie);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(asset.certificate_number);
    expect(page.body).not.toContain('action="/console/transfers/');
    for (const move of ['accept', 'decline', 'cancel']) {
      const refused = await post(`/console/transfers/${transferId}/${move}`, bViewer);
      expect(refused.statusCode).toBe(403);
    }
    expect((await transferRow(transferId)).status).toBe('pending');
  });
});

describe('/console/watchlist', () => {
  it('adds a certificate by number, shows what fired, and removes it', async () => {
    const { a, bEditor } = await twoAccounts();
    const asset = await createAssetViaApi(context.app, a.auth);
    await issueCertificateForTest(context.db, asset);

    const empty = await get('/console/watchlist', bEditor.cookie);
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toContain('The account watches no certificate.');
    expect(empty.body).toContain('<label for="watch-number">Certificate number</label>');

    // Typed in lower case with spaces: the number as printed is what is watched.
    const added = await post('/console/watchlist', bEditor, {
      certificate_number: ` ${asset.certificate_number.toLowerCase()} `,
    });
    expect(added.statusCode).toBe(303);
    expect((await get('/console/watchlist', bEditor.cookie)).body).toContain(
      `Now watching ${asset.certificate_number}.`,
    );
    const { rows } = await context.db.query<{ id: string; certificate_number: string }>(
      'SELECT id, certificate_number FROM watchlist_entries WHERE account_id = (SELECT account_id FROM account_members WHERE id = $1)',
      [bEditor.memberId],
    );
    expect(rows).toEqual([{ id: expect.any(String), certificate_number: asset.certificate_number }]);
    const watchId = rows[0]!.id;

    // Twice is refused on the page; an unknown number too, kept in the field.
    const twice = await post('/console/watchlist', bEditor, { certificate_number: asset.certificate_number });
    expect(twice.statusCode).toBe(409);
    expect(twice.body).toContain('role="alert"');
    const unknown = await post('/console/watchlist', bEditor, { certificate_number: 'ART-2026-999999' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('value="ART-2026-999999"');

    // The owner reports it stolen: the watcher sees it fire.
    const raised = await context.app.inject({
      method: 'POST',
      url: `/api/v1/assets/artworks/${asset.id}/alerts`,
      headers: a.auth,
      payload: { kind: 'stolen', occurred_at: '2026-01-02' },
    });
    expect(raised.statusCode).toBe(201);
    const page = await get('/console/watchlist', bEditor.cookie);
    expect(page.body).toMatch(
      new RegExp(
        `<h2 id="fired-heading">What fired</h2>[\\s\\S]*?${asset.certificate_number}[\\s\\S]*?Reported stolen or lost \\(stolen\\)`,
      ),
    );
    expect(page.body).toContain(`action="/console/watchlist/${watchId}/remove"`);

    const removed = await post(`/console/watchlist/${watchId}/remove`, bEditor);
    expect(removed.statusCode).toBe(303);
    const after = await get('/console/watchlist', bEditor.cookie);
    expect(after.body).toContain(`No longer watching ${asset.certificate_number}.`);
    expect(after.body).toContain('The account watches no certificate.');
    // Removing it again: no such entry (404 page).
    expect((await post(`/console/watchlist/${watchId}/remove`, bEditor)).statusCode).toBe(404);
  });

  it('shows a viewer the list without the form or buttons, and refuses its changes with 403', async () => {
    const { a, b, bEditor, bViewer } = await twoAccounts();
    const asset = await createAssetViaApi(context.app, a.auth);
    expect(
      (await post('/console/watchlist', bEditor, { certificate_number: asset.certificate_number }))
        .statusCode,
    ).toBe(303);
    const { rows } = await context.db.query<{ id: string }>(
      'SELECT id FROM watchlist_entries WHERE account_id = $1',
      [b.accountId],
    );
    const page = await get('/console/watchlist', bViewer.cookie);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(asset.certificate_number);
    expect(page.body).not.toContain('action="/console/watchlist');
    const add = await post('/console/watchlist', bViewer, { certificate_number: asset.certificate_number });
    expect(add.statusCode).toBe(403);
    const remove = await post(`/console/watchlist/${rows[0]!.id}/remove`, bViewer);
    expect(remove.statusCode).toBe(403);
    const { rows: still } = await context.db.query('SELECT id FROM watchlist_entries WHERE account_id = $1', [
      b.accountId,
    ]);
    expect(still).toHaveLength(1);
  });
});
