import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createAccount } from '../../src/modules/accounts/accounts.service.js';
import { recordAudit } from '../../src/modules/audit/audit.service.js';
import { createApiKey, findApiKey } from '../../src/modules/keys/keys.service.js';
import { listMembers } from '../../src/modules/members/members.service.js';
import { form, FORM } from '../admin/admin-helpers.js';
import { useTestContext } from '../helpers/test-app.js';
import {
  accept,
  cookieOf,
  csrfOf,
  invite,
  joinedMember,
  MEMBER_PASSWORD,
  proveAddress,
  signIn,
} from '../members/member-helpers.js';

const context = useTestContext();
let counter = 0;
const email = () => `person${++counter}-${randomUUID().slice(0, 8)}@example.com`;
const newAccount = async (name = `Gallery ${++counter}`) => (await createAccount(context.db, { name })).id;
const get = (url: string, cookie: string) => context.app.inject({ method: 'GET', url, headers: { cookie } });
const post = (url: string, cookie: string, fields: Record<string, string | string[]>) =>
  context.app.inject({ method: 'POST', url, headers: { ...FORM, cookie }, payload: form(fields) });

async function auditRows(accountId: string) {
  const { rows } = await context.db.query<{ action: string; actor_member_id: string | null }>(
    'SELECT action, actor_member_id FROM account_audit_log WHERE account_id = $1 ORDER BY created_at, id',
    [accountId],
  );
  return rows;
}

