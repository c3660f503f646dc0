import { beforeAll, describe, expect, it } from 'vitest';
import { recordAudit } from '../../src/modules/audit/audit.service.js';
import {
  createApiKey,
  listKeysCreatedBy,
  revokeApiKey,
  type ApiKey,
  type CreatedApiKey,
} from '../../src/modules/keys/keys.service.js';
import { createAdmin, form, FORM, logIn } from '../admin/admin-helpers.js';
import { runAvsInProcess } from '../helpers/cli-in-process.js';
import { insertMember } from '../helpers/member-factory.js';
import { useTestContext, type TestContext } from '../helpers/test-app.js';

const ADMIN_TOKEN = 'audit-admin-token-for-the-tests-42';
const context = useTestContext({ config: { AVS_ADMIN_TOKEN: ADMIN_TOKEN } });
const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
const ADMIN_ACTOR = { admin: true } as const;
// Entries are ordered by their millisecond: the moves a test orders are a few milliseconds apart.
const tick = () => new Promise((resolve) => setTimeout(resolve, 3));

type Owner = Awaited<ReturnType<TestContext['createAccountWithKey']>>;
interface Entry {
  id: string;
  at: string;
  actor: Record<string, unknown>;
  action: string;
  target: Record<string, unknown>;
}
interface AuditPage {
  data: Entry[];
  has_more: boolean;
  next_cursor: string | null;
}

const audit = (owner: { auth: { authorization: string } }, query = '') =>
  context.app.inject({ method: 'GET', url: `/api/v1/audit${query}`, headers: owner.auth });

async function allEntries(owner: Owner): Promise<Entry[]> {
  const response = await audit(owner, '?limit=100');
  expect(response.statusCode).toBe(200);
  return response.json<AuditPage>().data;
}

describe('GET /api/v1/audit', () => {
  let owner: Owner;
  let memberId: string;
  let memberKey: CreatedApiKey;

  beforeAll(async () => {
    owner = await context.createAccountWithKey({ name: 'Audited Gallery' });
    memberId = await insertMember(context.db, owner.accountId);
    const revoked = await createApiKey(context.db, {
      actor: ADMIN_ACTOR,
      accountId: owner.accountId,
      name: 'Old sync',
    });
    await tick();
    await revokeApiKey(context.db, revoked.id, { actor: ADMIN_ACTOR });
    await tick();
    memberKey = await createApiKey(context.db, {
      actor: { memberId, accountId: owner.accountId },
      accountId: owner.accountId,
      name: 'Made by a member',
    });
    await tick();
    await context.db.transaction((tx) =>
      recordAudit(tx, {
        accountId: owner.accountId,
        actor: { apiKeyId: owner.apiKey.id },
        action: 'member.invited',
        target: { member_id: memberId },
      }),
    );
  });

  it('answers {id, at, actor, action, target} newest first, actor exactly one of member, key or admin', async () => {
    const entries = await allEntries(owner);
    expect(entries).toHaveLength(5);
    for (const entry of entries) {
      expect(Object.keys(entry).sort()).toEqual(['action', 'actor', 'at', 'id', 'target']);
      expect(Object.keys(entry.actor)).toHaveLength(1);
    }
    const at = entries.map((entry) => Date.parse(entry.at));
    expect(at).toEqual([...at].sort((a, b) => b - a));
    const keyId = (entry: Entry) => entry.target.api_key_id;
    const ofKey = (id: string) => entries.filter((entry) => keyId(entry) === id);
    expect(ofKey(owner.apiKey.id)).toEqual([
      {
        id: expect.any(String),
        at: expect.any(String),
        actor: { admin: true },
        action: 'api_key.created',
        target: { api_key_id: owner.apiKey.id, name: 'test key' },
      },
    ]);
    expect(entries.filter((entry) => entry.target.name === 'Old sync').map((entry) => entry.action)).toEqual([
      'api_key.revoked',
      'api_key.created',
    ]);
    expect(ofKey(memberKey.id)).toMatchObject([
      { actor: { member_id: memberId }, action: 'api_key.created' },
    ]);
    expect(entries[0]).toMatchObject({
      actor: { api_key_id: owner.apiKey.id },
      action: 'member.invited',
      target: { member_id: memberId },
    });
  });

  it('never names a secret: the key itself is in no entry', async () => {
    const body = (await audit(owner, '?limit=100')).body;
    expect(body).not.toContain(memberKey.key);
    expect(body).not.toContain('pk_svc_');
  });

  it('pages by keyset: limit and next_cursor walk every entry once, in order', async () => {
    const all = await allEntries(owner);
    const seen: Entry[] = [];
    let query = '?limit=2';
    for (;;) {
      const response = await audit(owner, query);
      expect(response.statusCode).toBe(200);
      const page = response.json<AuditPage>();
      expect(page.data.length).toBeLessThanOrEqual(2);
      seen.push(...page.data);
      if (!page.has_more) {
        expect(page.next_cursor).toBeNull();
        break;
      }
      query = `?limit=2&cursor=${encodeURIComponent(page.next_cursor!)}`;
    }
    expect(seen).toEqual(all);
  });

  it("is the account's: another account's key sees only its own entries, and cannot use this account's cursor", async () => {
    const other = await context.createAccountWithKey({ name: 'Other Gallery' });
    const otherEntries = await allEntries(other);
    expect(otherEntries).toEqual([
      expect.objectContaining({
        action: 'api_key.created',
        target: { api_key_id: other.apiKey.id, name: 'test key' },
      }),
    ]);
    const ownIds = new Set((await allEntries(owner)).map((entry) => entry.id));
    expect(otherEntries.some((entry) => ownIds.has(entry.id))).toBe(false);

    const cursor = (await audit(owner, '?limit=1')).json<AuditPage>().next_cursor!;
    const foreign = await audit(other, `?cursor=${encodeURIComponent(cursor)}`);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ code: 'validation_failed' });
  });

  it("is read whole by a key scoped to one planet: the log is not a planet's", async () => {
    const scoped = await context.createApiKey(owner.accountId, { planetScope: ['watches'] });
    const response = await audit({ auth: { authorization: `Bearer ${scoped.key}` } }, '?limit=100');
    expect(response.statusCode).toBe(200);
    const ids = response.json<AuditPage>().data.map((entry) => entry.id);
    expect(ids).toEqual((await allEntries(owner)).map((entry) => entry.id));
  });

  it('refuses a limit outside 1–100 and a cursor it did not make with 400 validation_failed', async () => {
    for (const query of ['?limit=0', '?limit=101', '?cursor=not-a-cursor']) {
      const response = await audit(owner, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toMatchObject({ code: 'validation_failed' });
    }
  });
});

