import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { listEvents } from '../../src/modules/chain/events.repository.js';
import type { MemberPrincipal } from '../../src/modules/principal/principal.js';
import { rotateTagKeys, tagFileReadKey, tagKeysByVersion } from '../../src/modules/tags/tag-keys.service.js';
import { bindTag } from '../../src/modules/tags/tags.service.js';
import { createAssetViaApi, issueCertificateForTest, type CreatedAsset } from '../helpers/asset-factory.js';
import { insertMember } from '../helpers/member-factory.js';
import { expectSecurityRefusals, securityCases } from '../helpers/security-cases.js';
import { useTestContext } from '../helpers/test-app.js';

const ADMIN_TOKEN = 'admin-token-for-tag-tests-0123456789';
const PUBLIC_URL = 'https://avs.example.com';
const context = useTestContext({ config: { AVS_ADMIN_TOKEN: ADMIN_TOKEN, AVS_PUBLIC_URL: PUBLIC_URL } });

type Auth = { authorization: string };
interface Bound {
  tag: { id: string; uid: string; status: string; key_version: number; tamper: boolean } & Record<
    string,
    unknown
  >;
  provisioning: {
    sdm_meta_read_key: string;
    sdm_file_read_key: string;
    url_template: string;
    offsets: Record<string, number>;
  };
}

let owner: { accountId: string; auth: Auth };
let other: { accountId: string; auth: Auth };
let uidSequence = 0x10;
/** A UID no other test of this file uses: 04 (NXP), then six bytes. */
const newUid = () => `04A1B2C3D4E5${(uidSequence++).toString(16).toUpperCase().padStart(2, '0')}`;

beforeAll(async () => {
  owner = await context.createAccountWithKey({ name: 'Watch Maker' });
  other = await context.createAccountWithKey({ name: 'Other Dealer' });
});

const newAsset = (auth: Auth = owner.auth) =>
  createAssetViaApi(context.app, auth, 'watches', { title: 'Speedmaster', brand: 'Omega' });

const bind = (asset: CreatedAsset, body: unknown, headers: Record<string, string> = owner.auth) =>
  context.app.inject({
    method: 'POST',
    url: `/api/v1/assets/watches/${asset.id}/tags`,
    headers,
    payload: body as Record<string, unknown>,
  });
const unbind = (asset: CreatedAsset, tagId: string, body: unknown, auth: Auth = owner.auth) =>
  context.app.inject({
    method: 'POST',
    url: `/api/v1/assets/watches/${asset.id}/tags/${tagId}/unbind`,
    headers: auth,
    payload: body as Record<string, unknown>,
  });
const tagsOf = (asset: CreatedAsset, auth: Auth = owner.auth) =>
  context.app.inject({ method: 'GET', url: `/api/v1/assets/watches/${asset.id}/tags`, headers: auth });
const eventsOf = async (asset: CreatedAsset) => listEvents(context.db, asset.id);
const sha256 = (uid: string) => createHash('sha256').update(Buffer.from(uid, 'hex')).digest('hex');