describe('/console/members', () => {
  it('lists members and pending invitations; an invitation’s link is shown once, on the answer only', async () => {
    const accountId = await newAccount();
    const ownerEmail = email();
    const owner = await joinedMember(context.app, context.db, accountId, ownerEmail);
    const invitee = email();
    const created = await post('/console/members', owner.cookie, {
      _csrf: owner.csrf,
      email: invitee,
      role: 'editor',
      display_name: 'Ada Editor',
    });
    expect(created.statusCode).toBe(201);
    const link = /<code id="invitation-link">http:\/\/[^<]+\/console\/invitations\/([^<]+)<\/code>/.exec(
      created.body,
    );
    expect(link).not.toBeNull();
    const token = link![1]!;
    // Never stored in clear: not in the session's notice, nor on the next page.
    const { rows } = await context.db.query<{ flash: unknown }>('SELECT flash FROM member_sessions');
    expect(JSON.stringify(rows)).not.toContain(token);
    const page = await get('/console/members', owner.cookie);
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain(token);
    expect(page.body).toContain(ownerEmail);
    expect(page.body).toContain('Ada Editor');
    expect(page.body).toMatch(
      /<h2 id="invitations-heading">Pending invitations<\/h2>[\s\S]*?<th scope="col">/,
    );
    expect(page.body).toContain(invitee);
    expect((await accept(context.app, token)).statusCode).toBe(303);
    expect(await auditRows(accountId)).toContainEqual({
      action: 'member.invited',
      actor_member_id: owner.memberId,
    });
  });

  it('refuses a bad invitation on the page, keeping what was typed', async () => {
    const owner = await joinedMember(context.app, context.db, await newAccount(), email());
    const refused = await post('/console/members', owner.cookie, {
      _csrf: owner.csrf,
      email: 'not an address',
      role: 'editor',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('role="alert"');
    expect(refused.body).toContain('value="not an address"');
  });

  it('changes a role, shows 409 last_owner as a page message, disables, enables and revokes invitations', async () => {
    const accountId = await newAccount();
    const owner = await joinedMember(context.app, context.db, accountId, email());
    const editor = await joinedMember(context.app, context.db, accountId, email(), 'editor');

    const lastOwner = await post(`/console/members/${owner.memberId}/role`, owner.cookie, {
      _csrf: owner.csrf,
      role: 'viewer',
    });
    expect(lastOwner.statusCode).toBe(409);
    expect(lastOwner.body).toContain('An account keeps at least one active owner');
    expect(lastOwner.body).toContain('<h1>Members</h1>');

    const demoted = await post(`/console/members/${editor.memberId}/role`, owner.cookie, {
      _csrf: owner.csrf,
      role: 'viewer',
    });
    expect(demoted.statusCode).toBe(303);
    expect((await get('/console/members', owner.cookie)).body).toContain('Role changed.');

    const disabled = await post(`/console/members/${editor.memberId}/disable`, owner.cookie, {
      _csrf: owner.csrf,
    });
    expect(disabled.statusCode).toBe(303);
    expect((await get('/console', editor.cookie)).statusCode).toBe(303);
    const enabled = await post(`/console/members/${editor.memberId}/enable`, owner.cookie, {
      _csrf: owner.csrf,
    });
    expect(enabled.statusCode).toBe(303);
    const members = await listMembers(context.db, accountId, { admin: true });
    expect(members.find((member) => member.id === editor.memberId)).toMatchObject({
      role: 'viewer',
      status: 'active',
    });

    const pending = await invite(context.db, accountId, email(), 'viewer');
    const revoked = await post(`/console/members/invitations/${pending.invitation.id}/revoke`, owner.cookie, {
      _csrf: owner.csrf,
    });
    expect(revoked.statusCode).toBe(303);
    expect((await accept(context.app, pending.token)).statusCode).toBe(410);

    expect(
      (await auditRows(accountId)).filter(
        (row) => row.actor_member_id === owner.memberId && row.action !== 'member.joined',
      ),
    ).toEqual([
      { action: 'member.role_changed', actor_member_id: owner.memberId },
      { action: 'member.disabled', actor_member_id: owner.memberId },
      { action: 'member.enabled', actor_member_id: owner.memberId },
      { action: 'invitation.revoked', actor_member_id: owner.memberId },
    ]);
    const unknown = await post(`/console/members/${randomUUID()}/role`, owner.cookie, {
      _csrf: owner.csrf,
      role: 'viewer',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('does not revoke keys silently: disabling a member who made keys asks first, then revokes only what was chosen', async () => {
    const accountId = await newAccount();
    const owner = await joinedMember(context.app, context.db, accountId, email());
    const second = await joinedMember(context.app, context.db, accountId, email());
    const actor = { memberId: second.memberId, accountId };
    const keep = await createApiKey(context.db, { accountId, actor, name: 'Keep me' });
    const drop = await createApiKey(context.db, { accountId, actor, name: 'Drop me' });

    const asked = await post(`/console/members/${second.memberId}/disable`, owner.cookie, {
      _csrf: owner.csrf,
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain('Keep me');
    expect(asked.body).toContain('Drop me');
    expect(asked.body).toContain(`name="revoke" value="${drop.id}"`);
    // Nothing happened yet.
    expect((await get('/console', second.cookie)).statusCode).toBe(200);

    const done = await post(`/console/members/${second.memberId}/disable`, owner.cookie, {
      _csrf: owner.csrf,
      keys_decided: 'yes',
      revoke: drop.id,
    });
    expect(done.statusCode).toBe(303);
    expect((await get('/console/members', owner.cookie)).body).toContain('1 key revoked');
    expect((await findApiKey(context.db, drop.id))?.status).toBe('revoked');
    expect((await findApiKey(context.db, keep.id))?.status).toBe('active');
    expect((await get('/console', second.cookie)).statusCode).toBe(303);
    expect((await auditRows(accountId)).slice(-2)).toEqual([
      { action: 'member.disabled', actor_member_id: owner.memberId },
      { action: 'api_key.revoked', actor_member_id: owner.memberId },
    ]);
  });

  it('"revoke them all" revokes every active key of the member; "keep" revokes none', async () => {
    const accountId = await newAccount();
    const owner = await joinedMember(context.app, context.db, accountId, email());
    const first = await joinedMember(context.app, context.db, accountId, email());
    const second = await joinedMember(context.app, context.db, accountId, email());
    const keysOf = async (memberId: string) =>
      Promise.all([1, 2].map(() => createApiKey(context.db, { accountId, actor: { memberId, accountId } })));
    const firstKeys = await keysOf(first.memberId);
    const secondKeys = await keysOf(second.memberId);
    await post(`/console/members/${first.memberId}/disable`, owner.cookie, {
      _csrf: owner.csrf,
      keys_decided: 'yes',
      revoke_all: 'yes',
    });
    await post(`/console/members/${second.memberId}/disable`, owner.cookie, {
      _csrf: owner.csrf,
      keys_decided: 'yes',
      keep_all: 'yes',
      revoke: secondKeys[0]!.id,
    });
    for (const key of firstKeys) expect((await findApiKey(context.db, key.id))?.status).toBe('revoked');
    for (const key of secondKeys) expect((await findApiKey(context.db, key.id))?.status).toBe('active');
    const members = await listMembers(context.db, accountId, { admin: true });
    expect(members.filter((member) => member.status === 'disabled')).toHaveLength(2);
  });
});

describe('/console/keys', () => {
  it('creates a key as the member (secret shown once, created_by recorded, audited), lists and revokes it', async () => {
    const accountId = await newAccount();
    const ownerEmail = email();
    const owner = await joinedMember(context.app, context.db, accountId, ownerEmail);
    const created = await post('/console/keys', owner.cookie, {
      _csrf: owner.csrf,
      name: 'Website',
      scope: 'chosen',
      planets: ['artworks'],
      expires_at: '2099-01-01T00:00',
    });
    expect(created.statusCode).toBe(201);
    const secret = /<output id="new-api-key"[^>]*>(pk_svc_[A-Za-z0-9_-]+)<\/output>/.exec(created.body)?.[1];
    expect(secret).toBeDefined();
    const { rows } = await context.db.query<{
      id: string;
      created_by_member_id: string;
      planet_scope: string[];
    }>('SELECT id, created_by_member_id, planet_scope FROM api_keys WHERE account_id = $1', [accountId]);
    expect(rows).toEqual([
      { id: rows[0]!.id, created_by_member_id: owner.memberId, planet_scope: ['artworks'] },
    ]);
    const keyId = rows[0]!.id;
    // The key works, and the list shows it without its secret, made by the member.
    const api = await context.app.inject({
      method: 'GET',
      url: '/api/v1/audit',
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(api.statusCode).toBe(200);
    const list = await get('/console/keys', owner.cookie);
    expect(list.body).not.toContain(secret);
    expect(list.body).toContain('Website');
    expect(list.body).toMatch(new RegExp(`<td data-label="Created by">${ownerEmail}</td>`));
    expect(list.body).toContain('2099-01-01');

    const confirm = await get(`/console/keys/${keyId}/revoke`, owner.cookie);
    expect(confirm.statusCode).toBe(200);
    const revoked = await post(`/console/keys/${keyId}/revoke`, owner.cookie, { _csrf: owner.csrf });
    expect(revoked.statusCode).toBe(303);
    expect((await findApiKey(context.db, keyId))?.status).toBe('revoked');
    expect(await auditRows(accountId)).toEqual(
      expect.arrayContaining([
        { action: 'api_key.created', actor_member_id: owner.memberId },
        { action: 'api_key.revoked', actor_member_id: owner.memberId },
      ]),
    );
  });

  it('refuses a form it cannot take on the page (no planet chosen, an expiry in the past)', async () => {
    const owner = await joinedMember(context.app, context.db, await newAccount(), email());
    const forms: Record<string, string>[] = [{ scope: 'chosen' }, { expires_at: '2001-01-01T00:00' }];
    for (const fields of forms) {
      const refused = await post('/console/keys', owner.cookie, {
        _csrf: owner.csrf,
        name: 'Nope',
        ...fields,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain('role="alert"');
      expect(refused.body).toContain('value="Nope"');
    }
  });
});

describe('/console/audit', () => {
  it('shows the account’s log newest first, naming members by e-mail, keys by prefix and the operator', async () => {
    const accountId = await newAccount();
    const ownerEmail = email();
    const owner = await joinedMember(context.app, context.db, accountId, ownerEmail);
    const key = await createApiKey(context.db, { accountId, actor: { admin: true }, name: 'Sync' });
    await recordAudit(context.db, {
      accountId,
      actor: { apiKeyId: key.id },
      action: 'password.changed',
      target: { api_key_id: key.id },
    });
    await createApiKey(context.db, {
      accountId,
      actor: { memberId: owner.memberId, accountId },
      name: 'Mine',
    });
    const page = await get('/console/audit', owner.cookie);
    expect(page.statusCode).toBe(200);
    const whos = [...page.body.matchAll(/<td data-label="Who">([\s\S]*?)<\/td>/g)].map((match) =>
      match[1]!.replace(/<[^>]+>/g, '').trim(),
    );
    const actions = [...page.body.matchAll(/<tr data-audit-id="[^"]+" data-action="([^"]+)">/g)].map(
      (m) => m[1],
    );
    expect(actions).toEqual([
      'api_key.created',
      'password.changed',
      'api_key.created',
      'member.joined',
      'member.invited',
    ]);
    // Each action in words, not its stored name.
    const said = [...page.body.matchAll(/<td data-label="Action">([^<]+)<\/td>/g)].map((m) => m[1]);
    expect(said).toEqual([
      'API key created',
      'Password changed',
      'API key created',
      'Member joined',
      'Member invited',
    ]);
    expect(whos).toEqual([ownerEmail, `key ${key.prefix}…`, 'operator', ownerEmail, 'operator']);
  });

  it('pages by a cursor: the next link leads to the older entries', async () => {
    const accountId = await newAccount();
    const owner = await joinedMember(context.app, context.db, accountId, email());
    for (const name of ['One', 'Two', 'Three']) {
      await createApiKey(context.db, { accountId, actor: { admin: true }, name });
    }
    const seen: string[] = [];
    let url: string | undefined = '/console/audit?limit=2';
    while (url) {
      const page = await get(url, owner.cookie);
      expect(page.statusCode).toBe(200);
      seen.push(...[...page.body.matchAll(/data-audit-id="([^"]+)"/g)].map((match) => match[1]!));
      url = /<a href="([^"]+)" rel="next">/.exec(page.body)?.[1]?.replace(/&amp;/g, '&');
    }
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
    expect((await get('/console/audit?cursor=not-a-cursor', owner.cookie)).statusCode).toBe(400);
  });
});

describe('one person, owner in two accounts', () => {
  it('sees each account’s members, keys and audit log only under that membership', async () => {
    const address = email();
    const north = await newAccount('North Gallery');
    const south = await newAccount('South Dealer');
    const northPeer = email();
    const southPeer = email();
    await joinedMember(context.app, context.db, north, address);
    // One person in two accounts: only once the address is proven (docs/members.md).
    await proveAddress(context.db, address);
    await invite(context.db, north, northPeer, 'viewer');
    const { token } = await invite(context.db, south, address, 'owner');
    expect((await accept(context.app, token, MEMBER_PASSWORD, { again: null })).statusCode).toBe(303);
    await invite(context.db, south, southPeer, 'viewer');
    const northKey = await createApiKey(context.db, {
      accountId: north,
      actor: { admin: true },
      name: 'North key',
    });
    const southKey = await createApiKey(context.db, {
      accountId: south,
      actor: { admin: true },
      name: 'South key',
    });

    const cookie = cookieOf(await signIn(context.app, address));
    const csrf = await csrfOf(context.app, cookie);
    const pages = async () => ({
      members: (await get('/console/members', cookie)).body,
      keys: (await get('/console/keys', cookie)).body,
      audit: (await get('/console/audit', cookie)).body,
    });
    const expectOnly = (seen: Awaited<ReturnType<typeof pages>>, own: string[], other: string[]) => {
      for (const text of own) expect(Object.values(seen).join('')).toContain(text);
      for (const text of other) {
        expect(seen.members).not.toContain(text);
        expect(seen.keys).not.toContain(text);
        expect(seen.audit).not.toContain(text);
      }
    };
    // The session opens in South, where the invitation was accepted last.
    const inSouth = await pages();
    expectOnly(inSouth, [southPeer, 'South key', southKey.prefix], [northPeer, 'North key', northKey.prefix]);
    // Another account's key is not found from here, and stays active.
    expect((await get(`/console/keys/${northKey.id}/revoke`, cookie)).statusCode).toBe(404);
    expect((await post(`/console/keys/${northKey.id}/revoke`, cookie, { _csrf: csrf })).statusCode).toBe(404);
    expect((await findApiKey(context.db, northKey.id))?.status).toBe('active');

    expect((await post('/console/switch', cookie, { _csrf: csrf, account_id: north })).statusCode).toBe(303);
    const inNorth = await pages();
    expectOnly(inNorth, [northPeer, 'North key', northKey.prefix], [southPeer, 'South key', southKey.prefix]);
  });
});

describe('the console navigation', () => {
  it('shows the owner’s pages to owners only', async () => {
    const accountId = await newAccount();
    const owner = await joinedMember(context.app, context.db, accountId, email());
    const viewer = await joinedMember(context.app, context.db, accountId, email(), 'viewer');
    const links = ['href="/console/members"', 'href="/console/keys"', 'href="/console/audit"'];
    const ownerHome = (await get('/console', owner.cookie)).body;
    const viewerHome = (await get('/console', viewer.cookie)).body;
    for (const link of links) {
      expect(ownerHome).toContain(link);
      expect(viewerHome).not.toContain(link);
    }
  });
});