describe('keys made and revoked by the operator are audited, actor {admin: true}', () => {
  let owner: Owner;
  const entriesOfKey = async (id: string) =>
    (await allEntries(owner)).filter((entry) => entry.target.api_key_id === id);

  beforeAll(async () => {
    owner = await context.createAccountWithKey({ name: 'Operated Gallery' });
  });

  it('through /admin/api/keys', async () => {
    const created = await context.app.inject({
      method: 'POST',
      url: '/admin/api/keys',
      headers: admin,
      payload: { account_id: owner.accountId, name: 'From the admin API' },
    });
    expect(created.statusCode).toBe(201);
    const key = created.json<ApiKey>();
    expect(key.created_by_member_id).toBeNull();
    await tick();
    const revoked = await context.app.inject({
      method: 'POST',
      url: `/admin/api/keys/${key.id}/revoke`,
      headers: admin,
    });
    expect(revoked.statusCode).toBe(200);
    expect(
      (await entriesOfKey(key.id)).map(({ actor, action, target }) => ({ actor, action, target })),
    ).toEqual([
      {
        actor: { admin: true },
        action: 'api_key.revoked',
        target: { api_key_id: key.id, name: 'From the admin API' },
      },
      {
        actor: { admin: true },
        action: 'api_key.created',
        target: { api_key_id: key.id, name: 'From the admin API' },
      },
    ]);
  });

  it('through the admin pages', async () => {
    const session = await logIn(context.app, (await createAdmin(context.db)).email);
    const submit = (url: string, fields: Record<string, string>) =>
      context.app.inject({
        method: 'POST',
        url,
        headers: { ...FORM, cookie: session.cookie },
        payload: form({ _csrf: session.csrfToken, ...fields }),
      });
    const created = await submit('/admin/api-keys', {
      account_id: owner.accountId,
      name: 'From a page',
      scope: 'all',
    });
    expect(created.statusCode).toBe(201);
    const [key] = (await listKeysOf(owner.accountId)).filter((candidate) => candidate.name === 'From a page');
    await tick();
    expect((await submit(`/admin/api-keys/${key!.id}/revoke`, {})).statusCode).toBe(303);
    expect((await entriesOfKey(key!.id)).map((entry) => [entry.action, entry.actor])).toEqual([
      ['api_key.revoked', { admin: true }],
      ['api_key.created', { admin: true }],
    ]);
  });

  it('through the CLI (avs keys create / revoke)', async () => {
    const avs = (...args: string[]) => runAvsInProcess(args, { db: context.db });
    const created = await avs(
      'keys',
      'create',
      '--account',
      owner.accountId,
      '--name',
      'From the CLI',
      '--json',
    );
    expect(created.code, created.stderr).toBe(0);
    const { id } = JSON.parse(created.stdout) as { id: string };
    await tick();
    expect((await avs('keys', 'revoke', id, '--json')).code).toBe(0);
    expect((await entriesOfKey(id)).map((entry) => [entry.action, entry.actor])).toEqual([
      ['api_key.revoked', { admin: true }],
      ['api_key.created', { admin: true }],
    ]);
  });

  it('records a second revocation of the same key nowhere: it keeps the first time', async () => {
    const key = await createApiKey(context.db, {
      actor: ADMIN_ACTOR,
      accountId: owner.accountId,
      name: 'Twice',
    });
    await tick();
    const first = await revokeApiKey(context.db, key.id, { actor: ADMIN_ACTOR });
    const second = await revokeApiKey(context.db, key.id, { actor: ADMIN_ACTOR });
    expect(second.revoked_at).toBe(first.revoked_at);
    expect((await entriesOfKey(key.id)).map((entry) => entry.action)).toEqual([
      'api_key.revoked',
      'api_key.created',
    ]);
  });

  it('writes the key and its entry together: a refused create leaves neither', async () => {
    const before = await allEntries(owner);
    await expect(
      createApiKey(context.db, { actor: ADMIN_ACTOR, accountId: owner.accountId, planetScope: ['mars'] }),
    ).rejects.toMatchObject({ code: 'invalid_planet' });
    expect(await allEntries(owner)).toEqual(before);
  });
});