describe('binding a tag (docs/tags.md, "Binding a tag")', () => {
  it("answers 201 with the tag, its two keys and the NDEF template; the history names the UID's hash, never a key", async () => {
    const asset = await newAsset();
    const uid = newUid();
    const response = await bind(asset, { uid });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json<Bound>();
    expect(body.tag).toEqual({
      id: expect.any(String),
      uid,
      planet: 'watches',
      asset_id: asset.id,
      status: 'active',
      tamper: false,
      key_version: 1,
      bound_at: expect.any(String),
      last_counter: null,
      last_tapped_at: null,
      unbound_at: null,
      unbind_reason: null,
    });
    const { provisioning } = body;
    expect(provisioning.url_template).toBe(
      `${PUBLIC_URL}/t?picc_data=${'0'.repeat(32)}&cmac=${'0'.repeat(16)}`,
    );
    expect(provisioning.offsets).toEqual({ picc_data: 35, mac_input: 73, mac: 73 });
    // The keys are the version's meta read key and this UID's own file read key (AN10922).
    const [keys] = await tagKeysByVersion(context.db, undefined);
    expect(provisioning.sdm_meta_read_key).toBe(keys!.metaReadKey.toString('hex').toUpperCase());
    expect(provisioning.sdm_file_read_key).toBe(
      tagFileReadKey(keys!, Buffer.from(uid, 'hex')).toString('hex').toUpperCase(),
    );
    expect(provisioning.sdm_meta_read_key).not.toBe(provisioning.sdm_file_read_key);

    const events = await eventsOf(asset);
    expect(events.map((event) => event.event_type)).toEqual(['CREATED', 'TAG_BOUND']);
    expect(events[1]!.payload).toEqual({
      source: 'api',
      api_key_id: expect.any(String),
      tag_id: body.tag.id,
      uid_sha256: sha256(uid),
      tamper: false,
      key_version: 1,
    });
    const history = JSON.stringify(events).toUpperCase();
    for (const secret of [uid, provisioning.sdm_meta_read_key, provisioning.sdm_file_read_key])
      expect(history).not.toContain(secret);
  });

  it('gives each tag its own file read key, and a lower-case UID is the same tag, stored upper-case', async () => {
    const first = (await bind(await newAsset(), { uid: newUid().toLowerCase() })).json<Bound>();
    const second = (await bind(await newAsset(), { uid: newUid() })).json<Bound>();
    expect(first.tag.uid).toMatch(/^[0-9A-F]{14}$/);
    expect(first.provisioning.sdm_meta_read_key).toBe(second.provisioning.sdm_meta_read_key);
    expect(first.provisioning.sdm_file_read_key).not.toBe(second.provisioning.sdm_file_read_key);
    const again = await bind(await newAsset(), { uid: first.tag.uid.toLowerCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('tag_already_bound');
  });

  it('shows the keys once: a replay with the same Idempotency-Key answers them masked', async () => {
    const asset = await newAsset();
    const headers = { ...owner.auth, 'idempotency-key': `bind-${asset.id}` };
    const body = { uid: newUid() };
    const first = await bind(asset, body, headers);
    expect(first.statusCode).toBe(201);
    const replay = await bind(asset, body, headers);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const shown = first.json<Bound>();
    expect(replay.json()).toEqual({
      ...shown,
      provisioning: {
        ...shown.provisioning,
        sdm_meta_read_key: '*'.repeat(32),
        sdm_file_read_key: '*'.repeat(32),
      },
    });
  });

  it('with tamper, the template carries the encrypted file data and the MAC input starts there', async () => {
    const response = await bind(await newAsset(), { uid: newUid(), tamper: true });
    expect(response.statusCode).toBe(201);
    const { tag, provisioning } = response.json<Bound>();
    expect(tag.tamper).toBe(true);
    expect(provisioning.url_template).toBe(
      `${PUBLIC_URL}/t?picc_data=${'0'.repeat(32)}&enc=${'0'.repeat(32)}&cmac=${'0'.repeat(16)}`,
    );
    expect(provisioning.offsets).toEqual({ picc_data: 35, enc: 72, mac_input: 72, mac: 110 });
  });

  it('one active tag per asset, and a UID on one asset only: 409 tag_already_bound', async () => {
    const asset = await newAsset();
    const bound = (await bind(asset, { uid: newUid() })).json<Bound>();
    const second = await bind(asset, { uid: newUid() });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'tag_already_bound' });
    expect(second.json().error).toContain(bound.tag.id);
    const elsewhere = await bind(await newAsset(), { uid: bound.tag.uid });
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().error).toMatch(/another asset/);
    expect((await eventsOf(asset)).filter((event) => event.event_type === 'TAG_BOUND')).toHaveLength(1);
  });

  it('unbinds with a reason kept off the history, keeps the last counter, and binds the same tag again to its own asset only', async () => {
    const asset = await newAsset();
    const bound = (await bind(asset, { uid: newUid() })).json<Bound>();
    await context.db.query('UPDATE tags SET last_counter = 41 WHERE id = $1', [bound.tag.id]);
    const reason = 'Strap replaced; the tag went with the old strap.';
    const response = await unbind(asset, bound.tag.id, { reason });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().tag).toMatchObject({
      id: bound.tag.id,
      status: 'unbound',
      last_counter: 41,
      unbound_at: expect.any(String),
      unbind_reason: reason,
    });
    const events = await eventsOf(asset);
    expect(events.at(-1)).toMatchObject({
      event_type: 'TAG_UNBOUND',
      payload: { source: 'api', tag_id: bound.tag.id, uid_sha256: sha256(bound.tag.uid) },
    });
    expect(JSON.stringify(events)).not.toContain('Strap');
    expect((await unbind(asset, bound.tag.id, { reason })).json().code).toBe('invalid_state');

    expect((await bind(await newAsset(), { uid: bound.tag.uid })).statusCode).toBe(409);
    const again = await bind(asset, { uid: bound.tag.uid });
    expect(again.statusCode).toBe(201);
    const rebound = again.json<Bound>();
    expect(rebound.tag).toMatchObject({ id: bound.tag.id, status: 'active', last_counter: 41 });
    expect(rebound.provisioning.sdm_file_read_key).toBe(bound.provisioning.sdm_file_read_key);
    expect((await tagsOf(asset)).json()).toEqual({ data: [rebound.tag] });
  });

  it('keeps a tag on the key version it was bound with: a rotation serves new bindings only', async () => {
    const before = (await bind(await newAsset(), { uid: newUid() })).json<Bound>();
    const version = await rotateTagKeys(context.db, undefined);
    const after = (await bind(await newAsset(), { uid: newUid() })).json<Bound>();
    expect(after.tag.key_version).toBe(version);
    expect(after.provisioning.sdm_meta_read_key).not.toBe(before.provisioning.sdm_meta_read_key);
    const asset = await newAsset();
    const old = (await bind(asset, { uid: newUid() })).json<Bound>();
    expect(old.tag.key_version).toBe(version);
    await unbind(asset, old.tag.id, { reason: 'test' });
    // Bound again: the version the chip holds the keys of, not the newest.
    await rotateTagKeys(context.db, undefined);
    const rebound = (await bind(asset, { uid: old.tag.uid })).json<Bound>();
    expect(rebound.tag.key_version).toBe(version);
    expect(rebound.provisioning.sdm_file_read_key).toBe(old.provisioning.sdm_file_read_key);
  });

  it('lists an asset’s tags for its owner only, the active one first', async () => {
    const asset = await newAsset();
    const first = (await bind(asset, { uid: newUid() })).json<Bound>();
    await unbind(asset, first.tag.id, { reason: 'replaced' });
    const second = (await bind(asset, { uid: newUid() })).json<Bound>();
    const listed = await tagsOf(asset);
    expect(listed.statusCode).toBe(200);
    const ids = listed.json<{ data: { id: string }[] }>().data.map((tag) => tag.id);
    expect(ids).toEqual([second.tag.id, first.tag.id]);
    expect(JSON.stringify(listed.json())).not.toContain(second.provisioning.sdm_file_read_key);
    expect((await tagsOf(asset, other.auth)).json().code).toBe('asset_not_found');
  });
});

