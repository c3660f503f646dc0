import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Queryable } from '../../src/db/database.js';
import {
  saveAccountProfile,
  type ProfileInput,
} from '../../src/modules/accounts/account-profiles.service.js';
import type { MediaRecordType } from '../../src/modules/media/media.schemas.js';
import { attachImagesOfCorrection, removeImagesOfCorrection } from '../../src/modules/media/media.service.js';
import {
  createAssetViaApi,
  issueCertificateForTest,
  moveCertificateForTest,
  setCertificateStatusForTest,
  transferViaApi,
  type CreatedAsset,
} from '../helpers/asset-factory.js';
import { useTestContext, type TestContext } from '../helpers/test-app.js';
import { joinedMember } from '../members/member-helpers.js';
import { fixturePhoto } from './media-fixtures.js';

// #51 item 3: every change that can change what the keyless photo search may find writes a keyless_search_changes
// row for its asset in its own transaction (migration 471's triggers), so each instance reads that asset again.
const context = useTestContext();

type Account = Awaited<ReturnType<TestContext['createAccountWithKey']>>;

/** The newest change number, so a test sees only the rows its own change wrote. */
async function lastChange(db: Queryable): Promise<string> {
  const { rows } = await db.query<{ seq: string }>(
    'SELECT coalesce(max(seq), 0)::text AS seq FROM keyless_search_changes',
  );
  return rows[0]!.seq;
}

/** The assets named by the rows written after `mark`, sorted, each as often as it was named. */
async function changedSince(mark: string, db: Queryable = context.db): Promise<string[]> {
  const { rows } = await db.query<{ asset_id: string }>(
    'SELECT asset_id FROM keyless_search_changes WHERE seq > $1 ORDER BY asset_id',
    [mark],
  );
  return rows.map((row) => row.asset_id);
}

/** What `change` wrote: the assets it named. */
async function changedBy(change: () => Promise<unknown>): Promise<string[]> {
  const mark = await lastChange(context.db);
  await change();
  return changedSince(mark);
}