async function listKeysOf(accountId: string): Promise<ApiKey[]> {
  const response = await context.app.inject({
    method: 'GET',
    url: `/admin/api/keys?account_id=${accountId}`,
    headers: admin,
  });
  return response.json<{ data: ApiKey[] }>().data;
}

describe('keys belong to people: a member makes and revokes keys of its own account only', () => {
  let owner: Owner;
  let other: Owner;
  let memberId: string;

  beforeAll(async () => {
    owner = await context.createAccountWithKey({ name: 'Member Gallery' });
    other = await context.createAccountWithKey({ name: 'Elsewhere' });
    memberId = await insertMember(context.db, owner.accountId);
  });

  it("remembers who made a key, lists a member's keys, and audits both moves with actor {member_id}", async () => {
    const actor = { memberId, accountId: owner.accountId };
    const first = await createApiKey(context.db, { actor, accountId: owner.accountId, name: 'Shop' });
    await tick();
    const second = await createApiKey(context.db, { actor, accountId: owner.accountId });
    expect(first.created_by_member_id).toBe(memberId);
    const listed = await listKeysCreatedBy(context.db, owner.accountId, memberId);
    expect(listed.map((key) => key.id).sort()).toEqual([first.id, second.id].sort());
    expect(listed.every((key) => !('key' in key))).toBe(true);
    expect(await listKeysCreatedBy(context.db, other.accountId, memberId)).toEqual([]);
    expect((await listKeysOf(owner.accountId)).find((key) => key.id === first.id)?.created_by_member_id).toBe(
      memberId,
    );

    await tick();
    await revokeApiKey(context.db, first.id, { actor });
    const entries = (await allEntries(owner)).filter((entry) => 'member_id' in entry.actor);
    expect(entries.map(({ actor, action, target }) => ({ actor, action, target }))).toEqual([
      {
        actor: { member_id: memberId },
        action: 'api_key.revoked',
        target: { api_key_id: first.id, name: 'Shop' },
      },
      expect.objectContaining({ action: 'api_key.created' }),
      expect.objectContaining({ action: 'api_key.created' }),
    ]);
    expect(
      entries
        .map((entry) => entry.target.api_key_id)
        .slice(1)
        .sort(),
    ).toEqual([first.id, second.id].sort());
  });

  it("refuses a member another account's key (404, as one that does not exist) and a key for another account", async () => {
    const actor = { memberId, accountId: owner.accountId };
    await expect(revokeApiKey(context.db, other.apiKey.id, { actor })).rejects.toMatchObject({
      code: 'api_key_not_found',
    });
    await expect(createApiKey(context.db, { actor, accountId: other.accountId })).rejects.toMatchObject({
      code: 'account_not_found',
    });
    expect((await allEntries(other)).map((entry) => entry.action)).toEqual(['api_key.created']);
  });
});