describe('binding a tag: refusals', () => {
  it('400 for a UID that is not 14 hex digits, a field it does not know, or an unbinding without a reason', async () => {
    const asset = await newAsset();
    for (const body of [
      {},
      { uid: '04DE5F1EACC0' },
      { uid: '04DE5F1EACC04G' },
      { uid: newUid(), extra: 1 },
    ]) {
      const response = await bind(asset, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().code).toBe('validation_failed');
    }
    const bound = (await bind(asset, { uid: newUid() })).json<Bound>();
    for (const body of [{}, { reason: '' }, { reason: '   ' }]) {
      const response = await unbind(asset, bound.tag.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().code).toBe('validation_failed');
    }
  });

  it("404 for another account's asset (bind, unbind, list, taps) and for a tag that is not the asset's", async () => {
    const asset = await newAsset();
    const bound = (await bind(asset, { uid: newUid() })).json<Bound>();
    const theirs = await bind(asset, { uid: newUid() }, other.auth);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().code).toBe('asset_not_found');
    expect((await unbind(asset, bound.tag.id, { reason: 'x' }, other.auth)).json().code).toBe(
      'asset_not_found',
    );
    const taps = await context.app.inject({
      method: 'GET',
      url: `/api/v1/assets/watches/${asset.id}/taps`,
      headers: other.auth,
    });
    expect(taps.statusCode).toBe(404);
    const otherAsset = await newAsset();
    for (const tagId of [bound.tag.id, '6b1d7c2e-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const response = await unbind(otherAsset, tagId, { reason: 'x' });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('tag_not_found');
    }
  });

  it('409 invalid_state on an archived asset', async () => {
    const asset = await newAsset();
    await context.app.inject({
      method: 'POST',
      url: `/api/v1/assets/watches/${asset.id}/archive`,
      headers: owner.auth,
    });
    const response = await bind(asset, { uid: newUid() });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('invalid_state');
  });

  it('refuses no key, a bad, revoked or expired key and a key of another planet', async () => {
    const asset = await newAsset();
    const cases = await securityCases(context, { planet: 'watches', otherPlanet: 'artworks' });
    await expectSecurityRefusals(context, cases, {
      method: 'POST',
      url: `/api/v1/assets/watches/${asset.id}/tags`,
      payload: { uid: newUid() },
    });
    await expectSecurityRefusals(context, cases, {
      method: 'GET',
      url: `/api/v1/assets/watches/${asset.id}/taps`,
    });
  });
});