async function upload(account: Account, asset: CreatedAsset, photo: string) {
  const response = await context.app.inject({
    method: 'POST',
    url: `/files/v1/assets/${asset.planet}/${asset.id}/media?public=true`,
    headers: { ...account.auth, 'content-type': 'image/jpeg' },
    payload: fixturePhoto(photo),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<MediaRecordType>();
}

async function raiseAlert(account: Account, asset: CreatedAsset): Promise<string> {
  const raised = await context.app.inject({
    method: 'POST',
    url: `/api/v1/assets/${asset.planet}/${asset.id}/alerts`,
    headers: account.auth,
    payload: { kind: 'stolen', occurred_at: '2026-01-05' },
  });
  expect(raised.statusCode, raised.body).toBe(201);
  return raised.json<{ alert: { id: string } }>().alert.id;
}

const PROFILE: ProfileInput = {
  displayName: '',
  city: '',
  country: '',
  website: '',
  contactEmail: '',
  showInventoryNumber: false,
  findableByPhoto: false,
};

const owners = new Map<string, string>();

/** The owner saves the profile (the console's save, without its page), in `tx` or a transaction of its own. */
async function saveProfile(account: Account, input: Partial<ProfileInput>, tx?: Queryable) {
  let memberId = owners.get(account.accountId);
  if (!memberId) {
    const owner = await joinedMember(
      context.app,
      context.db,
      account.accountId,
      `${randomUUID()}@example.com`,
    );
    memberId = owner.memberId;
    owners.set(account.accountId, memberId);
  }
  const change = { accountId: account.accountId, memberId, isOwner: true };
  const save = (db: Queryable) =>
    saveAccountProfile(db, context.app.mediaStores, change, { ...PROFILE, ...input }, { kind: 'keep' });
  return tx ? save(tx) : context.db.transaction(save);
}

describe('what writes a keyless search change', () => {
  it('the account choosing to be findable by photo, and choosing not to: every asset of the account, once', async () => {
    const gallery = await context.createAccountWithKey();
    const neighbour = await context.createAccountWithKey();
    const pending = await createAssetViaApi(context.app, gallery.auth);
    const issued = await createAssetViaApi(context.app, gallery.auth);
    await issueCertificateForTest(context.db, issued);
    const alerted = await createAssetViaApi(context.app, gallery.auth);
    await raiseAlert(gallery, alerted);
    await createAssetViaApi(context.app, neighbour.auth);
    const all = [pending.id, issued.id, alerted.id].sort();

    // The first save makes the profile's row: turned on there, every asset is named.
    expect(await changedBy(() => saveProfile(gallery, { findableByPhoto: true }))).toEqual(all);
    // A save that leaves the choice as it is (another field changed) names none.
    expect(await changedBy(() => saveProfile(gallery, { findableByPhoto: true, city: 'Hamburg' }))).toEqual(
      [],
    );
    expect(await changedBy(() => saveProfile(gallery, { city: 'Hamburg' }))).toEqual(all);
    // A profile saved with the choice off from the start names none.
    expect(await changedBy(() => saveProfile(neighbour, { city: 'Bremen' }))).toEqual([]);
  });

  it('a certificate issued, suspended, reinstated or revoked; a pending upload without an alert writes none', async () => {
    const gallery = await context.createAccountWithKey();
    const asset = await createAssetViaApi(context.app, gallery.auth);
    expect(await changedBy(() => upload(gallery, asset, 'dune.jpg'))).toEqual([]);
    expect(await changedBy(() => issueCertificateForTest(context.db, asset))).toEqual([asset.id]);
    expect(await changedBy(() => setCertificateStatusForTest(context.db, asset, 'suspended'))).toEqual([
      asset.id,
    ]);
    expect(await changedBy(() => moveCertificateForTest(context.db, asset, 'reinstate'))).toEqual([asset.id]);
    expect(await changedBy(() => setCertificateStatusForTest(context.db, asset, 'revoked'))).toEqual([
      asset.id,
    ]);
  });

  it("an alert raised or resolved: one row, the trigger's alone", async () => {
    const gallery = await context.createAccountWithKey();
    const asset = await createAssetViaApi(context.app, gallery.auth);
    await issueCertificateForTest(context.db, asset);
    let alertId = '';
    expect(
      await changedBy(async () => {
        alertId = await raiseAlert(gallery, asset);
      }),
    ).toEqual([asset.id]);
    expect(
      await changedBy(async () => {
        const resolved = await context.app.inject({
          method: 'POST',
          url: `/api/v1/assets/${asset.planet}/${asset.id}/alerts/${alertId}/resolve`,
          headers: gallery.auth,
          payload: { outcome: 'recovered' },
        });
        expect(resolved.statusCode, resolved.body).toBe(200);
      }),
    ).toEqual([asset.id]);
  });

  it('a medium added, made private or public, and removed, on an asset with an open alert', async () => {
    const gallery = await context.createAccountWithKey();
    const asset = await createAssetViaApi(context.app, gallery.auth);
    await raiseAlert(gallery, asset);
    let medium: MediaRecordType | undefined;
    expect(
      await changedBy(async () => {
        medium = await upload(gallery, asset, 'storm.jpg');
      }),
    ).toEqual([asset.id]);
    const mediumUrl = `/api/v1/assets/${asset.planet}/${asset.id}/media/${medium!.id}`;
    const visibility = (isPublic: boolean) => async () => {
      const changed = await context.app.inject({
        method: 'PATCH',
        url: mediumUrl,
        headers: gallery.auth,
        payload: { public: isPublic },
      });
      expect(changed.statusCode, changed.body).toBe(200);
    };
    expect(await changedBy(visibility(false))).toEqual([asset.id]);
    // Asked for the visibility it has: nothing changes, nothing is written.
    expect(await changedBy(visibility(false))).toEqual([]);
    expect(await changedBy(visibility(true))).toEqual([asset.id]);
    expect(
      await changedBy(async () => {
        const removed = await context.app.inject({ method: 'DELETE', url: mediumUrl, headers: gallery.auth });
        expect(removed.statusCode, removed.body).toBe(200);
      }),
    ).toEqual([asset.id]);
  });

  it("a correction's images removed from and added to an issued certificate", async () => {
    const gallery = await context.createAccountWithKey();
    const asset = await createAssetViaApi(context.app, gallery.auth);
    const medium = await upload(gallery, asset, 'wood.jpg');
    await issueCertificateForTest(context.db, asset);
    const row = { id: asset.id, planet: asset.planet, account_id: gallery.accountId };
    // The same picture added as a new public medium, then the first one removed (the blob stays: one names it).
    expect(
      await changedBy(() =>
        context.db.transaction((tx) =>
          attachImagesOfCorrection(tx, row, [{ id: randomUUID(), sha256: medium.sha256, phash: null }]),
        ),
      ),
    ).toEqual([asset.id]);
    expect(
      await changedBy(() => context.db.transaction((tx) => removeImagesOfCorrection(tx, row, [medium.id]))),
    ).toEqual([asset.id]);
  });

  it('an asset moved to another account', async () => {
    const giver = await context.createAccountWithKey();
    const receiver = await context.createAccountWithKey();
    const asset = await createAssetViaApi(context.app, giver.auth);
    await issueCertificateForTest(context.db, asset);
    expect(await changedBy(() => transferViaApi(context.app, asset, giver.auth, receiver))).toEqual([
      asset.id,
    ]);
  });

  it('nothing from a change rolled back', async () => {
    const gallery = await context.createAccountWithKey();
    const asset = await createAssetViaApi(context.app, gallery.auth);
    // Its owner and profile made first, outside the transaction (the choice still off: no row).
    await saveProfile(gallery, { city: 'Kiel' });
    const mark = await lastChange(context.db);
    const rolledBack = new Error('rolled back by the test');
    await expect(
      context.db.transaction(async (tx) => {
        await saveProfile(gallery, { findableByPhoto: true }, tx);
        await tx.query(
          "UPDATE assets SET certificate_status = 'issued', issued_at = now() WHERE planet = $1 AND id = $2",
          [asset.planet, asset.id],
        );
        // Inside the transaction the rows are there: the setting's and the issue's.
        expect(await changedSince(mark, tx)).toEqual([asset.id, asset.id]);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(await changedSince(mark)).toEqual([]);
  });
});