describe('who binds (docs/tags.md, "Who binds")', () => {
  const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };

  it('an administrator binds and unbinds any asset over /admin/api; the history names the administrator', async () => {
    const asset = await newAsset();
    const response = await context.app.inject({
      method: 'POST',
      url: `/admin/api/assets/watches/${asset.id}/tags`,
      headers: admin,
      payload: { uid: newUid() },
    });
    expect(response.statusCode, response.body).toBe(201);
    const bound = response.json<Bound>();
    expect(bound.provisioning.sdm_file_read_key).toMatch(/^[0-9A-F]{32}$/);
    const unbound = await context.app.inject({
      method: 'POST',
      url: `/admin/api/assets/watches/${asset.id}/tags/${bound.tag.id}/unbind`,
      headers: admin,
      payload: { reason: 'Returned to the maker' },
    });
    expect(unbound.statusCode, unbound.body).toBe(200);
    const events = await eventsOf(asset);
    expect(events.slice(-2).map((event) => [event.event_type, event.payload.source])).toEqual([
      ['TAG_BOUND', 'admin'],
      ['TAG_UNBOUND', 'admin'],
    ]);
  });

  it('a console member binds only as an owner: an editor is refused (forbidden_role)', async () => {
    const asset = await newAsset();
    const member = (role: 'owner' | 'editor', memberId: string): MemberPrincipal => ({
      accountId: owner.accountId,
      planetScope: [],
      memberId,
      role,
    });
    const settings = { masterKey: undefined, publicBaseUrl: PUBLIC_URL };
    const target = { planet: 'watches' as const, assetId: asset.id };
    const editor = member('editor', await insertMember(context.db, owner.accountId, 'editor'));
    await expect(
      context.db.transaction((tx) => bindTag(tx, { principal: editor }, settings, target, { uid: newUid() })),
    ).rejects.toMatchObject({ code: 'forbidden_role' });
    const ownerMember = member('owner', await insertMember(context.db, owner.accountId, 'owner'));
    const bound = await context.db.transaction((tx) =>
      bindTag(tx, { principal: ownerMember }, settings, target, { uid: newUid() }),
    );
    expect(bound.tag.status).toBe('active');
    expect((await eventsOf(asset)).at(-1)!.payload).toMatchObject({
      source: 'console',
      member_id: ownerMember.memberId,
    });
  });
});

describe('/verify tells whether a tag is bound (facts never change verified)', () => {
  it('answers facts.tag_bound: false, true while a tag is active, false once it is unbound', async () => {
    const asset = await newAsset();
    await issueCertificateForTest(context.db, asset);
    const facts = async () => {
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/v1/verify',
        headers: other.auth,
        payload: { certificate_number: asset.certificate_number },
      });
      expect(response.statusCode).toBe(200);
      const { verified, facts } = response.json<{ verified: boolean; facts: { tag_bound: boolean } }>();
      expect(verified).toBe(true);
      return facts;
    };
    expect(await facts()).toMatchObject({ tag_bound: false });
    const bound = (await bind(asset, { uid: newUid() })).json<Bound>();
    expect(await facts()).toMatchObject({ tag_bound: true });
    await unbind(asset, bound.tag.id, { reason: 'lost' });
    expect(await facts()).toMatchObject({ tag_bound: false });
  });
});
